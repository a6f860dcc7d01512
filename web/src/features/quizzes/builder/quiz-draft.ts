import type { CallRequest, CallResponse } from '@academy/contract';
import type { CountsRule } from '@academy/contract/quizzes/attempts';
import { CEFR_LEVELS } from '@academy/contract/quizzes/item-rules';
import type { CefrLevel, ItemSkill, ItemType } from '@academy/contract/quizzes/items';
import type { ReviewOptions } from '@academy/contract/quizzes/review';
import { toLocalInputValue } from '../../../lib/dates';
import { type TypedWindow, typedWindowOf, windowProblem } from '../../../ui/window-fields';
import type { BuiltKind, CardsChoice } from './words';

/**
 * The builder's form and how it becomes what `saveQuiz` takes (issue 51, points 2 and 9).
 * Numbers are held as typed (a field may be blank or half typed) and read when the quiz is
 * saved; what is wrong is said in the words the server would answer with.
 */

export type QuizDetail = CallResponse<'getQuiz'>['quiz'];
export type SaveQuizRequest = CallRequest<'saveQuiz'>;

/** A draw as typed: '' is any level, skill or unit. */
export interface TypedDraw {
  level: CefrLevel | '';
  skill: ItemSkill | '';
  unit: string;
  count: string;
}

/** A part of the quiz in the form: an item of the bank, or a draw. */
export interface DraftPart {
  /** The list's own key (a part has no id of its own). */
  key: string;
  item: { id: number; prompt: string; type: ItemType } | null;
  draw: TypedDraw | null;
  /** How many items the saved draw may take from (shown back after a save); null: unsaved. */
  available: number | null;
}

export interface QuizDraft {
  title: string;
  description: string;
  /** A label a result sheet's component averages by ('' for none). */
  tag: string;
  kind: BuiltKind;
  window: TypedWindow;
  /** Minutes; '' for none. */
  timeLimit: string;
  /** '0' for as many as a student likes. */
  attempts: string;
  counts: CountsRule;
  shuffleItems: boolean;
  shuffleOptions: boolean;
  onePerPage: boolean;
  review: ReviewOptions;
  cards: CardsChoice;
  outOf: string;
  /** Each level's lowest percent as typed; '' leaves the level out. */
  bands: Record<CefrLevel, string>;
  parts: DraftPart[];
}

let lastKey = 0;
/** A key for a part added in the form. */
export const newPartKey = () => `new-${++lastKey}`;

const NO_BANDS = Object.fromEntries(CEFR_LEVELS.map((level) => [level, ''])) as Record<
  CefrLevel,
  string
>;

/** The server's 'YYYY-MM-DD HH:MM:SS' (UTC) of a moment. */
const asServerTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * A new quiz: open from now for a week on the academy's clock, one attempt, the highest
 * counting, one item a screen, the review's defaults (the mark and the answers at once).
 */
export function blankDraft(zone: string | undefined, now = Date.now()): QuizDraft {
  const week = 7 * 24 * 60 * 60_000;
  return {
    title: '',
    description: '',
    tag: '',
    kind: 'quiz',
    window: {
      opens: toLocalInputValue(asServerTime(now), zone),
      closes: toLocalInputValue(asServerTime(now + week), zone),
    },
    timeLimit: '',
    attempts: '1',
    counts: 'highest',
    shuffleItems: false,
    shuffleOptions: false,
    onePerPage: true,
    review: { when: 'at_once', score: true, answers: true, right_answers: false, feedback: false },
    cards: 'offer',
    outOf: '100',
    bands: { ...NO_BANDS },
    parts: [],
  };
}

/** A saved quiz as the form shows it. */
export function draftOf(quiz: QuizDetail, zone: string | undefined): QuizDraft {
  const bands = { ...NO_BANDS };
  for (const band of quiz.bands ?? []) bands[band.level] = String(band.from_percent);
  return {
    title: quiz.title,
    description: quiz.description,
    tag: quiz.tag ?? '',
    kind: quiz.kind === 'placement' ? 'placement' : 'quiz',
    window: typedWindowOf(quiz.access_start, quiz.access_end, zone),
    timeLimit: quiz.time_limit_minutes === null ? '' : String(quiz.time_limit_minutes),
    attempts: String(quiz.attempts_allowed),
    counts: quiz.counts,
    shuffleItems: quiz.shuffle_items,
    shuffleOptions: quiz.shuffle_options,
    onePerPage: quiz.one_per_page,
    review: quiz.review,
    cards: quiz.cards,
    outOf: String(quiz.out_of),
    bands,
    parts: quiz.parts.map((part) => ({
      key: `saved-${part.position}`,
      item:
        part.item_id === null
          ? null
          : { id: part.item_id, prompt: part.item_prompt ?? '', type: part.item_type ?? 'short' },
      draw: part.draw && {
        level: part.draw.level ?? '',
        skill: part.draw.skill ?? '',
        unit: part.draw.unit ?? '',
        count: String(part.draw.count),
      },
      available: part.available,
    })),
  };
}

