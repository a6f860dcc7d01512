import type { CallResponse } from '@academy/contract';
import {
  Bell,
  BellPlus,
  BellRing,
  CalendarCog,
  CalendarPlus,
  ClipboardList,
  FilePen,
  FileSpreadsheet,
  FolderCheck,
  GraduationCap,
  History,
  Inbox,
  KeyRound,
  Layers,
  LogOut,
  type LucideIcon,
  MailCheck,
  Mails,
  School,
  Send,
  Settings,
  UserPlus,
  Users,
  Wifi,
} from 'lucide-react';
import { paths } from '../../shared/paths';
import { Badge, Tile, TileGroup, TileGroups } from '../../ui';
import { countWords } from './use-admin-counts';

type Counts = CallResponse<'getAdminCounts'>;

interface AdminTile {
  label: string;
  icon: LucideIcon;
  /** The screen it opens; none for Logout. */
  to?: string;
  /** The work waiting that its corner badge counts, and how the count is read out. */
  count?: { of: Exclude<keyof Counts, 'success'>; one: string; many: string };
}

/** Every admin screen of spec section 2, grouped by job, in the dashboard's order. */
const GROUPS: { heading: string; tiles: AdminTile[] }[] = [
  {
    heading: 'People',
    tiles: [
      { to: paths.createUser, icon: UserPlus, label: 'Create User' },
      { to: paths.viewUsers, icon: Users, label: 'View Users' },
      { to: paths.classes, icon: School, label: 'Classes' },
      {
        to: paths.onlineUsers,
        icon: Wifi,
        label: 'Online Users',
        count: { of: 'students_online', one: 'student online', many: 'students online' },
      },
      { to: paths.auditLog, icon: History, label: 'Audit Log' },
    ],
  },
  {
    heading: 'Teaching',
    tiles: [
      {
        to: paths.inbox,
        icon: Inbox,
        label: 'Inbox',
        count: { of: 'new_submissions', one: 'new submission', many: 'new submissions' },
      },
      { to: paths.studentsCorrection, icon: FilePen, label: 'Students Correction' },
      { to: paths.sent, icon: FolderCheck, label: 'Sent Corrections' },
      { to: paths.resultSheets, icon: FileSpreadsheet, label: 'Result Sheets' },
      { to: paths.sendAssignment, icon: Send, label: 'Send Assignment' },
      {
        to: paths.viewAssignments,
        icon: ClipboardList,
        label: 'View Assignments',
        count: { of: 'unread_assignments', one: 'assignment unread', many: 'assignments unread' },
      },
      { to: paths.sendSchedule, icon: CalendarPlus, label: 'Send Schedule' },
      { to: paths.editStudentSchedule, icon: CalendarCog, label: 'Edit Student Schedule' },
    ],
  },
  {
    heading: 'Messages',
    tiles: [
      { to: paths.sendNotification, icon: BellPlus, label: 'Send Notification' },
      { to: paths.allNotifications, icon: Bell, label: 'All Notifications' },
      { to: paths.sentItems, icon: MailCheck, label: 'Sent Items' },
      { to: paths.outbox, icon: Mails, label: 'Outbox' },
    ],
  },
  {
    heading: 'Content',
    tiles: [
      {
        to: paths.skillContent,
        icon: GraduationCap,
        label: 'Exams and Skill Builder',
        count: {
          of: 'waiting_speaking_answers',
          one: 'speaking answer waiting',
          many: 'speaking answers waiting',
        },
      },
      { to: paths.studentLeitnerBox, icon: Layers, label: 'Student Leitner Box' },
      { to: paths.settings, icon: Settings, label: 'Settings' },
    ],
  },
  {
    heading: 'Your account',
    tiles: [
      { to: paths.changePassword, icon: KeyRound, label: 'Change Password' },
      { to: paths.messageChoices, icon: BellRing, label: 'Message Choices' },
      { icon: LogOut, label: 'Logout' },
    ],
  },
];

const ICON = 24;

/** The dashboard's tiles; those of work waiting carry its count in a corner badge. */
export function AdminTiles({ counts, onLogout }: { counts?: Counts; onLogout: () => void }) {
  return (
    <TileGroups label="Admin screens">
      {GROUPS.map((group) => (
        <TileGroup key={group.heading} heading={group.heading}>
          {group.tiles.map(({ to, icon: Icon, label, count }) => {
            const waiting = count ? (counts?.[count.of] ?? 0) : 0;
            const corner = count && (
              <Badge count={waiting} label={countWords(waiting, count.one, count.many)} />
            );
            return to === undefined ? (
              <Tile
                key={label}
                onClick={onLogout}
                icon={<Icon size={ICON} />}
                label={label}
                tone="danger"
              />
            ) : (
              <Tile key={label} to={to} icon={<Icon size={ICON} />} label={label} corner={corner} />
            );
          })}
        </TileGroup>
      ))}
    </TileGroups>
  );
}
