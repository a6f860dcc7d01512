import { useEffect } from 'react';
import { readStoredUser, rememberGreeting } from '../../api/session';
import {
  useCardsToReview,
  useFeedbackNews,
  useUnreadAssignmentCount,
  useUnreadNotifications,
} from '../../api/waiting-counts';
import { useAppConfig, useUserBackground } from '../../shared/branding';
import { useLogout } from '../../shared/use-logout';
import { ScreenHeading } from '../../ui';

import { NotificationPopup } from '../notifications/notification-popup';
import { PushPrompt } from '../push/push-prompt';
import styles from './home.module.css';
import { StudentTiles, type Waiting } from './student-tiles';

/** The profile picture by gender: female, male, or a neutral default. */
function avatarFor(gender: string | undefined): string {
  if (gender === 'female') return '/avatars/female.svg';
  if (gender === 'male') return '/avatars/male.svg';
  return '/avatars/default.svg';
}

/** /user: the greeting, the profile picture, and every student button of spec section 2. */
export default function StudentHomeScreen() {
  const user = readStoredUser();
  const logout = useLogout();
  const { data: config } = useAppConfig();
  const { data: background } = useUserBackground();
  const { data: unreadAssignments = 0 } = useUnreadAssignmentCount();
  const { data: cardsDue = 0, isPending: isCountingCards } = useCardsToReview();
  // Feedback not yet opened, and notifications not yet read: counted on the server.
  const news = useFeedbackNews().data;
  const waiting: Record<Waiting, number> = {
    assignments: unreadAssignments,
    results: news?.assignment_results ?? 0,
    // Term results published or changed since Results was last opened (issue 49).
    termResults: news?.results ?? 0,
    replies: news?.skill_builder ?? 0,
    notifications: useUnreadNotifications().data?.notifications.length ?? 0,
  };
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
        <StudentTiles
          config={config}
          waiting={waiting}
          cardsDue={cardsDue}
          isCountingCards={isCountingCards}
          onLogout={logout}
        />
      </div>
      <NotificationPopup />
    </main>
  );
}
