import type { CallResponse } from '@academy/contract';
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
  Timer,
  Upload,
  Video,
} from 'lucide-react';
import type { ReactNode } from 'react';
import {
  useCardsToReview,
  useFeedbackNews,
  useUnreadAssignmentCount,
  useUnreadNotifications,
} from '../../api/waiting-counts';
import { paths } from '../../shared/paths';
import { Badge, Tile, TileGrid } from '../../ui';
import styles from './home.module.css';
import { PaymentsTile } from './payments-tile';
import { countWords } from './use-admin-counts';

const ICON = 24;

/*
 * What waits for the student on a screen, counted on the server, each count read by the badge
 * that shows it: the home's five calls answer one by one, and each answer then redraws one
 * badge rather than the whole home with its sixteen tiles (React's renders were the home's
 * largest share of main-thread time: bench:lighthouse, issue 50 point 7).
 */

/** A corner badge: the count, read out with its noun. */
function CountBadge({ count, one, many }: { count: number; one: string; many: string }) {
  return <Badge count={count} label={countWords(count, one, many)} />;
}

function UnreadAssignments() {
  const count = useUnreadAssignmentCount().data ?? 0;
  return <CountBadge count={count} one="unread" many="unread" />;
}

/** Feedback that arrived since the student last opened its screen (issue 49: term results). */
function NewFeedback({
  of,
  one,
  many,
}: {
  of: 'assignment_results' | 'results' | 'skill_builder';
  one: string;
  many: string;
}) {
  const count = useFeedbackNews().data?.[of] ?? 0;
  return <CountBadge count={count} one={one} many={many} />;
}

function UnreadNotifications() {
  const count = useUnreadNotifications().data?.notifications.length ?? 0;
  return <CountBadge count={count} one="unread" many="unread" />;
}

/**
 * The student's screens between Online Class and Leitner Box, each a tile, in the spec's
 * order; a screen where something waits carries its count in a corner badge.
 */
const SCREENS: { to: string; icon: LucideIcon; label: string; badge?: ReactNode }[] = [
  { to: paths.schedule, icon: CalendarDays, label: 'Schedule' },
  {
    to: paths.downloadAssignment,
    icon: Download,
    label: 'Download Assignment',
    badge: <UnreadAssignments />,
  },
  { to: paths.submitAssignment, icon: Upload, label: 'Upload Assignment' },
  {
    to: paths.assignmentResults,
    icon: Award,
    label: 'Assignment Results',
    badge: <NewFeedback of="assignment_results" one="new" many="new" />,
  },
  {
    to: paths.results,
    icon: Medal,
    label: 'Results',
    badge: <NewFeedback of="results" one="new" many="new" />,
  },
  {
    to: paths.skillBuilder,
    icon: Sparkles,
    label: 'Skill Builder',
    badge: <NewFeedback of="skill_builder" one="new reply" many="new replies" />,
  },
  { to: paths.examPage, icon: GraduationCap, label: 'Exam' },
  { to: paths.myQuizzes, icon: Timer, label: 'Quizzes' },
  { to: paths.game, icon: Gamepad2, label: 'Game' },
  {
    to: paths.notification,
    icon: Bell,
    label: 'Notifications',
    badge: <UnreadNotifications />,
  },
];

/** The Leitner box: busy until its cards due are counted, then an indicator when some are. */
function LeitnerTile() {
  const { data: cardsDue = 0, isPending } = useCardsToReview();
  return (
    <Tile
      to={paths.leitnerBox}
      icon={<Layers size={ICON} />}
      label="Leitner Box"
      busy={isPending}
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
  );
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

/**
 * Every student button of spec section 2, in its order: the academy's links, the screens (with
 * what waits on them in a corner badge), the Leitner box (its cards due), the account's.
 */
export function StudentTiles({
  config,
  onLogout,
}: {
  config: CallResponse<'appConfig'> | undefined;
  onLogout: () => void;
}) {
  return (
    <TileGrid label="Student screens">
      <AddressTile
        address={config?.onlineClassUrl}
        isLoaded={config !== undefined}
        icon={<Video size={ICON} />}
        label="Online Class"
      />
      {SCREENS.map(({ to, icon: Icon, label, badge }) => (
        <Tile key={to} to={to} icon={<Icon size={ICON} />} label={label} corner={badge} />
      ))}
      <LeitnerTile />
      <PaymentsTile iconSize={ICON} />
      <AddressTile
        address={config?.websiteUrl}
        isLoaded={config !== undefined}
        icon={<Globe size={ICON} />}
        label="Website"
      />
      <Tile to={paths.messageChoices} icon={<BellRing size={ICON} />} label="Message Choices" />
      <Tile to={paths.changePassword} icon={<KeyRound size={ICON} />} label="Change Password" />
      <Tile onClick={onLogout} icon={<LogOut size={ICON} />} label="Logout" tone="danger" />
    </TileGrid>
  );
}
