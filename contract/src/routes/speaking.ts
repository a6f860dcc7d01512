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
  listSpeakingQuestions: {
    method: 'GET',
    path: '/api/speaking_questions.php',
    access: 'admin',
    encoding: 'query',
  },
  saveSpeakingQuestion: {
    method: 'POST',
    path: '/api/save_speaking_question.php',
    access: 'admin',
    encoding: 'json',
    changes: ['speaking'],
  },
  deleteSpeakingQuestion: {
    method: 'POST',
    path: '/api/delete_speaking_question.php',
    access: 'admin',
    encoding: 'json',
    changes: ['speaking'],
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
