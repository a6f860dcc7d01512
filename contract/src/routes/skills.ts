import { defineRoutes } from './meta.js';

/** The exam, the Skill Builder items (reading, listening, story) and speaking questions. */
export const skillRoutes = defineRoutes({
  getExam: { method: 'GET', path: '/api/get_exam.php', access: 'user', encoding: 'query' },
  updateAttempted: {
    method: 'POST',
    path: '/api/update_attempted.php',
    access: 'user',
    encoding: 'json',
  },
  getReading: { method: 'GET', path: '/api/get_reading.php', access: 'user', encoding: 'query' },
  getListening: {
    method: 'GET',
    path: '/api/get_listening.php',
    access: 'user',
    encoding: 'query',
  },
  getStory: { method: 'GET', path: '/api/get_story.php', access: 'user', encoding: 'query' },
  updateReadingAttempted: {
    method: 'POST',
    path: '/api/update_reading_attempted.php',
    access: 'user',
    encoding: 'json',
  },
  updateListeningAttempted: {
    method: 'POST',
    path: '/api/update_listening_attempted.php',
    access: 'user',
    encoding: 'json',
  },
  updateStoryAttempted: {
    method: 'POST',
    path: '/api/update_story_attempted.php',
    access: 'user',
    encoding: 'json',
  },
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
  },
});
