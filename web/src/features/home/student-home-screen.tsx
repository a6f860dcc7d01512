import {
  Award,
  Bell,
  BellRing,
  BookCopy,
  CalendarDays,
  Download,
  Gamepad2,
  Globe,
  GraduationCap,
  KeyRound,
  Layers,
  LogOut,
  Medal,
  Sparkles,
  Upload,
  Video,
} from 'lucide-react';
import { useEffect } from 'react';
import { readStoredUser, rememberGreeting } from '../../api/session';
import { paths } from '../../shared/paths';
import { Badge, ScreenHeading, Tile, TileGrid } from '../../ui';
import { useLogout } from '../accounts/use-logout';
import { useUnreadAssignmentCount } from '../assignments/use-assignments';
import { useAppConfig, useUserBackground } from '../branding/queries';
import { useCardsToReview } from '../flashcards/use-flashcards';
import { NotificationPopup } from '../notifications/notification-popup';
import { useFeedbackNews, useUnreadNotifications } from '../notifications/use-notifications';
import { PushPrompt } from '../push/push-prompt';
import styles from './home.module.css';

const ICON = 24;

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
  const newResults = news?.assignment_results ?? 0;
  const newReplies = news?.skill_builder ?? 0;
  const unreadNotifications = useUnreadNotifications().data?.notifications.length ?? 0;
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
        <TileGrid label="Student screens">
          <Tile
            href={config?.onlineClassUrl || '#'}
            disabled={!config?.onlineClassUrl}
            icon={<Video size={ICON} />}
            label="Online Class"
            note={config && !config.onlineClassUrl ? 'Not set up yet' : undefined}
          />
          <Tile to={paths.schedule} icon={<CalendarDays size={ICON} />} label="Schedule" />
          <Tile
            to={paths.downloadAssignment}
            icon={<Download size={ICON} />}
            label="Download Assignment"
            corner={<Badge count={unreadAssignments} label={`${unreadAssignments} unread`} />}
          />
          <Tile
            to={paths.submitAssignment}
            icon={<Upload size={ICON} />}
            label="Upload Assignment"
          />
          <Tile
            to={paths.assignmentResults}
            icon={<Award size={ICON} />}
            label="Assignment Results"
            corner={<Badge count={newResults} label={`${newResults} new`} />}
          />
          <Tile to={paths.results} icon={<Medal size={ICON} />} label="Results" />
          <Tile
            to={paths.skillBuilder}
            icon={<Sparkles size={ICON} />}
            label="Skill Builder"
            corner={
              <Badge
                count={newReplies}
                label={`${newReplies} new ${newReplies === 1 ? 'reply' : 'replies'}`}
              />
            }
          />
          <Tile to={paths.examPage} icon={<GraduationCap size={ICON} />} label="Exam" />
          <Tile to={paths.game} icon={<Gamepad2 size={ICON} />} label="Game" />
          <Tile
            to={paths.notification}
            icon={<Bell size={ICON} />}
            label="Notifications"
            corner={<Badge count={unreadNotifications} label={`${unreadNotifications} unread`} />}
          />
          <Tile
            to={paths.leitnerBox}
            icon={<Layers size={ICON} />}
            label="Leitner Box"
            busy={isCountingCards}
            corner={
              cardsDue > 0 ? (
                <BookCopy
                  size={22}
                  className={styles.due}
                  aria-label={`${cardsDue} cards due`}
                  role="img"
                />
              ) : undefined
            }
          />
          <Tile
            href={config?.websiteUrl || '#'}
            disabled={!config?.websiteUrl}
            icon={<Globe size={ICON} />}
            label="Website"
            note={config && !config.websiteUrl ? 'Not set up yet' : undefined}
          />
          <Tile to={paths.messageChoices} icon={<BellRing size={ICON} />} label="Message Choices" />
          <Tile to={paths.changePassword} icon={<KeyRound size={ICON} />} label="Change Password" />
          <Tile onClick={logout} icon={<LogOut size={ICON} />} label="Logout" tone="danger" />
        </TileGrid>
      </div>
      <NotificationPopup />
    </main>
  );
}
