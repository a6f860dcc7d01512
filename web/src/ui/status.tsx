import type { ReactNode } from 'react';
import styles from './status.module.css';

/** A loading state announced to screen readers, with the screen's own words. */
export function Loading({ children = 'Loading...' }: { children?: ReactNode }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

/**
 * A one-line message. Errors are announced at once (role alert); the rest politely.
 */
export function Message({
  tone,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  return (
    <p className={`${styles.message} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** A count bubble; its label tells screen readers what is counted. */
export function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

const tagTones = {
  info: styles.tagInfo,
  success: styles.tagSuccess,
  warning: styles.tagWarning,
  danger: styles.tagDanger,
} as const;

/** A short word about a record's state ('Overdue', 'Corrected'), coloured by what it means. */
export function Tag({ tone, children }: { tone: keyof typeof tagTones; children: ReactNode }) {
  return <span className={`${styles.tag} ${tagTones[tone]}`}>{children}</span>;
}
