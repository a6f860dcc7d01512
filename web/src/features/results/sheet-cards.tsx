import { NOT_ELIGIBLE } from '@academy/contract/results';
import { StudentLink } from '../../components/student-link';
import { AdjustButton } from './adjust-popup';
import { AdjustedTag, Eligibility, fromWords, LineOutcome, ScoreText } from './line-facts';
import styles from './results.module.css';
import { ScoreInput, useCellFocus } from './score-input';
import type { Sheet } from './use-results';
import type { SheetCells } from './use-sheet-cells';

/**
 * The sheet on a phone: a card a student, each typed component a labelled field (Enter goes on
 * to the next, as the phone keyboard's Next does), each computed one its figure, then the total
 * and outcome. Nothing scrolls sideways.
 */
export function SheetCards({ sheet, cells }: { sheet: Sheet; cells: SheetCells }) {
  const focus = useCellFocus(cells, 'cards');
  const columnOf = new Map(cells.typed.map((t, col) => [t.index, col]));
  const isPublished = sheet.published_at !== null;
  return (
    <ul className={styles.cards} aria-label="Result sheet">
      {sheet.students.map((line, row) => (
        <li key={line.id}>
          <fieldset className={styles.card}>
            <legend className={styles.cardName}>
              <StudentLink id={line.id}>{line.name}</StudentLink>
            </legend>
            <Eligibility line={line} />
            <div className={styles.cardScores}>
              {sheet.components.map((c, index) => {
                const col = columnOf.get(index);
                const at = { row, col: col ?? 0 };
                const label = `${c.name} (${c.weight}%)`;
                if (col !== undefined && cells.isOpen(at))
                  return (
                    <ScoreInput
                      key={c.key}
                      cells={cells}
                      at={at}
                      label={label}
                      isLabelShown
                      focus={focus}
                    />
                  );
                return (
                  <div key={c.key} className={styles.score}>
                    <span className={styles.scoreLabel}>{label}</span>
                    <span className={styles.figure}>
                      {col === undefined ? (
                        <ScoreText score={line.scores[index] ?? null} />
                      ) : (
                        NOT_ELIGIBLE
                      )}
                    </span>
                    {col === undefined && (
                      <span className={styles.computedNote}>From {fromWords(c.source)}</span>
                    )}
                    <AdjustedTag line={line} componentKey={c.key} />
                  </div>
                );
              })}
            </div>
            <p className={styles.cardTotal}>
              <span>
                Total: <ScoreText score={line.total} />
              </span>
              <LineOutcome line={line} isPublished={isPublished} />
            </p>
            <AdjustButton sheet={sheet} line={line} />
          </fieldset>
        </li>
      ))}
    </ul>
  );
}
