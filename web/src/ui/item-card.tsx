import { Children, type ReactNode } from 'react';
import { Card } from './card';
import styles from './item-card.module.css';

/**
 * Records one under another, each a card: assignments, submissions, corrections, results.
 * `ordered` where the order itself says something (a log, newest first).
 */
export function ItemList({
  label,
  ordered = false,
  children,
}: {
  label?: string;
  ordered?: boolean;
  children: ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={styles.list} aria-label={label}>
      {Children.map(children, (child) => (child ? <li>{child}</li> : null))}
    </List>
  );
}

interface ItemCardProps {
  title: ReactNode;
  /** Small lines under the title, each a `Meta`: who, when, what it answers (false: none). */
  lines?: ReactNode[];
  /** What stands under the title instead, or after the lines. */
  meta?: ReactNode;
  /** Beside the title, wrapping under it on a narrow phone: Delete, Edit. */
  actions?: ReactNode;
  /** The record's own text, kept as written (its line breaks). */
  text?: ReactNode;
  /** Below the text: files, links. */
  children?: ReactNode;
}

/** One record of a list: its title (a level-2 heading), meta lines, actions, text and files. */
export function ItemCard({ title, lines, meta, actions, text, children }: ItemCardProps) {
  return (
    <Card>
      <div className={styles.head}>
        <div className={styles.heading}>
          <h2 className={styles.title}>{title}</h2>
          {Children.map(lines, (line) => (line ? <Meta>{line}</Meta> : null))}
          {meta}
        </div>
        {actions}
      </div>
      {text && <ItemText>{text}</ItemText>}
      {children}
    </Card>
  );
}

/** A small, muted line about a record. */
export function Meta({ children }: { children: ReactNode }) {
  return <p className={styles.meta}>{children}</p>;
}

/** Text someone wrote, kept as written: its line breaks stay, a long word breaks. */
export function ItemText({ children }: { children: ReactNode }) {
  return <p className={styles.text}>{children}</p>;
}
