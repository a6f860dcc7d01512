import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatLongDate, formatLongDateTimeWithSeconds } from '../../lib/dates';
import { genderWord } from '../../lib/genders';
import { roleWord } from '../../lib/roles';
import { hrefs } from '../../shared/paths';
import { Facts, QueryRows } from '../../ui';
import { Section } from './student-section';
import styles from './students.module.css';
import { type StudentOverview, useStudentClasses } from './use-student-overview';

type Overview = StudentOverview;

/** The student's account: username, e-mail, role, whether active, when last seen. */
export function Profile({ student }: { student: Overview['student'] }) {
  const rows: [string, ReactNode][] = [
    ['Username', student.username],
    ['Email', student.email],
    ['Gender', genderWord(student.gender)],
    ['Role', roleWord(student.role_id)],
    ['Account', student.is_active === 1 ? 'Active' : 'Deactivated'],
    ['Last seen', student.last_seen ? formatLongDateTimeWithSeconds(student.last_seen) : 'Never'],
    ['Member since', formatLongDate(student.created_at)],
  ];
  return (
    <Section title="Profile">
      <Facts facts={rows} className={styles.facts} />
    </Section>
  );
}

/** The classes the student is in, each opening its page; archived ones say so. */
export function Classes({ userId }: { userId: number }) {
  const classes = useStudentClasses(userId);
  return (
    <Section title="Classes">
      <QueryRows
        query={classes}
        error="The classes could not be loaded."
        empty="Not in any class."
        rows={(data) => data.classes}
        className={styles.classList}
      >
        {(c) => (
          <>
            <Link to={hrefs.classPage(c.id)}>{c.name}</Link>
            {c.is_archived ? ' (archived)' : ''}
          </>
        )}
      </QueryRows>
    </Section>
  );
}
