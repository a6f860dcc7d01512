import { defineRoutes } from './meta.js';

/** Speaking questions, the students' spoken answers and the administrator's replies. */
export const speakingRoutes = defineRoutes({
  getSpeakingQuestion: {
    method: 'GET',
    path: '/api/get_speaking_question.php',
    access: 'user',
    encoding: 'query',
  },
  getSpeakingQuestionStatus: {
    method: 'GET',
    path: '/api/get_speaking_question_status.php',
    access: 'user',
    encoding: 'query',
  },
  sendSpeakingAnswer: {
    method: 'POST',
    path: '/api/send_speaking_answer.php',
    access: 'user',
    encoding: 'multipart',
    changes: ['speaking'],
  },

  // New: the admin side that runs them.
  /**
   * New (issue 29, point 5): every question open to the student now (to everyone, or to them),
   * each saying whether they have answered it; the spec's getSpeakingQuestion answers one.
   */
  getOpenSpeakingQuestions: {
    method: 'GET',
    path: '/api/get_open_speaking_questions.php',
    access: 'user',
    encoding: 'query',
  },
  /** A teacher's: the questions open to any of their students. */
  listSpeakingQuestions: {
    method: 'GET',
    path: '/api/speaking_questions.php',
    access: 'staff',
    encoding: 'query',
    lists: true,
  },
  /**
   * To everyone (administrators only), a class, chosen students or one (issue 29, point 5); a
   * teacher edits only their own questions.
   */
  saveSpeakingQuestion: {
    method: 'POST',
    path: '/api/save_speaking_question.php',
    access: 'staff',
    encoding: 'json',
    changes: ['speaking'],
    reach: { id: 'question', user_id: 'student', user_ids: 'students', class_id: 'class' },
  },
  deleteSpeakingQuestion: {
    method: 'POST',
    path: '/api/delete_speaking_question.php',
    access: 'staff',
    encoding: 'json',
    changes: ['speaking'],
    reach: { id: 'question' },
  },
  /** Every student's answer to a question, to play or download. */
  speakingAnswers: {
    method: 'GET',
    path: '/api/speaking_answers.php',
    access: 'staff',
    lists: true,
    encoding: 'query',
  },
  /** The administrator's reply to an answer: text, a recording, or both (issue 21). */
  replySpeakingAnswer: {
    method: 'POST',
    path: '/api/reply_speaking_answer.php',
    access: 'staff',
    reach: { answer_id: 'answer' },
    encoding: 'multipart',
    // The student is told of the reply (issue 27).
    changes: ['speaking', 'notifications'],
  },
  /** A student's answered questions that have a reply, newest reply first (Assignment Results). */
  speakingReplies: {
    method: 'GET',
    path: '/api/speaking_replies.php',
    access: 'user',
    encoding: 'query',
  },
});
