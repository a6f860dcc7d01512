import { NOT_ELIGIBLE, OUTCOME_WORDS, type Outcome, scoreText } from '@academy/contract/results';
import type { ReactNode } from 'react';
import { formatLongDate } from '../../lib/dates';
import { Facts, Tag } from '../../ui';
import styles from './report-card.module.css';
import type { TermResult } from './use-results';

const OUTCOME_TONE: Record<Outcome, 'success' | 'warning' | 'danger'> = {
  pass: 'success',
  conditional: 'warning',
  fail: 'danger',
};

/** A moment (epoch milliseconds) as its day: 'November 27, 2026'. */
export const dayOf = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(ms);

/** A component's score as the report card prints it. */
function componentScore(component: TermResult['components'][number], eligible: boolean) {
  if (component.score !== null) return scoreText(component.score);
  if (component.excused) return 'Excused';
  return component.final && !eligible ? NOT_ELIGIBLE : '—';
}

/**
 * One term's published result, as a report card reads on a phone: the term and its days, the
 * class and level, each component with its weight and score, the total and outcome, the
 * attendance, and when it was published or changed.
 */
export function ReportCard({
  result,
  downloadButton,
}: {
  result: TermResult;
  /**
   * Where the report card's "Download PDF" button goes (issue 30, point 5: the PDF is made on
   * the server and built apart). None yet.
   */
  downloadButton?: ReactNode;
}) {
  const { term } = result;
  return (
    <article className={styles.card} aria-label={`${term.name}: ${result.class_name}`}>
      <header className={styles.header}>
        <h2 className={styles.term}>{term.name}</h2>
        <p className={styles.muted}>
          {formatLongDate(term.first_day)} – {formatLongDate(term.last_day)}
        </p>
        <p className={styles.class}>
          {result.class_name}
          {result.level ? ` · ${result.level}` : ''}
        </p>
        {result.changed_at !== null && (
          <Tag tone="warning">Changed on {dayOf(result.changed_at)}</Tag>
        )}
      </header>
      <table className={styles.components}>
        <thead>
          <tr>
            <th scope="col">Component</th>
            <th scope="col" className={styles.number}>
              Weight
            </th>
            <th scope="col" className={styles.number}>
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {result.components.map((c, i) => (
            // Components have no id of their own once published; their order is fixed.
            // biome-ignore lint/suspicious/noArrayIndexKey: a published result's components never reorder.
            <tr key={i}>
              <th scope="row">{c.name}</th>
              <td className={styles.number}>{c.weight}%</td>
              <td className={styles.number}>{componentScore(c, result.eligible)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.total}>
        <span>
          Total <strong className={styles.totalFigure}>{scoreText(result.total)}</strong>
        </span>
        <Tag tone={OUTCOME_TONE[result.outcome]}>{OUTCOME_WORDS[result.outcome]}</Tag>
      </div>
      <Facts
        className={styles.facts}
        facts={[
          [
            'Attendance rate',
            result.attendance === null ? 'No roll yet' : `${scoreText(result.attendance)}%`,
          ],
          ['Absences', `${result.absences}${result.eligible ? '' : ` · ${NOT_ELIGIBLE}`}`],
        ]}
      />
      <p className={styles.muted}>Published on {dayOf(result.published_at)}.</p>
      {downloadButton}
    </article>
  );
}
