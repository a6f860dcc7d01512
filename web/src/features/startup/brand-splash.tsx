import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { AcademyLogo } from '../../components/academy-logo';
import { useAppConfig } from '../../shared/branding';
import styles from './start-screen.module.css';

/**
 * The full-screen brand moment shared by the splash and the loading screen: logo, the
 * academy's name, a progress bar that fills over `durationMs`, then `onDone`.
 */
export function BrandSplash({
  durationMs,
  onDone,
  children,
}: {
  durationMs: number;
  onDone: () => void;
  children?: ReactNode;
}) {
  const { data: config } = useAppConfig();
  useEffect(() => {
    const timer = setTimeout(onDone, durationMs);
    return () => clearTimeout(timer);
  }, [durationMs, onDone]);

  return (
    <main className={styles.screen} aria-busy="true">
      <AcademyLogo size={112} className={styles.logo} />
      <h1 className={styles.name}>{config?.academyName ?? '\u00a0'}</h1>
      {children}
      <div
        className={styles.bar}
        style={{ '--duration': `${durationMs}ms` } as CSSProperties}
        aria-hidden="true"
      />
    </main>
  );
}
