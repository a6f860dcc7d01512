import type { quizSchemas } from '@academy/contract';
import { type QuizWorldIds, SPOKEN_POSITION } from '../test-support/quiz-world.js';
import { samples } from '../test-support/samples.js';
import type { AccessCase } from './access-case.js';

/**
 * The quizzes' calls in the access matrix (issue 51, point 10), on the world's quiz
 * (test-support/quiz-world.ts, `quizWorld`).
 */
const partsOf = (ids: QuizWorldIds) =>
  [ids.quizChoiceItem, ids.quizSpokenItem, ids.quizDictationItem].map((item_id) => ({ item_id }));

const HOUR = 3_600_000;

/** One case per quiz call; `accessCases` spreads it in. */
export const quizCases: Record<keyof typeof quizSchemas, AccessCase> = {
  listQuizzes: { payload: () => ({}) },
  getQuiz: { payload: (w) => ({ id: w.ids.quiz }) },
  // An edit of A's teacher's quiz that keeps its parts (A has started it: they are locked).
  saveQuiz: {
    payload: (w) => ({
      id: w.ids.quiz,
      title: 'World Quiz, renamed',
      access_start: new Date(w.t.clock.now - HOUR).toISOString(),
      access_end: new Date(w.t.clock.now + 48 * HOUR).toISOString(),
      attempts_allowed: 0,
      parts: partsOf(w.ids),
    }),
  },
  sendQuiz: { payload: (w) => ({ quiz_id: w.ids.quiz, class_id: w.ids.schoolClass }) },
  deleteQuiz: { payload: (w) => ({ id: w.ids.quizToDelete }) },
  myQuizzes: { payload: (w) => ({ user_id: w.a.id }) },
  // A has an attempt going on: starting again returns it. B was not sent the quiz.
  startQuizAttempt: {
    payload: (w) => ({ user_id: w.a.id, quiz_id: w.ids.quiz }),
    othersRecord: true,
  },
  getQuizAttempt: {
    payload: (w) => ({ user_id: w.a.id, attempt_id: w.ids.quizOpenAttempt }),
    othersRecord: true,
  },
  saveQuizAnswers: {
    payload: (w) => ({
      user_id: w.a.id,
      attempt_id: w.ids.quizOpenAttempt,
      answers: [{ position: 0, response: { type: 'choice', chosen: ['b'] } }],
    }),
    othersRecord: true,
  },
  saveQuizRecording: {
    payload: (w) => ({
      user_id: String(w.a.id),
      attempt_id: String(w.ids.quizOpenAttempt),
      position: String(SPOKEN_POSITION),
    }),
    files: () => ({ audio_file: { filename: 'a.wav', content: samples.wav } }),
    othersRecord: true,
  },
  playQuizRecording: {
    payload: (w) => ({
      user_id: w.a.id,
      attempt_id: w.ids.quizOpenAttempt,
      passage_id: w.ids.quizPassage,
    }),
    othersRecord: true,
  },
  submitQuizAttempt: {
    payload: (w) => ({ user_id: w.a.id, attempt_id: w.ids.quizOpenAttempt }),
    othersRecord: true,
  },
  quizReview: {
    payload: (w) => ({ user_id: w.a.id, attempt_id: w.ids.quizClosedAttempt }),
    othersRecord: true,
  },
  quizAttempts: { payload: (w) => ({ quiz_id: w.ids.quiz }) },
  staffQuizAttempt: {
    payload: (w) => ({ attempt_id: w.ids.quizClosedAttempt, user_id: w.a.id }),
  },
  markQuizAnswer: {
    payload: (w) => ({
      attempt_id: w.ids.quizClosedAttempt,
      user_id: w.a.id,
      position: SPOKEN_POSITION,
      mark: '1.5',
    }),
  },
  // A's wrong answer in a quiz whose review shows the right answers; B's own call names A's
  // attempt, and is answered as an attempt that does not exist.
  makeQuizCard: {
    payload: (w) => ({
      user_id: w.a.id,
      attempt_id: w.ids.quizMistakeAttempt,
      position: 0,
      part: null,
    }),
    othersRecord: true,
  },
  // Names nothing but the student: B's own call draws from B's mistakes (B has none).
  practiseQuizMistakes: { payload: (w) => ({ user_id: w.a.id }) },
};
