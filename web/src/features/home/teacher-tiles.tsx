import { type StaffTileGroup, StaffTiles } from './staff-tiles';

/**
 * The teacher's screens (those staff share: issue 29), grouped as the administrator's
 * dashboard groups them, and their account. Each shows only their classes' students.
 */
const GROUPS: StaffTileGroup[] = [
  {
    heading: 'Teaching',
    tiles: [
      'classes',
      'inbox',
      'studentsCorrection',
      'sent',
      'speakingAnswers',
      'skillContent',
      'questionBank',
      'quizzes',
      'attendanceWarnings',
      'resultSheets',
      'sendAssignment',
      'viewAssignments',
      'sendSchedule',
      'editStudentSchedule',
      'studentLeitnerBox',
    ],
  },
  { heading: 'Messages', tiles: ['sendNotification', 'allNotifications', 'sentItems'] },
  { heading: 'Pay', tiles: ['myPay'] },
];

export function TeacherTiles({
  newSubmissions = 0,
  onLogout,
}: {
  newSubmissions?: number;
  onLogout: () => void;
}) {
  return (
    <StaffTiles
      label="Teacher screens"
      groups={GROUPS}
      badges={{ inbox: { of: 'new_submissions', one: 'new hand-in', many: 'new hand-ins' } }}
      counts={{ new_submissions: newSubmissions }}
      onLogout={onLogout}
    />
  );
}
