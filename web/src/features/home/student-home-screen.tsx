import { useEffect } from 'react';
import { readStoredUser, rememberGreeting } from '../../api/session';
import { useAppConfig, useUserBackground } from '../../shared/branding';
import { useLogout } from '../../shared/use-logout';
import { ScreenHeading } from '../../ui';

import { NotificationPopup } from '../notifications/notification-popup';
import { PushPrompt } from '../push/push-prompt';
import styles from './home.module.css';
import { StudentTiles } from './student-tiles';

/** The profile picture by gender: female, male, or a neutral default. */
function avatarFor(gender: string | undefined): string {
  if (gender === 'female') return '/avatars/female.webp';
  if (gender === 'male') return '/avatars/male.webp';
  return '/avatars/default.webp';
}

/** /user: the greeting, the profile picture, and every student button of spec section 2. */
export default function StudentHomeScreen() {
  const user = readStoredUser();
  const logout = useLogout();
  const { data: config } = useAppConfig();
  const { data: background } = useUserBackground();
  // What waits on each screen is read by its tile's badge (student-tiles.tsx), not here.
  const name = user?.name;
  useEffect(() => {
    if (name) rememberGreeting(name);
  }, [name]);

  return (
    <main className={styles.screen}>
      <header
        className={styles.hero}
        style={background ? { backgroundImage: `url("${background.userbg_url}")` } : undefined}
      >
        <div className={styles.heroInner}>
          <img
            src={avatarFor(user?.gender)}
            alt="Your profile"
            width={72}
            height={72}
            className={styles.avatar}
          />
          <div>
            {config && <p className={styles.academy}>{config.academyName}</p>}
            <ScreenHeading className={styles.greeting}>Hello, {user?.name}!</ScreenHeading>
            <p className={styles.lead}>Welcome to your user panel.</p>
          </div>
        </div>
      </header>
      <div className={styles.content}>
        <PushPrompt />
        <StudentTiles config={config} onLogout={logout} />
      </div>
      <NotificationPopup />
    </main>
  );
}
