import type { ReactNode } from 'react';
import { AcademyLogo } from '../../components/academy-logo';
import { useAppConfig, useUserBackground } from '../../shared/branding';
import { ScreenHeading } from '../../ui';
import styles from './home.module.css';

/**
 * The top of an administrator's dashboard and a teacher's home: the academy's background,
 * logo and name, the screen's heading and one line under it.
 */
export function StaffHero({
  heading,
  lead,
  logoSize,
}: {
  heading: ReactNode;
  lead: string;
  logoSize: number;
}) {
  const { data: config } = useAppConfig();
  const { data: background } = useUserBackground();
  return (
    <header
      className={`${styles.hero} ${styles.heroPlain}`}
      style={background ? { backgroundImage: `url("${background.userbg_url}")` } : undefined}
    >
      <div className={styles.heroInner}>
        <AcademyLogo size={logoSize} className={styles.brandLogo} />
        <div className={styles.heroText}>
          {config && <p className={styles.academy}>{config.academyName}</p>}
          <ScreenHeading className={styles.greeting}>{heading}</ScreenHeading>
          <p className={styles.lead}>{lead}</p>
        </div>
      </div>
    </header>
  );
}
