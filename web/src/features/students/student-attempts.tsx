import { formatLongDate } from '../../lib/dates';
import { paths } from '../../shared/paths';
import { Meta } from '../../ui';
import { Section } from './student-section';
import styles from './students.module.css';
import type { StudentOverview } from './use-student-overview';

type Overview = StudentOverview;

const kindName = { exam: 'Exam', reading: 'Reading', listening: 'Listening', story: 'Story' };

/** The exams and skill items the student started, and their speaking answers. */
export function Attempts({ overview }: { overview: Overview }) {
  const { attempts, speaking } = overview;
  return (
    <Section
      title="Exam and skill attempts"
      seeAll={{ to: paths.skillContent, label: 'See exams and skill items', adminOnly: true }}
      count={attempts.total + speaking.total}
      summary={`${attempts.total} started, ${speaking.total} speaking answers.`}
      empty="No exam or skill started yet."
    >
      <ul className={styles.rows} aria-label="Attempts">
        {attempts.latest.map((a) => (
          <li key={`item-${a.item_id}`}>
            <span className={styles.rowTitle}>
              {kindName[a.kind]}: {a.title}
            </span>
            <Meta>Started {formatLongDate(a.started_at)}</Meta>
          </li>
        ))}
        {speaking.latest.map((a) => (
          <li key={`speaking-${a.id}`}>
            <span className={styles.rowTitle}>Speaking: {a.question_text}</span>
            <Meta>Answered {formatLongDate(a.created_at)}</Meta>
          </li>
        ))}
      </ul>
    </Section>
  );
}
