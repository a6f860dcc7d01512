import { verifyPath } from '@academy/contract/certificates';
/**
 * Every route of the app (spec section 2), in one place: screens link with these names,
 * never with string literals. A route with an id or a search parameter is linked to with its
 * builder in `hrefs` below, never by pasting the URL together.
 */
export const paths = {
  root: '/',
  login: '/login',
  loading: '/loading',
  adminHome: '/admin',
  userHome: '/user',
  /** New: a teacher's home, their day's classes and what waits for a correction (issue 29). */
  teacherHome: '/teacher',
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
  /** New: what went, waits or failed by push, e-mail and SMS, and why (issue 31). */
  outbox: '/outbox',
  onlineUsers: '/online-users',
  studentLeitnerBox: '/studentleitnerbox',
  /** New: exams, Skill Builder items and speaking questions, and who took them. */
  skillContent: '/skill-content',
  /** New: who changed what. */
  auditLog: '/audit-log',
  /** New: the academy's name, time zone, links and images. */
  settings: '/settings',
  /** New: classes and their students. */
  classes: '/classes',
  /** New: one class's page (its students, renaming, archiving, sending it work). */
  classPage: '/classes/:id',
  /** New: a class session's roll, taken on a phone (issue 29). */
  roll: '/roll/:id',
  /** New: speaking questions and the spoken answers to correct, an administrator's or a teacher's (issue 29). */
  speakingAnswers: '/speaking-answers',
  /** New: the students at or over the absence warning this term (issue 29). */
  attendanceWarnings: '/attendance-warnings',
  /** New: what went to many, and who has read it (`?kind=` chooses the list). */
  sentItems: '/sent-items',
  /** New: one item sent to many, and who has read it. */
  sentItem: '/sent-items/:id',
  /** New: one student's page (components/student-link.tsx links to a student's). */
  studentPage: '/students/:id',
  /** New: a class's result sheet of a term (`?term=` chooses it), typed and published (issue 30). */
  resultSheet: '/classes/:id/results',
  /** New: a class's fee plan for a term, and charging it to the class's students (issue 52). */
  feePlan: '/classes/:id/fees',
  /** New: the result sheets: a class and a term chosen, its sheet opens (issue 30). */
  resultSheets: '/result-sheets',
  /** New: the question bank, filtered and paged, its GIFT export (issue 51). */
  questionBank: '/question-bank',
  /** New: a new item of the bank, made in its editor. */
  newQuestionItem: '/question-bank/new',
  /** New: GIFT or Aiken questions pasted or read from a file, previewed, then imported. */
  questionImport: '/question-bank/import',
  /** New: the reading texts and recordings items stand on, made, edited and deleted. */
  questionPassages: '/question-bank/passages',
  /** New: one item of the bank in its editor, with its versions. */
  questionItem: '/question-bank/:id',
  /** New: the quizzes an administrator runs or a teacher made, each opening its builder. */
  quizzes: '/quizzes',
  /** New: a new quiz in the builder. */
  newQuiz: '/quizzes/new',
  /** New: one quiz's builder: its settings, its items and draws, and sending it. */
  quiz: '/quizzes/:id',
  /** New: each student's attempts at a quiz and the mark that counts. */
  quizAttempts: '/quizzes/:id/attempts',
  /** New: a quiz's item analysis: each item's facility and discrimination, the marks' spread. */
  quizAnalysis: '/quizzes/:id/analysis',
  /** New: one attempt in full, with the key; spoken answers marked here (`?user_id=`). */
  quizAttempt: '/quiz-attempts/:id',
  /** New: the desk: a payer found by name, with what they owe (issue 52, point 3). */
  payments: '/payments',
  /** New: who owes: balances, days overdue, the next instalment, totals, a reminder. */
  debtors: '/payments/debtors',
  /** New: a payer's statement at the desk: what is due, payments, receipts and voids. */
  payerStatement: '/payments/:studentId',
  /** New: card transfers payers reported, to approve or reject (issue 52, point 4). */
  cardTransfers: '/payments/transfers',
  /** New: income by method, what is outstanding per term, the receipt-number check (point 8). */
  moneyReports: '/payments/reports',
  /** New: teachers' pay for a month from the roll: rates, adjustments, CSV (point 7). */
  teacherPay: '/payments/teacher-pay',
  /** New: the academy's money rules: late joining, refunds, discounts (issue 52, point 2). */
  moneyRules: '/payments/rules',
  /** New: a teacher's own pay for a month (issue 52, point 7). */
  myPay: '/my-pay',

  // Anyone's, signed in or not (issues 30 and 31).
  /** New: the check of a certificate's code, typed in. */
  verify: '/verify',
  /** New: a certificate's code checked (its QR code opens this; contract's verifyPath). */
  verifyCertificate: '/verify/:code',
  /** New: "Forgot password?": a link to set a new password, asked for by e-mail (issue 31). */
  forgotPassword: '/forgot-password',
  /** New: the e-mailed link's screen: a new password, once (the server writes the link). */
  resetPassword: '/reset-password/:token',

  // Anyone signed in (issue 31).
  /** New: which channels reach the person beyond the app, for each kind of message. */
  messageChoices: '/message-choices',

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
  /** New: the student's published term results, a report card a term (issue 30). */
  results: '/results',
  /** New: the student's quizzes: upcoming, open and done, with their marks (issue 51). */
  myQuizzes: '/my-quizzes',
  /** New: an attempt going on: one question a screen or all on one page, timed by the server. */
  quizTaking: '/my-quizzes/attempts/:id',
  /** New: a finished attempt as the quiz's review options allow. */
  quizReview: '/my-quizzes/review/:id',
  /** New: the student's balance, instalments, receipts and history of payments (issue 52). */
  myPayments: '/my-payments',
  /** New: "I paid by card transfer": the transfer's details and its receipt's photo. */
  cardTransfer: '/my-payments/card-transfer',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * The way back most screens offer: an admin's to the dashboard, a student's to the home screen,
 * a teacher's to theirs (a screen both open asks shared/staff-home.ts which).
 */
export const backTo = {
  dashboard: { to: paths.adminHome, label: 'Back to Dashboard' },
  home: { to: paths.userHome, label: 'Back to Home Screen' },
  teacherHome: { to: paths.teacherHome, label: 'Back to Home' },
} as const;

/**
 * The search parameters links carry, by name: the screen that reads one and the builder that
 * writes it use the same entry, so the two cannot drift apart.
 */
export const linkParams = {
  /** Send Assignment and Send Notification start with this class chosen. */
  class: 'class',
  /** The import whose slips are printed. */
  job: 'job',
  /** Submit Assignment starts with this assignment chosen (the spec's `assignment_id`). */
  assignmentId: 'assignment_id',
  /** Download Assignment opens at this assignment (a notification's link). */
  assignment: 'assignment',
  /** Students Correction starts with this student and submission (the spec's names). */
  userId: 'user_id',
  submissionId: 'submission_id',
  /** Which list Sent Items shows. */
  kind: 'kind',
  /** Which tab Exams and Skill Builder shows. */
  tab: 'tab',
  /** Before the class page and the sent item had routes, `/classes?id=` and `/sent-items?id=`. */
  id: 'id',
  /** The term a class's result sheet is of. */
  term: 'term',
} as const;

/** A path with a search part built from the given parameters (those left undefined are left out). */
function withSearch(
  path: string,
  params: Partial<Record<keyof typeof linkParams, string | number>>,
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) search.set(linkParams[key as keyof typeof linkParams], String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A route with one `:id` in it, for that record. */
type PathWithId = Extract<AppPath, `${string}/:id` | `${string}/:id/${string}`>;
const withId = (path: PathWithId, id: number) => path.replace(':id', String(id));

/**
 * Links to the routes that take an id or a search parameter, typed: every such link in the
 * app is built here. A route without either is its own link (`paths.inbox`).
 */
export const hrefs = {
  studentPage: (id: number) => withId(paths.studentPage, id),
  classPage: (id: number) => withId(paths.classPage, id),
  verifyCertificate: (code: string) => verifyPath(code),
  resetPassword: (token: string) => paths.resetPassword.replace(':token', token),
  roll: (classSessionId: number) => withId(paths.roll, classSessionId),
  resultSheet: (classId: number, termId?: number) =>
    withSearch(withId(paths.resultSheet, classId), { term: termId }),
  feePlan: (classId: number) => withId(paths.feePlan, classId),
  sentItem: (id: number) => withId(paths.sentItem, id),
  questionItem: (id: number) => withId(paths.questionItem, id),
  quiz: (id: number) => withId(paths.quiz, id),
  quizAttempts: (quizId: number) => withId(paths.quizAttempts, quizId),
  quizAnalysis: (quizId: number) => withId(paths.quizAnalysis, quizId),
  quizAttempt: (attemptId: number, userId: number) =>
    withSearch(withId(paths.quizAttempt, attemptId), { userId }),
  quizTaking: (attemptId: number) => withId(paths.quizTaking, attemptId),
  quizReview: (attemptId: number) => withId(paths.quizReview, attemptId),
  payerStatement: (studentId: number) =>
    paths.payerStatement.replace(':studentId', String(studentId)),
  sentItems: (kind?: string) => withSearch(paths.sentItems, { kind }),
  importSlips: (jobId: number) => withSearch(paths.importSlips, { job: jobId }),
  sendAssignmentTo: (classId: number) => withSearch(paths.sendAssignment, { class: classId }),
  sendNotificationTo: (classId: number) => withSearch(paths.sendNotification, { class: classId }),
  submitAssignment: (assignmentId: number) => withSearch(paths.submitAssignment, { assignmentId }),
  downloadAssignment: (assignmentId: number) =>
    withSearch(paths.downloadAssignment, { assignment: assignmentId }),
  studentsCorrection: (userId: number, submissionId: number) =>
    withSearch(paths.studentsCorrection, { userId, submissionId }),
};
