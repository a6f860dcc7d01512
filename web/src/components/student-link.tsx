import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { hrefs } from '../shared/paths';
import styles from './student-link.module.css';

/**
 * A student's name wherever a list names one (admin screens): it opens the student's page.
 * Without an id (a deleted user kept by name) the name is plain text.
 */
export function StudentLink({
  id,
  children,
}: {
  id: number | null | undefined;
  children: ReactNode;
}) {
  const here = useLocation();
  if (id === null || id === undefined) return <>{children}</>;
  return (
    <Link
      className={styles.link}
      to={hrefs.studentPage(id)}
      // The student's page leads back here (students/student-screen.tsx).
      state={{ from: here.pathname + here.search }}
    >
      {children}
    </Link>
  );
}
