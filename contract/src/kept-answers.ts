import type { CallName, routes } from './routes/index.js';

/**
 * The answers a device may keep for use offline (issue 48, point 7): the calls, and only
 * those, whose answers the offline worker copies into its cache (web/src/service-worker/) and
 * the server labels as keepable (server/src/http/security-headers.ts); every other answer is
 * `Cache-Control: no-store` and never leaves the network. A call added to the route table is
 * therefore not kept unless it is named here.
 *
 * They are the GET calls of the student's screens kept for use offline (the route kinds
 * `kept`, `keptChanges`, `practice` and `menu`, web/src/shared/offline-notes.ts), each read by
 * a query marked `meta.offline`: the student's own answers, which the offline store keeps too
 * (web/src/shared/offline-cache.ts). Not here, and so never kept by the worker: the reads the
 * spec sends as POSTs (the schedule, the card library: the offline store alone keeps them);
 * the branding calls (public, and the page carries their answers: the worker's copy of the
 * page has them); every staff and admin call (no staff screen is kept offline); and every
 * file and export (report cards, certificates, CSV and XLSX, everyone's e-mails), the outbox
 * and the e-mail and SMS settings. The server keeps even these for students only: the same
 * call made by staff (a student's results on their page) is answered `no-store`. A teacher's
 * two kept calls are listed apart (TEACHER_KEPT_ANSWERS, below).
 */
export const KEPT_ANSWERS = {
  /** Download Assignment, and the upload form's choice of the assignment answered. */
  getUserAssignments: '/api/get_user_assignments.php',
  /** The Schedule's attendance card. */
  getAttendance: '/api/get_attendance.php',
  /** Notifications (and the home's unread popup, the same call narrowed). */
  getNotifications: '/api/get_notifications.php',
  /** The home's and Skill Builder's counts of feedback not yet seen. */
  getFeedbackNews: '/api/get_feedback_news.php',
  /** The home's count of cards to review. */
  getCardsToReview: '/api/get_cards_to_review.php',
  /** The Flashcard Challenge's cards due. */
  getCards: '/api/get_cards.php',
  /** Results: the published term results (not their PDFs). */
  getResults: '/api/get_results.php',
  /** Assignment Results: the corrections sent back. */
  studentsGetCorrections: '/api/students_get_corrections.php',
  /** Assignment Results: the replies to spoken answers. */
  speakingReplies: '/api/speaking_replies.php',
  /** Quizzes (issue 51), and Assignment Results' quiz marks: the student's quizzes. */
  myQuizzes: '/api/my_quizzes.php',
  /**
   * An attempt going on: its items' bodies, never a key (the server's student presenters read
   * the body alone), so an attempt reopened with no signal shows its questions.
   */
  getQuizAttempt: '/api/quiz_attempt.php',
  /** A finished attempt's review: only what the quiz's review options show now. */
  quizReview: '/api/quiz_review.php',
  /** My payments and the home's Payments tile (issue 52): the student's own statement. */
  getStatement: '/api/get_statement.php',
} as const satisfies { readonly [K in CallName]?: (typeof routes)[K]['path'] };

/** The paths of a student's answers a device may keep, as a request's pathname is matched against. */
export const KEPT_ANSWER_PATHS: ReadonlySet<string> = new Set(Object.values(KEPT_ANSWERS));

/**
 * A teacher's answers a phone may keep (issue 49, point 1): their teaching day and its rolls,
 * so the app opened with no signal lists today's classes and takes their rolls (the roll waits
 * on the phone and is sent once the signal is back). Kept only for a teacher, and only their
 * own: the teaching day is narrowed to the caller's classes, a roll answers only the teacher of
 * its class (or an administrator, whose answers stay `no-store`: the dashboard is not kept).
 * The teacher's home warms them while online (web/src/features/home/use-kept-day.ts).
 */
export const TEACHER_KEPT_ANSWERS = {
  /** The teacher's home: today's sessions of their classes and their rolls' state. */
  getTeachingDay: '/api/get_teaching_day.php',
  /** The roll of one of those sessions, with its students. */
  getRoll: '/api/get_roll.php',
} as const satisfies { readonly [K in CallName]?: (typeof routes)[K]['path'] };

/** The paths of a teacher's answers a phone may keep. */
export const TEACHER_KEPT_ANSWER_PATHS: ReadonlySet<string> = new Set(
  Object.values(TEACHER_KEPT_ANSWERS),
);

/** Whose answers a kept path's are (the one role it is kept for), or undefined: never kept. */
export function keptAnswerOwner(pathname: string): 'student' | 'teacher' | undefined {
  if (KEPT_ANSWER_PATHS.has(pathname)) return 'student';
  return TEACHER_KEPT_ANSWER_PATHS.has(pathname) ? 'teacher' : undefined;
}

/**
 * How the server labels a kept answer: never in a shared cache, and never used without asking
 * the server again; every other JSON answer says `no-store`, which the worker obeys too.
 */
export const KEPT_ANSWER_CACHE_CONTROL = 'private, no-cache';
