import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useIsAdmin } from '../../api/role';
import { Card, EmptyState } from '../../ui';
import styles from './students.module.css';

/** A section of the page: its heading, how many there are, its rows, and a link to the full screen. */
export function Section({
  title,
  count,
  summary,
  seeAll,
  empty,
  children,
}: {
  title: string;
  /** How many there are: with none, no summary, and `empty` (if given) instead of the rows. */
  count?: number;
  summary?: ReactNode;
  /** The full screen; `adminOnly` where a teacher cannot open it (issue 29): left out for them. */
  seeAll?: { to: string; label: string; adminOnly?: boolean };
  /** What the section says instead of its rows when there are none. */
  empty?: string;
  children?: ReactNode;
}) {
  const isEmpty = count === 0;
  const isAdmin = useIsAdmin();
  const link = seeAll && (isAdmin || !seeAll.adminOnly) ? seeAll : undefined;
  return (
    <Card title={title}>
      {!isEmpty && summary && <p className={styles.summary}>{summary}</p>}
      {isEmpty && empty ? <EmptyState>{empty}</EmptyState> : children}
      {link && (
        <p className={styles.seeAll}>
          <Link to={link.to}>{link.label}</Link>
        </p>
      )}
    </Card>
  );
}

/** "Showing the newest 5 of 12", when the section holds only some of them. */
export const shownOf = (shown: number, total: number) =>
  total > shown ? ` Showing the newest ${shown} of ${total}.` : '';
