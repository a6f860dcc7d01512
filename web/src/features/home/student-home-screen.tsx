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
  type LucideIcon,
  Medal,
  Sparkles,
  Upload,
  Video,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
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
import type { TileCount } from './staff-tiles';
import { countWords } from './use-admin-counts';

const ICON = 24;

/** What waits for the student on a screen: a tile's corner badge counts it. */
type Waiting = 'assignments' | 'results' | 'replies' | 'notifications';

/**
 * The student's screens between Online Class and Leitner Box, each a tile, in the spec's
 * order; a screen where something waits carries its count in a corner badge.
 */
const SCREENS: { to: string; icon: LucideIcon; label: string; badge?: TileCount<Waiting> }[] = [
  { to: paths.schedule, icon: CalendarDays, label: 'Schedule' },
  {
    to: paths.downloadAssignment,
    icon: Download,
    label: 'Download Assignment',
    badge: { of: 'assignments', one: 'unread', many: 'unread' },
  },
  { to: paths.submitAssignment, icon: Upload, label: 'Upload Assignment' },
  {
    to: paths.assignmentResults,
    icon: Award,
    label: 'Assignment Results',
    badge: { of: 'results', one: 'new', many: 'new' },
  },
  { to: paths.results, icon: Medal, label: 'Results' },
  {
    to: paths.skillBuilder,
    icon: Sparkles,
    label: 'Skill Builder',
    badge: { of: 'replies', one: 'new reply', many: 'new replies' },
  },
  { to: paths.examPage, icon: GraduationCap, label: 'Exam' },
  { to: paths.game, icon: Gamepad2, label: 'Game' },
  {
    to: paths.notification,
    icon: Bell,
    label: 'Notifications',
    badge: { of: 'notifications', one: 'unread', many: 'unread' },
  },
];

/** The profile picture by gender: female, male, or a neutral default. */
function avatarFor(gender: string | undefined): string {
  if (gender === 'female') return '/avatars/female.svg';
  if (gender === 'male') return '/avatars/male.svg';
  return '/avatars/default.svg';
}

/**
 * A tile to an address the academy set (its online class, its website): it opens in a new tab,
 * and says "Not set up yet" once the settings are known to have none.
 */
function AddressTile({
  address,
  isLoaded,
  icon,
  label,
}: {
  address: string | undefined;
  isLoaded: boolean;
  icon: ReactNode;
  label: string;
}) {
  return (
    <Tile
      href={address || '#'}
      disabled={!address}
      icon={icon}
      label={label}
      note={isLoaded && !address ? 'Not set up yet' : undefined}
    />
  );
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
        <TileGrid label="Student screens">
          <AddressTile
            address={config?.onlineClassUrl}
            isLoaded={config !== undefined}
            icon={<Video size={ICON} />}
            label="Online Class"
          />
          {SCREENS.map(({ to, icon: Icon, label, badge }) => (
            <Tile
              key={to}
              to={to}
              icon={<Icon size={ICON} />}
              label={label}
              corner={
                badge && (
                  <Badge
                    count={waiting[badge.of]}
                    label={countWords(waiting[badge.of], badge.one, badge.many)}
                  />
                )
              }
            />
          ))}
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
          <AddressTile
            address={config?.websiteUrl}
            isLoaded={config !== undefined}
            icon={<Globe size={ICON} />}
            label="Website"
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
