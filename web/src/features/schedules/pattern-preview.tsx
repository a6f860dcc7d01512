import {
  dayNumberOf,
  patternDates,
  type WeeklyPattern,
  weekDayOf,
} from '@academy/contract/schedule-pattern';
import { formatLongDate } from '../../lib/dates';
import styles from './schedules.module.css';

/**
 * The dates a weekly pattern will make, listed as it is filled in and before it runs (issue 49,
 * point 8): exactly the sessions the button makes (contract patternDates). Until the pattern
 * is complete, a line says what it still needs.
 */
export function PatternPreview({ pattern }: { pattern: WeeklyPattern }) {
  const { dates, problem } = patternDates(pattern);
  if (!dates)
    return (
      <p
        className={styles.note}
      >{`The dates appear here once the pattern is complete: ${problem}`}</p>
    );
  const day = (date: string) => weekDayOf(dayNumberOf(date) as number);
  return (
    <section aria-label="Dates it will make" className={styles.preview}>
      <p className={styles.note}>
        {`It will make ${dates.length} ${dates.length === 1 ? 'session' : 'sessions'}, at ${pattern.time}:`}
      </p>
      <ol className={styles.previewDates}>
        {dates.map((date) => (
          <li key={date}>{`${day(date)}, ${formatLongDate(date)}`}</li>
        ))}
      </ol>
    </section>
  );
}
