import styles from './results.module.css';
import { SheetCards } from './sheet-cards';
import { SheetTable } from './sheet-table';
import { useIsWide } from './use-is-wide';
import type { Sheet } from './use-results';
import { useSheetCells } from './use-sheet-cells';

/**
 * The sheet's scores: a spreadsheet on a wide screen, a card a student on a phone, and one line
 * that says what the last save did (announced to screen readers as it changes). Keyed by its
 * class and term, so another sheet starts with nothing typed.
 */
export function SheetView({ sheet }: { sheet: Sheet }) {
  const cells = useSheetCells(sheet);
  const isWide = useIsWide();
  const toneClass = cells.said ? styles[cells.said.tone] : undefined;
  return (
    <section className={styles.scores} aria-label="Scores">
      <p className={styles.muted}>
        {cells.typed.length === 0
          ? 'Every component of this scheme is computed: there is nothing to type.'
          : isWide
            ? 'Type the scores out of 100: Tab moves right, Enter moves down, and a column copied from a spreadsheet can be pasted into its first cell. Each cell is saved as you leave it.'
            : 'Type the scores out of 100. Each is saved as you leave its field.'}
      </p>
      <p className={`${styles.said} ${toneClass ?? ''}`} role="status" aria-live="polite">
        {cells.said?.text}
      </p>
      {isWide ? (
        <SheetTable sheet={sheet} cells={cells} />
      ) : (
        <SheetCards sheet={sheet} cells={cells} />
      )}
    </section>
  );
}
