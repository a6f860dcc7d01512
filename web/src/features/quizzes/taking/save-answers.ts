import type { CallResponse } from '@academy/contract';
import { call } from '../../../api/client';
import type { KeptChange } from '../../../api/kept-changes';
import type { AnswersPayload } from './answer-queue';

/**
 * A quiz's answers wait for the network like a flashcard answer (api/kept-changes.ts): given
 * offline, they stay on the phone (a reload too) and are sent in order once it is back. Each
 * save carries whole answers, so sending one twice changes nothing. The time limit stays the
 * server's: a save that arrives after the deadline is refused (409), and the screen says so.
 */
export const quizAnswers: KeptChange<AnswersPayload, CallResponse<'saveQuizAnswers'>> = {
  key: ['quizzes', 'answers'],
  scope: { id: 'quiz-answers' },
  send: (payload) => call('saveQuizAnswers', payload),
};
