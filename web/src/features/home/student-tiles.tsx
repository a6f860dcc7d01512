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
import { paths } from '../../shared/paths';
import { Badge, Tile, TileGrid } from '../../ui';
import styles from './home.module.css';
import { PaymentsTile } from './payments-tile';
import type { TileCount } from './staff-tiles';
import { countWords } from './use-admin-counts';

const ICON = 24;

/** What waits for the student on a screen: a tile's corner badge counts it. */
export type Waiting = 'assignments' | 'results' | 'termResults' | 'replies' | 'notifications';

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
  {
    to: paths.results,
    icon: Medal,
    label: 'Results',
    badge: { of: 'termResults', one: 'new', many: 'new' },
  },
  {
    to: paths.skillBuilder,
    icon: Sparkles,
    label: 'Skill Builder',
    badge: { of: 'replies', one: 'new reply', many: 'new replies' },
  },
  { to: paths.examPage, icon: GraduationCap, label: 'Exam' },
  { to: paths.myQuizzes, icon: Timer, label: 'Quizzes' },
  { to: paths.game, icon: Gamepad2, label: 'Game' },
  {
    to: paths.notification,
    icon: Bell,
    label: 'Notifications',
    badge: { of: 'notifications', one: 'unread', many: 'unread' },
  },
];

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
  waiting,
  cardsDue,
  isCountingCards,
  onLogout,
}: {
  config: CallResponse<'appConfig'> | undefined;
  waiting: Record<Waiting, number>;
  cardsDue: number;
  isCountingCards: boolean;
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
