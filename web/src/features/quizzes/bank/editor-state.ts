import type { CallRequest, CallResponse } from '@academy/contract';
import { SPEAKING_DEFAULT_SECONDS } from '@academy/contract/constants';
import { keyProblems } from '@academy/contract/quizzes/item-rules';
import type {
  CefrLevel,
  ItemBody,
  ItemKey,
  ItemSkill,
  ItemType,
  PassageKind,
  TypoRule,
} from '@academy/contract/quizzes/items';

/**
 * The item editor's state, and how it becomes what the bank saves (issue 51, point 1).
 *
 * A teacher types an item in the shapes a form has (a line a piece, a percent as typed, a
 * pair a row), not in the contract's body and key: `partsOf` reads a saved item into them,
 * `bodyAndKey` writes them back, and the contract's keyProblems (item-rules.ts) says what is
 * wrong while the teacher types, in the words the server would answer with.
 */

/** The kinds a teacher makes by hand here: every kind the bank holds, in the contract's order. */
export const HAND_MADE_TYPES = [
  'choice',
  'true_false',
  'short',
  'numerical',
  'gaps',
  'matching',
  'ordering',
  'dictation',
  'spoken',
] as const satisfies readonly ItemType[];
export type HandMadeType = (typeof HAND_MADE_TYPES)[number];

export interface ChoiceOption {
  id: string;
  text: string;
  /** The option's credit in percent, as typed ('100', '-50'). */
  credit: string;
  feedback: string;
}
export interface AcceptedRow {
  text: string;
  percent: string;
  feedback: string;
}
/** An accepted number as typed: the number, how far from it still counts, its credit. */
export interface NumberRow {
  value: string;
  /** How far either side of the number still counts ('0': exactly it). */
  tolerance: string;
  percent: string;
  feedback: string;
}
export interface GapParts {
  /** Chosen from a list (the accepted words and the wrong ones) rather than typed. */
  chosen: boolean;
  /** Accepted answers, one a line. */
  accepted: string;
  /** A chosen gap's wrong words, one a line. */
  wrong: string;
}

export type Parts =
  | { type: 'choice'; multiple: boolean; options: ChoiceOption[] }
  | { type: 'true_false'; answer: boolean; feedbackTrue: string; feedbackFalse: string }
  | { type: 'short'; typo: TypoRule; accepted: AcceptedRow[] }
  | { type: 'gaps'; text: string; typo: TypoRule; gaps: Record<string, GapParts> }
  | { type: 'matching'; pairs: { prompt: string; answer: string }[]; extra: string }
  | { type: 'ordering'; unit: 'words' | 'sentences'; pieces: string }
  | { type: 'numerical'; accepted: NumberRow[] }
  /** What the passage's recording says, which the student writes down. */
  | { type: 'dictation'; text: string }
  /** The longest recording, and what the teacher listens for (the review's model answer). */
  | { type: 'spoken'; seconds: number; modelAnswer: string };

/** The passage an item stands on, as the bank names it (GetQuizItemResponse's). */
export type PassageRef = NonNullable<Item['passage']>;

export interface Draft {
  prompt: string;
  points: string;
  feedback: string;
  level: CefrLevel | '';
  skill: ItemSkill | '';
  unit: string;
  /** A reading text or a recording the item shares with others; null: none. */
  passage: PassageRef | null;
  parts: Parts;
}

type Item = CallResponse<'getQuizItem'>['item'];

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const whole = (typed: string) => (/^-?\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN);
const optional = (text: string) => (text.trim() ? text.trim() : undefined);
/** A number as typed, with a decimal point or comma ('3.5', '3,5', '-2'); else NaN. */
const decimal = (typed: string) =>
  /^-?(\d+([.,]\d+)?|[.,]\d+)$/.test(typed.trim())
    ? Number(typed.trim().replace(',', '.'))
    : Number.NaN;

/** A short id not yet used among `ids`: 'a', 'b', … */
export function nextLetter(ids: string[]): string {
  for (let code = 97; code < 123; code++) {
    const id = String.fromCharCode(code);
    if (!ids.includes(id)) return id;
  }
  return `x${ids.length}`;
}

/** The gaps a gap-fill text marks, in order of first appearance: {g1} → 'g1'. */
export const gapIdsOf = (text: string) => [
  ...new Set([...text.matchAll(/\{([a-z0-9]{1,8})\}/g)].map((m) => m[1] ?? '')),
];