/** A whole number typed between `least` and `most`, or null. */
export function typedWhole(text: string, least: number, most: number): number | null {
  const typed = text.trim();
  if (!/^\d{1,4}$/.test(typed)) return null;
  const value = Number(typed);
  return value >= least && value <= most ? value : null;
}

/** The bands as saved: the levels given a percent, lowest level first. */
export function bandsOf(bands: QuizDraft['bands']) {
  return CEFR_LEVELS.filter((level) => bands[level].trim() !== '').map((level) => ({
    level,
    from_percent: Number(bands[level].trim()),
  }));
}

/** What is wrong with a placement test's bands, in the order of the levels; [] when nothing. */
export function bandProblems(bands: QuizDraft['bands']): string[] {
  const problems: string[] = [];
  let before: { level: CefrLevel; from: number } | null = null;
  for (const level of CEFR_LEVELS) {
    const typed = bands[level].trim();
    if (typed === '') continue;
    const from = typedWhole(typed, 0, 100);
    if (from === null) {
      problems.push(`${level} must start at a whole percent from 0 to 100.`);
      continue;
    }
    if (before && from <= before.from)
      problems.push(`${level} must start higher than ${before.level} (${before.from} %).`);
    before = { level, from };
  }
  if (problems.length === 0 && before === null)
    problems.push('A placement test needs at least one band: give a level its lowest percent.');
  return problems;
}

/**
 * What each score suggests, one line a band, for bands without problems: 'Under 20 %: no
 * level', 'A1: 20 % to under 40 %', 'C2: 90 % and above'.
 */
export function bandLines(bands: QuizDraft['bands']): string[] {
  const given = bandsOf(bands);
  const lines = given.map((band, i) => {
    const next = given[i + 1];
    return next
      ? `${band.level}: ${band.from_percent} % to under ${next.from_percent} %`
      : `${band.level}: ${band.from_percent} % and above`;
  });
  const lowest = given[0]?.from_percent ?? 0;
  return lowest > 0 ? [`Under ${lowest} %: no level suggested`, ...lines] : lines;
}

/** What is wrong with one part; null when nothing. */
export function partProblem(part: DraftPart): string | null {
  if (part.draw && typedWhole(part.draw.count, 1, 100) === null)
    return 'A draw takes a whole number of items from 1 to 100.';
  return null;
}

/** The first thing to fix before saving, in the form's order; null when it can be saved. */
export function draftProblem(draft: QuizDraft): string | null {
  if (!draft.title.trim()) return 'Please enter a title.';
  const window = windowProblem(draft.window);
  if (window) return window;
  if (draft.timeLimit.trim() !== '' && typedWhole(draft.timeLimit, 1, 600) === null)
    return 'The time limit is a whole number of minutes from 1 to 600, or blank for none.';
  if (typedWhole(draft.attempts, 0, 100) === null)
    return 'Attempts allowed must be a whole number from 0 to 100 (0: as many as a student likes).';
  if (typedWhole(draft.outOf, 1, 1000) === null)
    return 'The mark must be out of a whole number from 1 to 1000.';
  if (draft.kind === 'placement') {
    const [band] = bandProblems(draft.bands);
    if (band) return band;
  }
  if (draft.parts.length === 0) return 'Add at least one item or draw to the quiz.';
  for (const part of draft.parts) {
    const problem = partProblem(part);
    if (problem) return problem;
  }
  return null;
}

/** The save the form asks for (check draftProblem first: numbers are read as typed). */
export function saveRequestOf(draft: QuizDraft, id?: number): SaveQuizRequest {
  const timeLimit = draft.timeLimit.trim();
  return {
    ...(id === undefined ? {} : { id }),
    title: draft.title.trim(),
    description: draft.description.trim(),
    tag: draft.tag.trim() || null,
    kind: draft.kind,
    // Wall times on the academy's clock: the server reads them in the academy's zone.
    access_start: draft.window.opens,
    access_end: draft.window.closes,
    time_limit_minutes: timeLimit === '' ? null : Number(timeLimit),
    attempts_allowed: Number(draft.attempts.trim()),
    counts: draft.counts,
    shuffle_items: draft.shuffleItems,
    shuffle_options: draft.shuffleOptions,
    one_per_page: draft.onePerPage,
    review: draft.review,
    cards: draft.cards,
    out_of: Number(draft.outOf.trim()),
    bands: draft.kind === 'placement' ? bandsOf(draft.bands) : null,
    parts: draft.parts.map((part) =>
      part.item
        ? { item_id: part.item.id }
        : {
            draw: {
              level: part.draw?.level || null,
              skill: part.draw?.skill || null,
              unit: part.draw?.unit.trim() || null,
              count: Number(part.draw?.count.trim()),
            },
          },
    ),
  };
}

/** The part moved one place up (-1) or down (+1); the list as it was at either end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}
