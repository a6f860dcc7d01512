import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './button';
import styles from './screen.module.css';
import { ScreenHeading } from './screen-heading';

export interface BackLink {
  to: string;
  label: string;
  /** Replace the history entry instead of pushing one (the spec's 'replaces history'). */
  replace?: boolean;
}

interface ScreenProps {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: BackLink;
  /** Repeat the back link at the bottom of the screen, as some spec screens do. */
  backAtBottom?: boolean;
  /** 'wide': the window's width (a spreadsheet, issue 49 point 10), up to 1600px. */
  width?: 'normal' | 'narrow' | 'wide';
  children: ReactNode;
}

/** The frame of every inner screen: a back link, the heading (focused on arrival), the content. */
export function Screen({
  title,
  subtitle,
  back,
  backAtBottom,
  width = 'normal',
  children,
}: ScreenProps) {
  return (
    <main className={styles.screen}>
      <div
        className={[
          styles.inner,
          width === 'narrow' && styles.narrow,
          width === 'wide' && styles.wide,
        ]
          .filter(Boolean)
          .join(' ')}
      >
        <header className={styles.header}>
          {back && <BackButton back={back} />}
          <ScreenHeading className={styles.title}>{title}</ScreenHeading>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
        {children}
        {back && backAtBottom && <BackButton back={back} />}
      </div>
    </main>
  );
}

export function BackButton({ back }: { back: BackLink }) {
  return (
    <ButtonLink
      to={back.to}
      replace={back.replace}
      variant="ghost"
      size="small"
      className={styles.back}
    >
      <ArrowLeft size={18} aria-hidden="true" />
      {back.label}
    </ButtonLink>
  );
}