/** A new item's parts of one kind, ready to type into. */
export function blankParts(type: HandMadeType): Parts {
  switch (type) {
    case 'choice':
      return {
        type,
        multiple: false,
        options: [
          { id: 'a', text: '', credit: '100', feedback: '' },
          { id: 'b', text: '', credit: '0', feedback: '' },
        ],
      };
    case 'true_false':
      return { type, answer: true, feedbackTrue: '', feedbackFalse: '' };
    case 'short':
      return { type, typo: 'none', accepted: [{ text: '', percent: '100', feedback: '' }] };
    case 'gaps':
      return { type, text: '', typo: 'none', gaps: {} };
    case 'matching':
      return { type, pairs: [0, 1].map(() => ({ prompt: '', answer: '' })), extra: '' };
    case 'ordering':
      return { type, unit: 'words', pieces: '' };
    case 'numerical':
      return { type, accepted: [{ value: '', tolerance: '0', percent: '100', feedback: '' }] };
    case 'dictation':
      return { type, text: '' };
    case 'spoken':
      // As long as a speaking question's answer may be unless its teacher says otherwise.
      return { type, seconds: SPEAKING_DEFAULT_SECONDS, modelAnswer: '' };
  }
}

export const blankDraft = (): Draft => ({
  prompt: '',
  points: '1',
  feedback: '',
  level: '',
  skill: '',
  unit: '',
  passage: null,
  parts: blankParts('choice'),
});

/** A saved body and key in the editor's shapes. */
export function partsOf(body: ItemBody, key: ItemKey): Parts {
  if (body.type === 'choice' && key.type === 'choice') {
    const options = body.options.map((o) => ({
      id: o.id,
      text: o.text,
      credit: String(key.credit[o.id] ?? 0),
      feedback: key.feedback?.[o.id] ?? '',
    }));
    return { type: 'choice', multiple: body.multiple, options };
  }
  if (body.type === 'true_false' && key.type === 'true_false') {
    const { answer, feedback_true = '', feedback_false = '' } = key;
    return {
      type: 'true_false',
      answer,
      feedbackTrue: feedback_true,
      feedbackFalse: feedback_false,
    };
  }
  if (body.type === 'short' && key.type === 'short') {
    const accepted = key.accepted.map((a) => ({
      text: a.text,
      percent: String(a.percent),
      feedback: a.feedback ?? '',
    }));
    return { type: 'short', typo: key.typo, accepted };
  }
  if (body.type === 'gaps' && key.type === 'gaps') {
    const gaps: Record<string, GapParts> = {};
    for (const gap of body.gaps) {
      const accepted = key.gaps[gap.id] ?? [];
      const wrong = (gap.choices ?? []).filter((c) => !accepted.includes(c));
      gaps[gap.id] = {
        chosen: !!gap.choices,
        accepted: accepted.join('\n'),
        wrong: wrong.join('\n'),
      };
    }
    return { type: 'gaps', text: body.text, typo: key.typo, gaps };
  }
  if (body.type === 'matching' && key.type === 'matching') {
    const answerOf = (id: string | undefined) => body.answers.find((a) => a.id === id)?.text ?? '';
    const pairs = body.prompts.map((p) => ({ prompt: p.text, answer: answerOf(key.pairs[p.id]) }));
    const paired = new Set(Object.values(key.pairs));
    const extra = body.answers.filter((a) => !paired.has(a.id)).map((a) => a.text);
    return { type: 'matching', pairs, extra: extra.join('\n') };
  }
  if (body.type === 'ordering' && key.type === 'ordering') {
    const textOf = (id: string) => body.pieces.find((p) => p.id === id)?.text ?? '';
    return { type: 'ordering', unit: body.unit, pieces: key.order.map(textOf).join('\n') };
  }
  if (body.type === 'numerical' && key.type === 'numerical') {
    const accepted = key.accepted.map((a) => ({
      value: String(a.value),
      tolerance: String(a.tolerance),
      percent: String(a.percent),
      feedback: a.feedback ?? '',
    }));
    return { type: 'numerical', accepted };
  }
  if (body.type === 'dictation' && key.type === 'dictation') {
    return { type: 'dictation', text: key.text };
  }
  if (body.type === 'spoken' && key.type === 'spoken') {
    return { type: 'spoken', seconds: body.max_seconds, modelAnswer: key.model_answer ?? '' };
  }
  // A key of another kind than its body: the server never saves one (ItemVersion's check);
  // were one read, its kind's answer starts afresh rather than be saved as it is.
  return blankParts(body.type);
}

