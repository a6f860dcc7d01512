import { defineRoutes } from './meta.js';

/**
 * Quizzes (issue 51): building and sending them, taking them, marks, review and analysis.
 *
 * Staff calls that name a quiz have the `quiz` and `ownQuiz` reach kinds (meta.ts), and their
 * handlers check the quiz again (taking/staff-quiz.ts: a quiz the teacher made,
 * sent to their students only; an attempt of one of their students), answering as the
 * pipeline does. The calls that read or mark one attempt also name its student (`user_id`),
 * which the pipeline checks.
 */
export const quizRoutes = defineRoutes({
  // Staff: build, send, delete.
  /** The quizzes an administrator runs, or those a teacher made or sent to their students. */
  listQuizzes: {
    method: 'GET',
    path: '/api/quizzes.php',
    access: 'staff',
    encoding: 'query',
    lists: true,
  },
  /** One quiz with its parts, for the builder. */
  getQuiz: {
    method: 'GET',
    path: '/api/quiz.php',
    access: 'staff',
    encoding: 'query',
    reach: { id: 'quiz' },
  },
  /** Creates (no id) or updates a quiz: its settings, and its parts until a student starts it. */
  saveQuiz: {
    method: 'POST',
    path: '/api/save_quiz.php',
    access: 'staff',
    encoding: 'json',
    // A new quiz names no id, so nothing is checked; an update must be the teacher's to change.
    reach: { id: 'ownQuiz' },
    changes: ['quizzes'],
  },
  /** Sends a quiz to one student, chosen students or a class (a teacher: their own). */
  sendQuiz: {
    method: 'POST',
    path: '/api/send_quiz.php',
    access: 'staff',
    encoding: 'json',
    reach: { user_id: 'student', user_ids: 'students', class_id: 'class', quiz_id: 'ownQuiz' },
    changes: ['quizzes'],
  },
  deleteQuiz: {
    method: 'POST',
    path: '/api/delete_quiz.php',
    access: 'staff',
    encoding: 'json',
    reach: { id: 'ownQuiz' },
    changes: ['quizzes'],
  },

  // Students: take a quiz.
  /** The student's quizzes: upcoming, open and closed, with their attempts. */
  myQuizzes: { method: 'GET', path: '/api/my_quizzes.php', access: 'user', encoding: 'query' },
  /** Starts an attempt, or returns the one going on. */
  startQuizAttempt: {
    method: 'POST',
    path: '/api/start_quiz_attempt.php',
    access: 'user',
    encoding: 'json',
    changes: ['quizzes'],
  },
  /** An attempt going on: its items' bodies in the drawn order, the saved answers, the deadline. */
  getQuizAttempt: {
    method: 'GET',
    path: '/api/quiz_attempt.php',
    access: 'user',
    encoding: 'query',
  },
  /**
   * Saves one answer or many (a phone back online sends its queue). Nobody else's screen
   * changes with a save, so no one is told.
   */
  saveQuizAnswers: {
    method: 'POST',
    path: '/api/save_quiz_answers.php',
    access: 'user',
    encoding: 'json',
    changes: [],
  },
  /**
   * A spoken answer: the recording, stored and saved as the item's answer in one call. Its
   * upload rule (contract/src/uploads.ts, `saveQuizRecording`) is one recording, as a speaking
   * answer's; the item sets how long it may be.
   */
  saveQuizRecording: {
    method: 'POST',
    path: '/api/save_quiz_recording.php',
    access: 'user',
    encoding: 'multipart',
    changes: [],
  },
  /** Counts a play of a recording against its limit and answers its link. */
  playQuizRecording: {
    method: 'POST',
    path: '/api/play_quiz_recording.php',
    access: 'user',
    encoding: 'json',
    changes: [],
  },
  submitQuizAttempt: {
    method: 'POST',
    path: '/api/submit_quiz_attempt.php',
    access: 'user',
    encoding: 'json',
    changes: ['quizzes'],
  },
  /** A closed attempt as the quiz's review options allow, and nothing more. */
  quizReview: { method: 'GET', path: '/api/quiz_review.php', access: 'user', encoding: 'query' },
  /** A Leitner card from a mistake, once the review shows the right answer. */
  makeQuizCard: {
    method: 'POST',
    path: '/api/make_quiz_card.php',
    access: 'user',
    encoding: 'json',
    changes: ['cards', 'quizzes'],
  },
  /** "Practise my mistakes": a practice quiz of the student's wrong items, started at once. */
  practiseQuizMistakes: {
    method: 'POST',
    path: '/api/practise_quiz_mistakes.php',
    access: 'user',
    encoding: 'json',
    changes: ['quizzes'],
  },

  // Staff: read and mark attempts.
  /** Each student's attempts at a quiz and the mark that counts (a teacher: their students). */
  quizAttempts: {
    method: 'GET',
    path: '/api/quiz_attempts.php',
    access: 'staff',
    encoding: 'query',
    reach: { quiz_id: 'quiz' },
    lists: true,
  },
  /** One attempt in full, with the key. */
  staffQuizAttempt: {
    method: 'GET',
    path: '/api/staff_quiz_attempt.php',
    access: 'staff',
    encoding: 'query',
    reach: { user_id: 'student' },
  },
  /** A teacher's mark on a spoken answer; the attempt's mark is worked out again. */
  markQuizAnswer: {
    method: 'POST',
    path: '/api/mark_quiz_answer.php',
    access: 'staff',
    encoding: 'json',
    reach: { user_id: 'student' },
    changes: ['quizzes', 'notifications'],
  },
});
