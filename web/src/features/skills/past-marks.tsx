import { type Mark, markText } from '@academy/contract/marks';
import { useId } from 'react';
import { formatLongDate } from '../../lib/dates';
import { Card } from '../../ui';
import styles from './skills.module.css';

/** A mark on one of the student's items that has ended. */
export interface PastMark {
  id: number;
  title: string;
  access_end: string;
  mark: Mark;
}

/**
 * The student's marks on their items of this kind that have ended (issue 30): an ended item is
 * no longer the page's current one, and its mark often comes after it closed.
 */
export function PastMarks({ marks, plural }: { marks: PastMark[]; plural: string }) {
  const headingId = useId();
  if (marks.length === 0) return null;
  return (
    <Card>
      <section aria-labelledby={headingId} className={styles.pastMarks}>
        <h2 id={headingId} className={styles.pastMarksTitle}>
          {`Your marks on earlier ${plural}`}
        </h2>
        <ul className={styles.markList}>
          {marks.map((past) => (
            <li key={past.id}>
              <span className={styles.markItem}>{past.title}</span>
              <span className={styles.markEnded}>{`Ended ${formatLongDate(past.access_end)}`}</span>
              <span className={styles.mark}>
                <strong>Mark:</strong> {markText(past.mark)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