export const draftOf = (item: Item): Draft => ({
  prompt: item.current.prompt,
  points: String(item.current.points),
  feedback: item.current.general_feedback ?? '',
  level: item.level ?? '',
  skill: item.skill ?? '',
  unit: item.unit ?? '',
  passage: item.passage,
  parts: partsOf(item.current.body, item.current.key),
});

/** The body and key the parts say; a number typed wrong stays NaN for the checks to name. */
export function bodyAndKey(parts: Parts): { body: ItemBody; key: ItemKey } {
  switch (parts.type) {
    case 'choice': {
      const options = parts.options.map((o) => ({ id: o.id, text: o.text.trim() }));
      const credit = Object.fromEntries(parts.options.map((o) => [o.id, whole(o.credit)]));
      const said = parts.options.filter((o) => o.feedback.trim());
      const feedback = Object.fromEntries(said.map((o) => [o.id, o.feedback.trim()]));
      return {
        body: { type: 'choice', multiple: parts.multiple, options },
        key: { type: 'choice', credit, ...(said.length ? { feedback } : {}) },
      };
    }
    case 'true_false':
      return {
        body: { type: 'true_false' },
        key: {
          type: 'true_false',
          answer: parts.answer,
          feedback_true: optional(parts.feedbackTrue),
          feedback_false: optional(parts.feedbackFalse),
        },
      };
    case 'short': {
      const accepted = parts.accepted.map((a) => ({
        text: a.text.trim(),
        percent: whole(a.percent),
        feedback: optional(a.feedback),
      }));
      return { body: { type: 'short' }, key: { type: 'short', accepted, typo: parts.typo } };
    }
    case 'gaps': {
      const ids = gapIdsOf(parts.text);
      const gapOf = (id: string) => parts.gaps[id] ?? { chosen: false, accepted: '', wrong: '' };
      const gaps = ids.map((id) => {
        const gap = gapOf(id);
        const choices = [...new Set([...lines(gap.accepted), ...lines(gap.wrong)])];
        return gap.chosen ? { id, choices } : { id };
      });
      const key = Object.fromEntries(ids.map((id) => [id, lines(gapOf(id).accepted)]));
      return {
        body: { type: 'gaps', text: parts.text.trim(), gaps },
        key: { type: 'gaps', gaps: key, typo: parts.typo },
      };
    }
    case 'matching': {
      // Prompts that share an answer share one answer of the body ("sort these words").
      const texts = [
        ...new Set([...parts.pairs.map((p) => p.answer.trim()), ...lines(parts.extra)]),
      ];
      const answers = texts.map((text, n) => ({ id: `a${n + 1}`, text }));
      const prompts = parts.pairs.map((p, n) => ({ id: `p${n + 1}`, text: p.prompt.trim() }));
      const idOf = (text: string) => answers.find((a) => a.text === text.trim())?.id ?? '';
      const pairs = Object.fromEntries(parts.pairs.map((p, n) => [`p${n + 1}`, idOf(p.answer)]));
      return {
        body: { type: 'matching', prompts, answers },
        key: { type: 'matching', pairs },
      };
    }
    case 'ordering': {
      // Typed in the right order; every attempt shows them shuffled (the server's layout).
      const pieces = lines(parts.pieces).map((text, n) => ({ id: `o${n + 1}`, text }));
      return {
        body: { type: 'ordering', unit: parts.unit, pieces },
        key: { type: 'ordering', order: pieces.map((p) => p.id) },
      };
    }
    case 'numerical': {
      const accepted = parts.accepted.map((a) => ({
        value: decimal(a.value),
        tolerance: decimal(a.tolerance),
        percent: whole(a.percent),
        feedback: optional(a.feedback),
      }));
      return { body: { type: 'numerical' }, key: { type: 'numerical', accepted } };
    }
    case 'dictation':
      return { body: { type: 'dictation' }, key: { type: 'dictation', text: parts.text.trim() } };
    case 'spoken':
      return {
        body: { type: 'spoken', max_seconds: parts.seconds },
        key: { type: 'spoken', model_answer: optional(parts.modelAnswer) },
      };
  }
}

