/**
 * The item model's words, limits and the key's check (issue 51), without zod: the bank's
 * screens load this module in the browser, where zod never goes (bench/size.mjs), and
 * items.ts, whose zod schemas the server checks with, re-exports all of it. `keyProblems` is
 * typed over the shapes it reads, which items.ts's inferred types satisfy, so this module
 * imports nothing of items.ts (a type import back would be an import cycle).
 */

/** The kinds of item. */
export const ITEM_TYPES = [
  'choice',
  'true_false',
  'short',
  'numerical',
  'gaps',
  'matching',
  'ordering',
  'dictation',
  'spoken',
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** How the bank and the editor name each kind. */
export const ITEM_TYPE_WORDS: Record<ItemType, string> = {
  choice: 'Multiple choice',
  true_false: 'True or false',
  short: 'Short answer',
  numerical: 'Number',
  gaps: 'Gap fill',
  matching: 'Matching',
  ordering: 'Ordering',
  dictation: 'Dictation',
  spoken: 'Spoken answer',
};

/** The Common European Framework's levels an item (and a placement band) is tagged with. */
export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];

/** The skill an item practises. */
export const ITEM_SKILLS = [
  'grammar',
  'vocabulary',
  'reading',
  'listening',
  'writing',
  'speaking',
  'pronunciation',
] as const;
export type ItemSkill = (typeof ITEM_SKILLS)[number];

export const ITEM_LIMITS = {
  prompt: 4000,
  option: 500,
  /** Options of a choice item, pairs of a matching item, pieces of an ordering item. */
  parts: 20,
  gaps: 20,
  accepted: 20,
  answer: 500,
  feedback: 1000,
  unit: 60,
  /** A passage's text (a reading shared by several items). */
  passage: 20_000,
  /** Plays of a recording a quiz allows (0: as many as the student likes). */
  plays: 10,
  /** A spoken answer's longest recording, in seconds. */
  spokenSeconds: 300,
} as const;

/**
 * A typed answer's fairness (answers.ts): case, surrounding spaces, curly and straight quotes
 * and final punctuation are never counted; one typo (a letter added, missing, swapped with its
 * neighbour or changed) counts for nothing ('none'), half the credit ('half') or all of it
 * ('full').
 */
export const TYPO_RULES = ['none', 'half', 'full'] as const;
export type TypoRule = (typeof TYPO_RULES)[number];

/**
 * The longest GIFT or Aiken text a preview or an import takes, in characters: under the
 * server's 1 MB JSON body, and well over the 1,000 questions (about 300,000).
 */
export const QUESTION_IMPORT_MAX_CHARS = 900_000;

interface Part {
  id: string;
}
/** What keyProblems reads of a body (contract items.ts ItemBody). */
export type BodyShape =
  | { type: 'choice'; multiple: boolean; options: readonly Part[] }
  | { type: 'gaps'; text: string; gaps: readonly { id: string; choices?: readonly string[] }[] }
  | { type: 'matching'; prompts: readonly Part[]; answers: readonly Part[] }
  | { type: 'ordering'; pieces: readonly Part[] }
  | { type: Exclude<ItemType, 'choice' | 'gaps' | 'matching' | 'ordering'> };
/** What keyProblems reads of a key (contract items.ts ItemKey). */
export type KeyShape =
  | { type: 'choice'; credit: Readonly<Record<string, number>> }
  | { type: 'gaps'; gaps: Readonly<Record<string, readonly string[]>> }
  | { type: 'matching'; pairs: Readonly<Record<string, string>> }
  | { type: 'ordering'; order: readonly string[] }
  | { type: 'short' | 'numerical'; accepted: readonly { percent: number }[] }
  | { type: 'true_false' | 'dictation' | 'spoken' };

/**
 * What is wrong between a body and its key, in words a teacher reads (the bank's editor and
 * the GIFT preview show them): a key of another type, an option, gap, prompt or piece the
 * key names that the body lacks (or the other way), no full credit to be had.
 */
export function keyProblems(body: BodyShape, key: KeyShape): string[] {
  if (body.type !== key.type) return ['The answer key is for another kind of item.'];
  const problems: string[] = [];
  const unique = (ids: string[], what: string) => {
    if (new Set(ids).size !== ids.length) problems.push(`Two ${what} have the same id.`);
  };
  if (body.type === 'choice' && key.type === 'choice') {
    const ids = body.options.map((o) => o.id);
    unique(ids, 'options');
    for (const id of Object.keys(key.credit)) {
      if (!ids.includes(id)) problems.push(`The key gives credit to an option the item lacks.`);
    }
    const credits = ids.map((id) => key.credit[id] ?? 0);
    const best = body.multiple
      ? credits.filter((c) => c > 0).reduce((sum, c) => sum + c, 0)
      : Math.max(...credits);
    if (best !== 100) {
      problems.push(
        body.multiple
          ? 'The right options’ credit must add up to 100 %.'
          : 'One option must be worth 100 %.',
      );
    }
  } else if (body.type === 'gaps' && key.type === 'gaps') {
    const ids = body.gaps.map((g) => g.id);
    unique(ids, 'gaps');
    for (const gap of body.gaps) {
      if (!body.text.includes(`{${gap.id}}`)) problems.push(`The text has no place for a gap.`);
      const accepted = key.gaps[gap.id];
      if (!accepted) problems.push('Every gap needs its accepted answers.');
      else if (gap.choices && !accepted.every((a) => gap.choices?.includes(a))) {
        problems.push('A chosen gap’s right word must be one of its choices.');
      }
    }
    if (Object.keys(key.gaps).some((id) => !ids.includes(id))) {
      problems.push('The key names a gap the text lacks.');
    }
    // A `{id}` in the text that names no gap would reach the student as it is typed.
    for (const [, id] of body.text.matchAll(/\{([a-z0-9]{1,8})\}/g)) {
      if (!ids.includes(id ?? '')) problems.push('The text has a gap the item does not list.');
    }
  } else if (body.type === 'matching' && key.type === 'matching') {
    const prompts = body.prompts.map((p) => p.id);
    const answers = body.answers.map((a) => a.id);
    unique(prompts, 'prompts');
    unique(answers, 'answers');
    // Prompts may share an answer ("sort these words": cat → animal, dog → animal).
    for (const prompt of prompts) {
      const answer = key.pairs[prompt];
      if (answer === undefined || !answers.includes(answer)) {
        problems.push('Every prompt needs its answer.');
        break;
      }
    }
    if (Object.keys(key.pairs).some((id) => !prompts.includes(id))) {
      problems.push('The key names a prompt the item lacks.');
    }
  } else if (body.type === 'ordering' && key.type === 'ordering') {
    const ids = body.pieces.map((p) => p.id);
    unique(ids, 'pieces');
    const sorted = (list: readonly string[]) => [...list].sort().join(' ');
    if (sorted(ids) !== sorted(key.order)) {
      problems.push('The right order must hold every piece once.');
    }
  } else if (
    (body.type === 'short' && key.type === 'short') ||
    (body.type === 'numerical' && key.type === 'numerical')
  ) {
    if (!key.accepted.some((a) => a.percent === 100)) {
      problems.push('One accepted answer must be worth 100 %.');
    }
  }
  return [...new Set(problems)];
}

/**
 * A shared reading passage or recording (issue 51, point 1): several items of the bank may
 * stand on one. A recording may be played a limited number of times in an attempt, counted
 * on the server.
 */
export const PASSAGE_KINDS = ['text', 'recording'] as const;
export type PassageKind = (typeof PASSAGE_KINDS)[number];
