import { readStoredUser } from '../../api/session';
import { keepsTeachingDay } from '../../shared/offline-cache';
import { useLogout } from '../../shared/use-logout';
import { KeptOffline, Stack } from '../../ui';
import { AbsenceWarningsCard } from '../roll/absence-warnings-card';
import styles from './home.module.css';
import { StaffHero } from './staff-hero';
import { MyClasses, ToCorrect } from './teacher-sections';
import { TeacherTiles } from './teacher-tiles';
import { TodaySessions } from './teaching-today';
import { UntakenRolls } from './untaken-rolls';
import { useKeptDay } from './use-kept-day';
import { useTeachingDay } from './use-teaching-day';

/**
 * /teacher (issue 29): a teacher's home, made for a phone in a classroom. The greeting, today's
 * sessions of their classes (the rolls to take first, each a tap away), what waits for their
 * correction, their classes, then their screens and account. Today's sessions and their rolls
 * are kept on the phone (issue 49, point 1): opened with no signal, it lists them.
 */
export default function TeacherHomeScreen() {
  const name = readStoredUser()?.name;
  const logout = useLogout();
  const day = useTeachingDay();
  // Today's classes and their rolls are kept on the phone for a classroom with no signal.
  useKeptDay(day);

  return (
    <main className={styles.screen}>
      <StaffHero heading={`Hello, ${name}!`} lead="Your teaching day." logoSize={56} />
      <div className={`${styles.content} ${styles.contentPlain}`}>
        <Stack gap="lg">
          <KeptOffline isKept={keepsTeachingDay()}>
            <TodaySessions day={day} title="Today" />
          </KeptOffline>
          <UntakenRolls day={day} />
          <ToCorrect day={day} />
          <AbsenceWarningsCard />
          <MyClasses />
          <TeacherTiles newSubmissions={day.data?.new_submissions} onLogout={logout} />
        </Stack>
      </div>
    </main>
  );
}
