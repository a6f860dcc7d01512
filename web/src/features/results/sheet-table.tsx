import { NOT_ELIGIBLE } from '@academy/contract/results';
import { StudentLink } from '../../components/student-link';
import { AdjustButton } from './adjust-popup';
import { AdjustedTag, Eligibility, fromWords, LineOutcome, ScoreText } from './line-facts';
import styles from './results.module.css';
import { ScoreInput, useCellFocus } from './score-input';
import type { Sheet } from './use-results';
import type { SheetCells } from './use-sheet-cells';

/**
 * The sheet as a spreadsheet (a wide screen): a row a student, a column a component, then the
 * total and the outcome. Typed components are inputs (Tab right, Enter down, a pasted range
 * fills in); computed ones are read-only figures. The frame scrolls sideways inside itself
 * when a scheme has many components, the students' names staying in view.
 */
export function SheetTable({ sheet, cells }: { sheet: Sheet; cells: SheetCells }) {
  const focus = useCellFocus(cells, 'grid');
  const columnOf = new Map(cells.typed.map((t, col) => [t.index, col]));
  const isPublished = sheet.published_at !== null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so a keyboard can scroll it.
    <section className={styles.sheetFrame} aria-label="Result sheet" tabIndex={0}>
      <table className={styles.sheet}>
        <thead>
          <tr>
            <th scope="col">Student</th>
            {sheet.components.map((c) => (
              <th key={c.key} scope="col">
                <span className={styles.columnName}>{c.name}</span>
                <span className={styles.weight}>
                  {c.weight}%{c.final ? ' · Final' : ''}
                  {c.source === 'typed' ? '' : ' · Computed'}
                  {c.source !== 'typed' && (
                    <span className="visually-hidden"> from {fromWords(c.source)}</span>
                  )}
                </span>
              </th>
            ))}
            <th scope="col">Total</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {sheet.students.map((line, row) => (
            <tr key={line.id}>
              <th scope="row">
                <StudentLink id={line.id}>{line.name}</StudentLink>
                <Eligibility line={line} />
                <AdjustButton sheet={sheet} line={line} />
              </th>
              {sheet.components.map((c, index) => {
                const col = columnOf.get(index);
                const at = { row, col: col ?? 0 };
                return (
                  <td key={c.key} className={col === undefined ? styles.computed : undefined}>
                    {col === undefined ? (
                      <ScoreText score={line.scores[index] ?? null} />
                    ) : cells.isOpen(at) ? (
                      <ScoreInput
                        cells={cells}
                        at={at}
                        label={`${c.name} for ${line.name}`}
                        isLabelShown={false}
                        focus={focus}
                      />
                    ) : (
                      <span className={styles.muted}>{NOT_ELIGIBLE}</span>
                    )}
                    <AdjustedTag line={line} componentKey={c.key} />
                  </td>
                );
              })}
              <td className={styles.total}>
                <ScoreText score={line.total} />
              </td>
              <td>
                <LineOutcome line={line} isPublished={isPublished} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
