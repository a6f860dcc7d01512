import { PlacementBand } from '@academy/contract';
import { creditOfTyped } from '@academy/contract/quizzes/answers';
import type { ItemBody, ItemKey, ItemResponse, ItemType } from '@academy/contract/quizzes/items';
import { markResponse, readNumber, rightAnswerText } from '@academy/contract/quizzes/marking';
import { ReviewOptions, type ReviewShows } from '@academy/contract/quizzes/review';
import { z } from 'zod';
import { formatTimestamp } from '../../../db/time.js';
import { cardIdentity, mistakeCardsOf } from '../mistakes/mistake-cards.js';
import type { AttemptItemRow, KeyedItemRow } from './attempts-data.js';
import { bodyAsShown, type LayoutEntry } from './layout.js';
import type { QuizRow } from './quizzes-data.js';

/**
 * What each caller is sent of a quiz. A student's presenters read an item's body and never its
 * key: the key column is not even selected for an attempt going on (attempts-data.ts,
 * attemptItems). The review adds, field by field, only what the quiz's review options allow.
 */

export const reviewOf = (quiz: Pick<QuizRow, 'review'>): ReviewOptions =>
  ReviewOptions.parse(JSON.parse(quiz.review));

/** A placement test's bands as stored (checked with the contract's schema when saved). */
export const bandsOf = (quiz: Pick<QuizRow, 'bands'>) =>
  quiz.bands === null ? null : z.array(PlacementBand).parse(JSON.parse(quiz.bands));

export const minutesOf = (seconds: number | null) =>
  seconds === null ? null : Math.round(seconds / 60);

const parseResponse = (json: string | null) =>
  json === null ? null : (JSON.parse(json) as ItemResponse);

/** An item while a student answers it: its body in this attempt's order, their saved answer. */
export function studentItemOf(row: AttemptItemRow, entry: LayoutEntry | undefined) {
  const body = JSON.parse(row.body) as ItemBody;
  const plays = row.plays ?? 0;
  return {
    position: row.position,
    type: row.type as ItemType,
    prompt: row.prompt,
    body: entry ? bodyAsShown(body, entry) : body,
    points: row.points,
    passage:
      row.passage_id === null
        ? null
        : {
            id: row.passage_id,
            kind: row.passage_kind === 'recording' ? ('recording' as const) : ('text' as const),
            title: row.passage_title ?? '',
            // A recording's transcript, if the bank keeps one, would be its answer.
            text: row.passage_kind === 'text' ? (row.passage_text ?? '') : null,
            plays_left:
              row.passage_kind !== 'recording' || !row.play_limit
                ? null
                : Math.max(0, row.play_limit - plays),
          },
    response: parseResponse(row.response),
  };
}

/**
 * The feedback a response earns: the key's feedback for what was given (the options chosen,
 * true or false, the accepted answer matched) and the item's general feedback.
 */
export function feedbackFor(
  key: ItemKey,
  response: ItemResponse | null,
  general: string | null,
): string[] {
  const said: (string | undefined)[] = [];
  if (response) {
    if (key.type === 'choice' && response.type === 'choice')
      for (const id of response.chosen) said.push(key.feedback?.[id]);
    else if (key.type === 'true_false' && response.type === 'true_false')
      said.push(response.answer ? key.feedback_true : key.feedback_false);
    else if (key.type === 'short' && response.type === 'short') {
      const { matched } = creditOfTyped(response.text, key.accepted, key.typo);
      if (matched !== null) said.push(key.accepted[matched]?.feedback);
    } else if (key.type === 'numerical' && response.type === 'numerical') {
      const readings = readNumber(response.text);
      const hit = key.accepted.find((a) =>
        readings.some((n) => Math.abs(n - a.value) <= a.tolerance),
      );
      said.push(hit?.feedback);
    }
  }
  said.push(general ?? undefined);
  return said.filter((s): s is string => typeof s === 'string' && s.trim() !== '');
}

/**
 * One item of a closed attempt as the review shows it: each field only when `shows` allows it.
 * Per-part right and wrong and which answer was right are the key's; so is the feedback.
 */
export function reviewItemOf(
  row: KeyedItemRow,
  entry: LayoutEntry | undefined,
  shows: ReviewShows,
  haveCards: ReadonlyMap<string, number> = new Map(),
) {
  const body = JSON.parse(row.body) as ItemBody;
  const key = JSON.parse(row.key) as ItemKey;
  const response = parseResponse(row.response);
  const marked = markResponse({ body, key, points: row.points }, response);
  return {
    position: row.position,
    type: row.type as ItemType,
    prompt: row.prompt,
    body: entry ? bodyAsShown(body, entry) : body,
    points: row.points,
    ...(shows.score ? { hundredths: row.hundredths, outcome: outcomeOf(row, marked.outcome) } : {}),
    ...(shows.answers ? { response } : {}),
    ...(shows.right_answers
      ? {
          right_answer: rightAnswerText({ body, key }),
          ...(marked.parts ? { parts: marked.parts } : {}),
        }
      : {}),
    ...(shows.feedback ? { feedback: feedbackFor(key, response, row.general_feedback) } : {}),
    // A card's back is the right answer: offered only while the review shows right answers.
    ...(shows.right_answers ? cardsOf(row, haveCards) : {}),
  };
}

/** The cards a mistake may become, each saying whether the student has it (cards-data.ts). */
function cardsOf(row: KeyedItemRow, haveCards: ReadonlyMap<string, number>) {
  const cards = mistakeCardsOf(row).map((card) => ({
    ...card,
    made: haveCards.has(cardIdentity(card)),
  }));
  return cards.length > 0 ? { cards } : {};
}

/** A spoken answer a teacher has marked is right, partly right or wrong by their mark. */
function outcomeOf(
  row: Pick<KeyedItemRow, 'hundredths' | 'points' | 'type' | 'response'>,
  automatic: 'right' | 'partial' | 'wrong' | 'unanswered' | 'awaiting',
) {
  if (row.type !== 'spoken' || row.hundredths === null || row.response === null) return automatic;
  if (row.hundredths >= row.points * 100) return 'right' as const;
  return row.hundredths === 0 ? ('wrong' as const) : ('partial' as const);
}

/** One item of an attempt as staff read it: everything, the key included. */
export function staffItemOf(
  row: KeyedItemRow,
  entry: LayoutEntry | undefined,
  recordingUrl: (file: string) => string | null,
) {
  const body = JSON.parse(row.body) as ItemBody;
  const key = JSON.parse(row.key) as ItemKey;
  const response = parseResponse(row.response);
  const marked = markResponse({ body, key, points: row.points }, response);
  return {
    position: row.position,
    item_id: row.item_id,
    version_id: row.version_id,
    type: row.type as ItemType,
    prompt: row.prompt,
    body: entry ? bodyAsShown(body, entry) : body,
    key,
    points: row.points,
    general_feedback: row.general_feedback,
    response,
    recording_url: response?.type === 'spoken' ? recordingUrl(response.file) : null,
    hundredths: row.hundredths,
    outcome: outcomeOf(row, marked.outcome),
    right_answer: rightAnswerText({ body, key }),
    marked_by: row.marked_by,
    seconds: row.seconds,
  };
}

export const closedByOf = (value: string | null): 'student' | 'time' | null =>
  value === 'student' || value === 'time' ? value : null;

export const timestamp = formatTimestamp;
