/**
 * Every route of the app (spec section 2), in one place: screens link with these names,
 * never with string literals.
 */
export const paths = {
  root: '/',
  login: '/login',
  loading: '/loading',
  adminHome: '/admin',
  userHome: '/user',
  /** New: anyone signed in changes their own password. */
  changePassword: '/change-password',

  // Admin screens.
  createUser: '/create-user',
  viewUsers: '/view-users',
  /** New: a finished import's sign-in slips to print and cut out (`?job=` names it). */
  importSlips: '/import-slips',
  sendSchedule: '/send-schedule',
  editStudentSchedule: '/edit-student-schedule',
  sendAssignment: '/send-assignment',
  viewAssignments: '/view-assignments',
  inbox: '/inbox',
  studentsCorrection: '/students-correction',
  sent: '/sent',
  sendNotification: '/send-notification',
  allNotifications: '/all-notifications',
  onlineUsers: '/online-users',
  studentLeitnerBox: '/studentleitnerbox',
  /** New: exams, Skill Builder items and speaking questions, and who took them. */
  skillContent: '/skill-content',
  /** New: who changed what. */
  auditLog: '/audit-log',
  /** New: the academy's name, time zone, links and images. */
  settings: '/settings',
  /** New: classes and their students (`?id=` opens one). */
  classes: '/classes',
  /** New: what went to many, and who has read it (`?id=` opens one). */
  sentItems: '/sent-items',
  /** New: one student's page (components/student-link.tsx links to a student's). */
  studentPage: '/students/:id',

  // Student screens.
  schedule: '/schedule',
  downloadAssignment: '/download-assignment',
  submitAssignment: '/submit-assignment',
  assignmentResults: '/assignment-results',
  notification: '/notification',
  examPage: '/exam-page',
  game: '/game',
  skillBuilder: '/skill-builder',
  speakingScreen: '/speaking-screen',
  readingPage: '/reading-page',
  listeningPage: '/listening-page',
  storyPage: '/story-page',
  leitnerBox: '/leitnerbox',
  addCard: '/addcard',
  cardLibrary: '/cardlibrary',
  flashcardBox: '/flashcardbox',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
