import { useId, useRef } from 'react';
import styles from './results.module.css';
import { type CellAt, type MoveKey, moveFrom } from './sheet-grid';
import { type SheetCells, savedTime } from './use-sheet-cells';

const MOVE_KEYS = new Set<string>(['Tab', 'Enter', 'ArrowUp', 'ArrowDown']);
const isMoveKey = (key: string): key is MoveKey => MOVE_KEYS.has(key);

/**
 * Focus between the sheet's cells. As a spreadsheet (`grid`): Tab right, Enter down. Stacked a
 * card a student (`cards`): Enter goes on to the next field as Tab does, the phone keyboard's
 * Next. A cell without an input (a final a student may not sit) is passed over. Leaving a cell
 * saves it (its blur); Enter on the last row saves where it stands.
 */
export function useCellFocus(cells: SheetCells, layout: 'grid' | 'cards') {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const name = (at: CellAt) => `${at.row}:${at.col}`;
  return {
    register: (at: CellAt) => (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name(at), input);
      else inputs.current.delete(name(at));
    },
    /** Moves focus for a key; true when it did (the key's own effect is then prevented). */
    move: (at: CellAt, key: MoveKey, shift: boolean) => {
      const as = layout === 'cards' && key === 'Enter' ? 'Tab' : key;
      for (
        let to = moveFrom(at, as, shift, cells.size);
        to;
        to = moveFrom(to, as, shift, cells.size)
      ) {
        const input = inputs.current.get(name(to));
        if (!input) continue;
        input.focus();
        input.select();
        return true;
      }
      if (key !== 'Enter') return false;
      cells.commit(at);
      return true;
    },
  };
}

/**
 * One typed cell: the score as typed, checked as it is typed (what is wrong shows beside it
 * and the cell is not sent), and what became of it once sent ('Saving...', 'Saved at 10:42 AM',
 * or why not), tied to the input for screen readers. In a spreadsheet the label is the
 * input's name only (`aria-label`: the column and the row say it to the eye).
 */
export function ScoreInput({
  cells,
  at,
  label,
  isLabelShown,
  focus,
}: {
  cells: SheetCells;
  at: CellAt;
  label: string;
  isLabelShown: boolean;
  focus: ReturnType<typeof useCellFocus>;
}) {
  const id = useId();
  const problem = cells.problemOf(at);
  const note = cells.noteOf(at);
  const isWrong = problem !== null || note?.kind === 'failed';
  return (
    <div className={styles.score}>
      {isLabelShown && (
        <label className={styles.scoreLabel} htmlFor={id}>
          {label}
        </label>
      )}
      <input
        id={id}
        ref={focus.register(at)}
        className={`${styles.scoreInput} ${isWrong ? styles.wrong : ''}`}
        value={cells.textOf(at)}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="next"
        aria-label={isLabelShown ? undefined : label}
        aria-invalid={problem !== null || undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => cells.type(at, e.target.value)}
        onBlur={() => cells.commit(at)}
        onKeyDown={(e) => {
          // Escape cancels the edit (issue 49, point 10): the cell shows its score again.
          if (e.key === 'Escape' && cells.isDraft(at)) {
            e.preventDefault();
            cells.cancel(at);
            return;
          }
          if (isMoveKey(e.key) && focus.move(at, e.key, e.shiftKey)) e.preventDefault();
        }}
        onPaste={(e) => {
          if (cells.paste(at, e.clipboardData.getData('text/plain'))) e.preventDefault();
        }}
      />
      <span id={`${id}-note`} className={isWrong ? styles.noteWrong : styles.note}>
        {problem ??
          (note?.kind === 'failed' ? note.message : null) ??
          (note?.kind === 'saving' ? 'Saving...' : null) ??
          (note?.kind === 'saved' && (
            <>
              Saved
              <span className={isLabelShown ? undefined : 'visually-hidden'}>
                {' '}
                at {savedTime(note.at)}
              </span>
            </>
          ))}
      </span>
    </div>
  );
}
