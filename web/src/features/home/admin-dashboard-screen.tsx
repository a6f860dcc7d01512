import { ScreenHeading } from '../../ui';
import { useLogout } from '../accounts/use-logout';
import { AcademyLogo } from '../branding/academy-logo';
import { useAppConfig, useUserBackground } from '../branding/queries';
import { AbsenceWarningsCard } from '../roll/absence-warnings-card';
import { AdminTiles } from './admin-tiles';
import styles from './home.module.css';
import { TodaySessions } from './teaching-today';
import { useAdminCounts } from './use-admin-counts';
import { useTeachingDay } from './use-teaching-day';

/**
 * /admin: today's classes and their rolls (issue 29), then every admin screen of spec section
 * 2, and Logout, grouped by job; the tiles of work waiting carry its count (useAdminCounts), in
 * a corner badge that moves no tile.
 */
export default function AdminDashboardScreen() {
  const logout = useLogout();
  const { data: config } = useAppConfig();
  const { data: background } = useUserBackground();
  const { data: counts } = useAdminCounts();
  const day = useTeachingDay();

  return (
    <main className={styles.screen}>
      <header
        className={`${styles.hero} ${styles.heroPlain}`}
        style={background ? { backgroundImage: `url("${background.userbg_url}")` } : undefined}
      >
        <div className={styles.heroInner}>
          <AcademyLogo size={64} className={styles.brandLogo} />
          <div>
            {config && <p className={styles.academy}>{config.academyName}</p>}
            <ScreenHeading className={styles.greeting}>Admin dashboard</ScreenHeading>
            <p className={styles.lead}>Run your academy from here.</p>
          </div>
        </div>
      </header>
      <div className={`${styles.content} ${styles.contentPlain}`}>
        <TodaySessions day={day} title="Today's classes" className={styles.today} />
        <AdminTiles counts={counts} onLogout={logout} />
        <AbsenceWarningsCard />
      </div>
    </main>
  );
}
