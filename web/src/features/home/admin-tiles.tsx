import type { CallResponse } from '@academy/contract';
import { type StaffScreen, type StaffTileGroup, StaffTiles, type TileCount } from './staff-tiles';

type Counts = CallResponse<'getAdminCounts'>;
type Counted = Exclude<keyof Counts, 'success'>;

/** Every admin screen of spec section 2, grouped by job, in the dashboard's order. */
const GROUPS: StaffTileGroup[] = [
  {
    heading: 'People',
    tiles: ['createUser', 'viewUsers', 'classes', 'onlineUsers', 'auditLog'],
  },
  {
    heading: 'Teaching',
    tiles: [
      'inbox',
      'studentsCorrection',
      'sent',
      'resultSheets',
      'sendAssignment',
      'viewAssignments',
      'sendSchedule',
      'editStudentSchedule',
    ],
  },
  { heading: 'Messages', tiles: ['sendNotification', 'allNotifications', 'sentItems', 'outbox'] },
  { heading: 'Money', tiles: ['payments'] },
  {
    heading: 'Content',
    tiles: ['skillContent', 'questionBank', 'quizzes', 'studentLeitnerBox', 'settings'],
  },
];

/** The tiles whose corner counts work waiting, and how each count is read out. */
const BADGES: Partial<Record<StaffScreen, TileCount<Counted>>> = {
  onlineUsers: { of: 'students_online', one: 'student online', many: 'students online' },
  inbox: { of: 'new_submissions', one: 'new submission', many: 'new submissions' },
  viewAssignments: {
    of: 'unread_assignments',
    one: 'assignment unread',
    many: 'assignments unread',
  },
  skillContent: {
    of: 'waiting_speaking_answers',
    one: 'speaking answer waiting',
    many: 'speaking answers waiting',
  },
};

/** The dashboard's tiles; those of work waiting carry its count in a corner badge. */
export function AdminTiles({ counts, onLogout }: { counts?: Counts; onLogout: () => void }) {
  return (
    <StaffTiles
      label="Admin screens"
      groups={GROUPS}
      badges={BADGES}
      counts={counts}
      onLogout={onLogout}
    />
  );
}
