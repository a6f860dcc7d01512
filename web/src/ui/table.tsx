import type { ReactNode, TableHTMLAttributes } from 'react';
import styles from './table.module.css';

/**
 * Column styles for a table's cells (th and td): `nowrap` keeps ids, dates, times, statuses
 * and roles on one line; `text` gives free text such as a message a readable width.
 */
export const cell = { nowrap: styles.nowrap, text: styles.text } as const;

/**
 * A native table in a frame that scrolls sideways on a phone. The frame is focusable and
 * labelled so keyboard users can scroll it too.
 */
export function Table({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & TableHTMLAttributes<HTMLTableElement>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className={styles.frame} aria-label={label} tabIndex={0}>
      <table className={styles.table} {...props}>
        {children}
      </table>
    </section>
  );
}
