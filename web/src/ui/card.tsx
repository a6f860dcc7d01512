import type { HTMLAttributes, ReactNode } from 'react';
import styles from './card.module.css';

export function Card({
  title,
  children,
  className,
  ...props
}: { title?: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} {...props}>
      {title && <h2 className={styles.title}>{title}</h2>}
      {children}
    </section>
  );
}