/** The request the editor saves. */
export function saveRequestOf(draft: Draft, itemId?: number) {
  const { body, key } = bodyAndKey(draft.parts);
  return {
    ...(itemId === undefined ? {} : { item_id: itemId }),
    level: draft.level || null,
    skill: draft.skill || null,
    unit: draft.unit.trim() || null,
    passage_id: draft.passage?.id ?? null,
    version: {
      prompt: draft.prompt,
      body,
      key,
      points: whole(draft.points),
      general_feedback: optional(draft.feedback),
    },
  } satisfies CallRequest<'saveQuizItem'>;
}

/**
 * What is wrong with the item as typed, in a teacher's words: the key against the body
 * (keyProblems) while typing; with `complete`, also what the server's checks would refuse
 * (an empty prompt or option, a percent out of range), each said once. Anything else the
 * server refuses is shown in its own words under the Save button.
 */
export function draftProblems(draft: Draft, complete = false): string[] {
  const { body, key } = bodyAndKey(draft.parts);
  const problems = keyProblems(body, key);
  if (body.type === 'gaps' && body.gaps.length === 0) {
    problems.push('Mark at least one gap in the text, as {g1}.');
  }
  const passage = passageProblem(body.type, draft.passage?.kind);
  if (passage) problems.push(passage);
  if (!complete) return problems;
  const said = (problem: string | false) => {
    if (problem && !problems.includes(problem)) problems.push(problem);
  };
  said(!draft.prompt.trim() && 'Please write the prompt.');
  const points = whole(draft.points);
  said(!(points >= 1 && points <= 100) && 'Points must be a whole number from 1 to 100.');
  for (const problem of partsProblems(draft.parts)) said(problem);
  return problems;
}

/**
 * A dictation is written down from a recording, and the recording is its passage (the body
 * holds none): without one there is nothing to hear. The server takes any passage, or none;
 * the editor asks for a recording before a teacher sends a dictation no student could do.
 */
export function passageProblem(type: ItemType, kind: PassageKind | undefined): string | null {
  if (type === 'dictation' && kind !== 'recording')
    return 'A dictation is written down from a recording: choose a recording as its passage.';
  return null;
}

const between = (n: number, least: number, most: number) => n >= least && n <= most;

/** What the contract's ItemVersion would refuse in the parts of each kind, said before sending. */
function partsProblems(parts: Parts): (string | false)[] {
  switch (parts.type) {
    case 'choice':
      return [
        parts.options.some((o) => !o.text.trim()) && 'Every option needs its text.',
        parts.options.some((o) => !between(whole(o.credit), -100, 100)) &&
          'Every credit must be a whole number from -100 to 100.',
      ];
    case 'short':
      return [
        parts.accepted.some((a) => !a.text.trim()) && 'Every accepted answer needs its text.',
        parts.accepted.some((a) => !between(whole(a.percent), 1, 100)) &&
          'Every accepted answer’s credit must be a whole number from 1 to 100.',
      ];
    case 'gaps':
      return gapIdsOf(parts.text).map(
        (id) =>
          lines(parts.gaps[id]?.accepted ?? '').length === 0 &&
          `The gap {${id}} needs its accepted answer.`,
      );
    case 'matching':
      return [
        parts.pairs.some((p) => !p.prompt.trim() || !p.answer.trim()) &&
          'Every pair needs its prompt and what it matches.',
        parts.pairs.length < 2 && 'A matching item needs at least two pairs.',
      ];
    case 'ordering':
      return [lines(parts.pieces).length < 2 && 'Give at least two pieces to put in order.'];
    case 'numerical':
      return [
        parts.accepted.some((a) => Number.isNaN(decimal(a.value))) &&
          'Every accepted number must be a number, as 12 or 3.5.',
        parts.accepted.some((a) => !(decimal(a.tolerance) >= 0)) &&
          'Every margin must be a number, 0 or more.',
        parts.accepted.some((a) => !between(whole(a.percent), 1, 100)) &&
          'Every accepted number’s credit must be a whole number from 1 to 100.',
      ];
    case 'dictation':
      return [!parts.text.trim() && 'Please write what the recording says.'];
    default:
      return [];
  }
}
