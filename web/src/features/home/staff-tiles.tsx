import {
  Bell,
  BellDot,
  BellPlus,
  BellRing,
  CalendarCog,
  CalendarPlus,
  ClipboardList,
  FilePen,
  FileSpreadsheet,
  FolderCheck,
  GraduationCap,
  HandCoins,
  History,
  Inbox,
  KeyRound,
  Layers,
  ListChecks,
  LogOut,
  type LucideIcon,
  MailCheck,
  Mails,
  Mic,
  School,
  Send,
  Settings,
  Timer,
  UserPlus,
  Users,
  UserX,
  Wifi,
} from 'lucide-react';
import { useUnreadNotifications } from '../../api/waiting-counts';
import { paths } from '../../shared/paths';
import { Badge, Tile, TileGroup, TileGroups } from '../../ui';
import { countWords } from './use-admin-counts';

/** Every staff screen a home tile opens, once: each role's home picks and groups its own. */
const SCREENS = {
  createUser: { to: paths.createUser, icon: UserPlus, label: 'Create User' },
  viewUsers: { to: paths.viewUsers, icon: Users, label: 'View Users' },
  classes: { to: paths.classes, icon: School, label: 'Classes' },
  onlineUsers: { to: paths.onlineUsers, icon: Wifi, label: 'Online Users' },
  auditLog: { to: paths.auditLog, icon: History, label: 'Audit Log' },
  inbox: { to: paths.inbox, icon: Inbox, label: 'Inbox' },
  studentsCorrection: { to: paths.studentsCorrection, icon: FilePen, label: 'Students Correction' },
  sent: { to: paths.sent, icon: FolderCheck, label: 'Sent Corrections' },
  speakingAnswers: { to: paths.speakingAnswers, icon: Mic, label: 'Speaking' },
  attendanceWarnings: { to: paths.attendanceWarnings, icon: UserX, label: 'Absence Warnings' },
  myPay: { to: paths.myPay, icon: HandCoins, label: 'My Pay' },
  resultSheets: { to: paths.resultSheets, icon: FileSpreadsheet, label: 'Result Sheets' },
  sendAssignment: { to: paths.sendAssignment, icon: Send, label: 'Send Assignment' },
  viewAssignments: { to: paths.viewAssignments, icon: ClipboardList, label: 'View Assignments' },
  sendSchedule: { to: paths.sendSchedule, icon: CalendarPlus, label: 'Send Schedule' },
  editStudentSchedule: {
    to: paths.editStudentSchedule,
    icon: CalendarCog,
    label: 'Edit Student Schedule',
  },
  sendNotification: { to: paths.sendNotification, icon: BellPlus, label: 'Send Notification' },
  allNotifications: { to: paths.allNotifications, icon: Bell, label: 'All Notifications' },
  sentItems: { to: paths.sentItems, icon: MailCheck, label: 'Sent Items' },
  outbox: { to: paths.outbox, icon: Mails, label: 'Outbox' },
  skillContent: { to: paths.skillContent, icon: GraduationCap, label: 'Exams and Skill Builder' },
  questionBank: { to: paths.questionBank, icon: ListChecks, label: 'Question Bank' },
  quizzes: { to: paths.quizzes, icon: Timer, label: 'Quizzes' },
  studentLeitnerBox: { to: paths.studentLeitnerBox, icon: Layers, label: 'Student Leitner Box' },
  settings: { to: paths.settings, icon: Settings, label: 'Settings' },
  payments: { to: paths.payments, icon: HandCoins, label: 'Payments' },
  notifications: { to: paths.notification, icon: BellDot, label: 'Your Notifications' },
  changePassword: { to: paths.changePassword, icon: KeyRound, label: 'Change Password' },
  messageChoices: { to: paths.messageChoices, icon: BellRing, label: 'Message Choices' },
} satisfies Record<string, { to: string; icon: LucideIcon; label: string }>;

export type StaffScreen = keyof typeof SCREENS;

/** The work waiting that a tile's corner badge counts (one of `counts`), and how it is read out. */
export interface TileCount<K extends string> {
  of: K;
  one: string;
  many: string;
}

export interface StaffTileGroup {
  heading: string;
  tiles: StaffScreen[];
}

const ICON = 24;

/**
 * A staff home's tiles: its groups of screens, each a tile, then the account's (with Logout).
 * The tiles of work waiting carry its count in a corner badge that moves no tile; the
 * account's own notifications (issue 49, point 3) carry the unread ones', as a student's do.
 */
export function StaffTiles<K extends string>({
  label,
  groups,
  badges = {},
  counts,
  onLogout,
}: {
  label: string;
  groups: StaffTileGroup[];
  badges?: Partial<Record<StaffScreen, TileCount<K>>>;
  counts?: Partial<Record<K, number>>;
  onLogout: () => void;
}) {
  const unread = useUnreadNotifications().data?.notifications.length ?? 0;
  const account: StaffTileGroup = {
    heading: 'Your account',
    tiles: ['notifications', 'changePassword', 'messageChoices'],
  };
  return (
    <TileGroups label={label}>
      {[...groups, account].map((group) => (
        <TileGroup key={group.heading} heading={group.heading}>
          {group.tiles.map((screen) => {
            const { to, icon: Icon, label } = SCREENS[screen];
            const count = badges[screen];
            const waiting = count ? (counts?.[count.of] ?? 0) : 0;
            const corner =
              screen === 'notifications' ? (
                <Badge count={unread} label={countWords(unread, 'unread', 'unread')} />
              ) : (
                count && (
                  <Badge count={waiting} label={countWords(waiting, count.one, count.many)} />
                )
              );
            return (
              <Tile
                key={screen}
                to={to}
                icon={<Icon size={ICON} />}
                label={label}
                corner={corner}
              />
            );
          })}
          {group === account && (
            <Tile onClick={onLogout} icon={<LogOut size={ICON} />} label="Logout" tone="danger" />
          )}
        </TileGroup>
      ))}
    </TileGroups>
  );
}
