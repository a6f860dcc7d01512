import { readStoredUser } from '../../api/session';
import { ScreenHeading, Stack } from '../../ui';
import { useLogout } from '../accounts/use-logout';
import { AcademyLogo } from '../branding/academy-logo';
import { useAppConfig, useUserBackground } from '../branding/queries';
import { AbsenceWarningsCard } from '../roll/absence-warnings-card';
import styles from './home.module.css';
import { MyClasses, ToCorrect } from './teacher-sections';
import { TeacherTiles } from './teacher-tiles';
import { TodaySessions } from './teaching-today';
import { useTeachingDay } from './use-teaching-day';

/**
 * /teacher (issue 29): a teacher's home, made for a phone in a classroom. The greeting, today's
 * sessions of their classes (the rolls to take first, each a tap away), what waits for their
 * correction, their classes, then their screens and account.
 */
export default function TeacherHomeScreen() {
  const name = readStoredUser()?.name;
  const logout = useLogout();
  const { data: config } = useAppConfig();
  const { data: background } = useUserBackground();
  const day = useTeachingDay();

  return (
    <main className={styles.screen}>
      <header
        className={`${styles.hero} ${styles.heroPlain}`}
        style={background ? { backgroundImage: `url("${background.userbg_url}")` } : undefined}
      >
        <div className={styles.heroInner}>
          <AcademyLogo size={56} className={styles.brandLogo} />
          <div className={styles.heroText}>
            {config && <p className={styles.academy}>{config.academyName}</p>}
            <ScreenHeading className={styles.greeting}>Hello, {name}!</ScreenHeading>
            <p className={styles.lead}>Your teaching day.</p>
          </div>
        </div>
      </header>
      <div className={`${styles.content} ${styles.contentPlain}`}>
        <Stack gap="lg">
          <TodaySessions day={day} title="Today" />
          <ToCorrect day={day} />
          <AbsenceWarningsCard />
          <MyClasses />
          <TeacherTiles newSubmissions={day.data?.new_submissions} onLogout={logout} />
        </Stack>
      </div>
    </main>
  );
}
