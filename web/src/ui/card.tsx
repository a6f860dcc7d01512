import { type HTMLAttributes, type ReactNode, useId } from 'react';
import styles from './card.module.css';

/**
 * A card: a section of a screen. With a title it is a region named by its heading, so that a
 * screen-reader user can jump to it by name, unless it is given another name.
 */
export function Card({
  title,
  children,
  className,
  ...props
}: { title?: ReactNode } & HTMLAttributes<HTMLElement>) {
  const headingId = useId();
  const isNamed = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined;
  return (
    <section
      className={[styles.card, className].filter(Boolean).join(' ')}
      aria-labelledby={title && !isNamed ? headingId : undefined}
      {...props}
    >
      {title && (
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
