import type { ItemResponse } from '@academy/contract/quizzes/items';
import { QUIZ_LIMITS } from '@academy/contract/quizzes/quiz-rules';

/** An item's answer on the phone; null: not answered (or cleared). */
export type Answer = ItemResponse | null;

export interface SavedAnswerInput {
  position: number;
  response: Answer;
  /** Seconds the phone counted on the item since its last save (item analysis's time). */
  seconds: number;
}

/** One save_quiz_answers call, as the kept change sends it (and keeps it while offline). */
export interface AnswersPayload {
  user_id: number;
  attempt_id: number;
  answers: SavedAnswerInput[];
}

/**
 * What an attempt's answers are on the phone, from three layers, each over the one before:
 * what the server had saved when the attempt was read; the saves made since (sent, or still
 * waiting for the network, oldest first: a reload brings the waiting ones back from the
 * offline store); and what the student changed on this screen. So a refetch (a live 'quizzes'
 * refresh, a window focus) never takes back an answer the server has not heard of yet.
 */
export function mergeAnswers(
  saved: readonly { position: number; response: Answer }[],
  saves: readonly AnswersPayload[],
  attemptId: number,
  edits: ReadonlyMap<number, Answer>,
): Map<number, Answer> {
  const answers = new Map<number, Answer>(saved.map((item) => [item.position, item.response]));
  for (const save of saves) {
    if (save.attempt_id !== attemptId) continue;
    for (const answer of save.answers) answers.set(answer.position, answer.response);
  }
  for (const [position, answer] of edits) answers.set(position, answer);
  return answers;
}

/** The questions of this attempt whose answers wait to be sent. */
export function waitingPositions(
  waiting: readonly AnswersPayload[],
  attemptId: number,
): Set<number> {
  return new Set(
    waiting
      .filter((save) => save.attempt_id === attemptId)
      .flatMap((save) => save.answers.map((a) => a.position)),
  );
}

/** Whether an answer says anything: blank text, no option and an empty order say nothing. */
export function isAnswered(answer: Answer | undefined): boolean {
  if (!answer) return false;
  switch (answer.type) {
    case 'choice':
      return answer.chosen.length > 0;
    case 'true_false':
      return true;
    case 'short':
    case 'numerical':
    case 'dictation':
      return answer.text.trim() !== '';
    case 'gaps':
      return Object.values(answer.gaps).some((text) => text.trim() !== '');
    case 'matching':
      return Object.keys(answer.pairs).length > 0;
    case 'ordering':
      return answer.order.length > 0;
    case 'spoken':
      return answer.file !== '';
  }
}

/**
 * The saves for answers given since the last one, at most QUIZ_LIMITS.answersPerSave each; an
 * answer that says nothing is sent as null, which clears what was saved.
 */
export function savesOf(
  due: ReadonlyMap<number, Answer>,
  secondsOf: (position: number) => number,
  ids: { user_id: number; attempt_id: number },
): AnswersPayload[] {
  const answers = [...due].map(([position, answer]) => ({
    position,
    response: isAnswered(answer) ? answer : null,
    seconds: Math.min(86_400, Math.max(0, Math.round(secondsOf(position)))),
  }));
  const saves: AnswersPayload[] = [];
  for (let i = 0; i < answers.length; i += QUIZ_LIMITS.answersPerSave) {
    saves.push({ ...ids, answers: answers.slice(i, i + QUIZ_LIMITS.answersPerSave) });
  }
  return saves;
}
