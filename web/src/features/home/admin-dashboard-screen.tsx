import { useLogout } from '../../shared/use-logout';
import { AbsenceWarningsCard } from '../roll/absence-warnings-card';
import { AdminTiles } from './admin-tiles';
import styles from './home.module.css';
import { StaffHero } from './staff-hero';
import { TodaySessions } from './teaching-today';
import { UntakenRolls } from './untaken-rolls';
import { useAdminCounts } from './use-admin-counts';
import { useTeachingDay } from './use-teaching-day';

/**
 * /admin: today's classes and their rolls (issue 29), then every admin screen of spec section
 * 2, and Logout, grouped by job; the tiles of work waiting carry its count (useAdminCounts), in
 * a corner badge that moves no tile.
 */
export default function AdminDashboardScreen() {
  const logout = useLogout();
  const { data: counts } = useAdminCounts();
  const day = useTeachingDay();

  return (
    <main className={styles.screen}>
      <StaffHero heading="Admin dashboard" lead="Run your academy from here." logoSize={64} />
      <div className={`${styles.content} ${styles.contentPlain}`}>
        <TodaySessions day={day} title="Today's classes" className={styles.today} />
        <UntakenRolls day={day} className={styles.today} />
        <AdminTiles counts={counts} onLogout={logout} />
        <AbsenceWarningsCard />
      </div>
    </main>
  );
}
