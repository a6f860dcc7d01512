import { divideHalfUp } from '../results.js';
import { creditOfTyped, normaliseAnswer } from './answers.js';
import type { ItemBody, ItemKey, ItemResponse } from './items.js';

/**
 * Marking one response against the version of the item the student saw (issue 51, points 1
 * and 4). Pure: the server marks with it when an answer is saved and again on a regrade, and
 * the review and the Leitner cards read the right answer in words from it.
 *
 * Exact to hundredths, with the app's one rounding rule (results.ts): each kind of item works
 * out its credit as a fraction of whole numbers, and the hundredths of the item's points are
 * that fraction rounded half up once, at the end.
 *
 * The rules, per kind:
 * - choice: the sum of the chosen options' credit, kept between 0 and 100 %. A one-answer item
 *   with several options chosen earns nothing (it would let a student tick every box); in a
 *   several-answer item a wrong option the key leaves at 0 % costs one right option's share,
 *   so ticking every box earns nothing either.
 * - true_false: all or nothing.
 * - short: the best credit over the accepted answers (answers.ts: case, spaces, quotes, final
 *   punctuation never count; one typo as the item's typo rule says).
 * - numerical: "3,5" and "3.5" both read 3.5; spaces inside are ignored ("1 000"); "1,000"
 *   (a comma before exactly three digits) is read both as 1 and as 1000 and earns the better,
 *   as the academy's students write both. Within tolerance of an accepted value (with room for
 *   floating-point error: 3.6 is within 0.1 of 3.5).
 * - gaps: the mean of the gaps' credit. A typed gap is compared like a short answer, with the
 *   item's typo rule; a chosen gap must be its right word exactly.
 * - matching: the share of prompts matched to their answer (a distractor is simply wrong).
 * - ordering: (longest run of pieces already in the right order − 1) / (pieces − 1), i.e. one
 *   less than full for each piece that would have to be moved: "one word moved" in a sentence
 *   of five words earns 75 %, the sentence reversed earns 0. (The share of right neighbours
 *   would give a sentence with one word moved to the middle 25 %.)
 * - dictation: word by word. Words are compared normalised (case, quotes) without the
 *   punctuation around them (a dictation marks spelling, not commas), and exactly (no typo:
 *   spelling is what a dictation tests). The given words are aligned to the key's (longest
 *   common subsequence); credit = words aligned / the larger of the key's and the given word
 *   counts, so a missing word and an extra word each cost.
 * - spoken: awaits a teacher (null hundredths) once a recording is given.
 *
 * An empty response (nothing chosen, nothing typed, no piece placed) is 'unanswered', as is
 * none at all. A response of another kind than the item is 'wrong' and earns nothing.
 */

export type Outcome = 'right' | 'partial' | 'wrong' | 'unanswered' | 'awaiting';

export interface Marked {
  /** Hundredths of the item's points earned (points 2 → at most 200); null: awaits a teacher (spoken). */
  hundredths: number | null;
  outcome: Outcome;
  /**
   * Per part, for the review only (it tells the answer, so it is key): choice → the chosen
   * option's id; gaps → the gap's id; matching → the prompt's id; ordering → the index of the
   * piece in the student's order ('0', '1', …; true: it stays where it is); dictation → the
   * index of the student's word ('0', '1', …; true: it is one of the key's words in place).
   * A gap is right (true) only with its full credit.
   */
  parts?: Record<string, boolean>;
}

/** A credit as a fraction of whole numbers: num / den of the item's points (0 ≤ num ≤ den). */
interface Credit {
  num: number;
  den: number;
  parts?: Record<string, boolean>;
}

const UNANSWERED: Marked = { hundredths: 0, outcome: 'unanswered' };
const WRONG: Marked = { hundredths: 0, outcome: 'wrong' };

export function markResponse(
  item: { body: ItemBody; key: ItemKey; points: number },
  response: ItemResponse | null,
): Marked {
  if (response === null || isEmpty(response)) return UNANSWERED;
  const { body, key, points } = item;
  if (response.type !== body.type || key.type !== body.type) return WRONG;
  if (response.type === 'spoken') return { hundredths: null, outcome: 'awaiting' };
  const credit = creditOf(body, key, response);
  if (credit === null) return WRONG;
  const most = points * 100;
  const hundredths = divideHalfUp(most * credit.num, credit.den);
  const outcome: Outcome = hundredths >= most ? 'right' : hundredths === 0 ? 'wrong' : 'partial';
  return credit.parts ? { hundredths, outcome, parts: credit.parts } : { hundredths, outcome };
}

/** Nothing given: no option, no text, no gap filled, no pair, no piece, no recording. */
function isEmpty(response: ItemResponse): boolean {
  switch (response.type) {
    case 'choice':
      return response.chosen.length === 0;
    case 'true_false':
      return false;
    case 'short':
    case 'numerical':
    case 'dictation':
      return response.text.trim() === '';
    case 'gaps':
      return Object.values(response.gaps).every((text) => text.trim() === '');
    case 'matching':
      return Object.keys(response.pairs).length === 0;
    case 'ordering':
      return response.order.length === 0;
    case 'spoken':
      return response.file.trim() === '';
  }
}

function creditOf(body: ItemBody, key: ItemKey, response: ItemResponse): Credit | null {
  if (body.type === 'choice' && key.type === 'choice' && response.type === 'choice') {
    const chosen = [...new Set(response.chosen)].filter((id) =>
      body.options.some((o) => o.id === id),
    );
    if (chosen.length === 0) return { num: 0, den: 1 };
    const parts = Object.fromEntries(chosen.map((id) => [id, (key.credit[id] ?? 0) > 0]));
    if (!body.multiple && chosen.length > 1) return { num: 0, den: 1, parts };
    if (!body.multiple) {
      const credit = chosen[0] === undefined ? 0 : (key.credit[chosen[0]] ?? 0);
      return { num: Math.min(100, Math.max(0, credit)), den: 100, parts };
    }
    // Several answers: a wrong option the key leaves at 0 % still costs one right option's
    // share (100 % ÷ the right options), or ticking every box would earn full marks. A credit
    // the key gives (GIFT's ~%-50%) is used as given. Kept exact: in hundredths of a share.
    const rights = body.options.filter((o) => (key.credit[o.id] ?? 0) > 0).length || 1;
    const sum = chosen.reduce((total, id) => {
      const credit = key.credit[id] ?? 0;
      return total + (credit === 0 ? -100 : credit * rights);
    }, 0);
    return { num: Math.min(100 * rights, Math.max(0, sum)), den: 100 * rights, parts };
  }
  if (body.type === 'true_false' && key.type === 'true_false' && response.type === 'true_false') {
    return { num: response.answer === key.answer ? 1 : 0, den: 1 };
  }
  if (body.type === 'short' && key.type === 'short' && response.type === 'short') {
    const { percent } = creditOfTyped(response.text, key.accepted, key.typo);
    return { num: percentHundredths(percent), den: 10_000 };
  }
  if (body.type === 'numerical' && key.type === 'numerical' && response.type === 'numerical') {
    return { num: numericalPercent(response.text, key.accepted), den: 100 };
  }
  if (body.type === 'gaps' && key.type === 'gaps' && response.type === 'gaps') {
    const parts: Record<string, boolean> = {};
    let sum = 0;
    for (const gap of body.gaps) {
      const given = response.gaps[gap.id] ?? '';
      const accepted = key.gaps[gap.id] ?? [];
      const credit = gap.choices
        ? accepted.includes(given)
          ? 10_000
          : 0
        : percentHundredths(
            creditOfTyped(
              given,
              accepted.map((text) => ({ text, percent: 100 })),
              key.typo,
            ).percent,
          );
      parts[gap.id] = credit === 10_000;
      sum += credit;
    }
    return { num: sum, den: body.gaps.length * 10_000, parts };
  }
  if (body.type === 'matching' && key.type === 'matching' && response.type === 'matching') {
    const parts: Record<string, boolean> = {};
    let right = 0;
    for (const prompt of body.prompts) {
      const given = response.pairs[prompt.id];
      parts[prompt.id] = given !== undefined && given === key.pairs[prompt.id];
      if (parts[prompt.id]) right++;
    }
    return { num: right, den: body.prompts.length, parts };
  }
  if (body.type === 'ordering' && key.type === 'ordering' && response.type === 'ordering') {
    return orderingCredit(key.order, response.order);
  }
  if (body.type === 'dictation' && key.type === 'dictation' && response.type === 'dictation') {
    const given = dictationWords(response.text);
    const expected = dictationWords(key.text);
    const inPlace = longestCommonSubsequence(given, expected);
    const parts = Object.fromEntries(given.map((_, i) => [String(i), inPlace.has(i)]));
    return { num: inPlace.size, den: Math.max(given.length, expected.length, 1), parts };
  }
  return null;
}

/** A percent with at most two decimals as a whole number of hundredths of a percent. */
const percentHundredths = (percent: number) => Math.round(percent * 100);

/**
 * The pieces in the student's order that are in the longest run already in the key's order
 * (kept in place), and the credit: (that run − 1) / (pieces − 1). A piece given twice or not in
 * the item counts as misplaced; a piece not given at all must be moved too.
 */
function orderingCredit(order: readonly string[], given: readonly string[]): Credit {
  const seen = new Set<string>();
  const indexes: number[] = []; // index in `given` of each piece kept for the alignment
  const positions: string[] = [];
  given.forEach((id, i) => {
    if (seen.has(id) || !order.includes(id)) return;
    seen.add(id);
    indexes.push(i);
    positions.push(id);
  });
  const kept = longestCommonSubsequence(positions, order);
  const parts: Record<string, boolean> = {};
  given.forEach((_, i) => {
    parts[String(i)] = false;
  });
  for (const k of kept) parts[String(indexes[k])] = true;
  return { num: Math.max(0, kept.size - 1), den: order.length - 1, parts };
}

/** A dictation's words: normalised, without the punctuation around each (inner apostrophes stay). */
export function dictationWords(text: string): string[] {
  return normaliseAnswer(text)
    .split(' ')
    .map((word) => word.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ''))
    .filter((word) => word !== '');
}

/**
 * The indexes in `a` of one longest common subsequence of a and b (dynamic programming,
 * a.length × b.length; a dictation's few hundred words are well within it).
 */
function longestCommonSubsequence(a: readonly string[], b: readonly string[]): Set<number> {
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const at = i * width + j;
      table[at] =
        a[i] === b[j]
          ? (table[at + width + 1] ?? 0) + 1
          : Math.max(table[at + width] ?? 0, table[at + 1] ?? 0);
    }
  }
  const kept = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(i);
      i++;
      j++;
    } else if ((table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0)) i++;
    else j++;
  }
  return kept;
}

/** Readings of a typed number: "3,5" → [3.5]; "1,000" → [1, 1000]; "-2" → [-2]; "x" → []. */
export function readNumber(text: string): number[] {
  const typed = text
    .normalize('NFKC')
    .replace(/[\s\u2009\u202F]/g, '')
    .replace(/^\u2212/, '-');
  if (/^[+-]?\d{1,3}(,\d{3})+\.\d+$/.test(typed)) return [Number(typed.replaceAll(',', ''))];
  if (/^[+-]?\d{1,3},\d{3}$/.test(typed)) {
    return [Number(typed.replace(',', '.')), Number(typed.replace(',', ''))];
  }
  if (/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(typed)) return [Number(typed.replace(',', '.'))];
  return [];
}

/** The best percent a typed number earns among accepted values (within tolerance). */
function numericalPercent(
  text: string,
  accepted: readonly { value: number; tolerance: number; percent: number }[],
): number {
  let best = 0;
  for (const reading of readNumber(text)) {
    for (const answer of accepted) {
      // Room for binary fractions: 3.6 − 3.5 is 0.10000000000000009.
      const slack = 1e-9 * Math.max(1, Math.abs(answer.value));
      if (Math.abs(reading - answer.value) <= answer.tolerance + slack) {
        best = Math.max(best, answer.percent);
      }
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// The right answer in words, and a card's front.

/** Right options of a choice item: the 100 % one(s), or every one with credit when several. */
function rightOptions(
  body: Extract<ItemBody, { type: 'choice' }>,
  key: Extract<ItemKey, { type: 'choice' }>,
) {
  return body.options.filter((o) =>
    body.multiple ? (key.credit[o.id] ?? 0) > 0 : key.credit[o.id] === 100,
  );
}

/**
 * The right answer in words, for the review and the back of a Leitner card. Alternatives are
 * joined with " / " ("colour / color"), parts that are all needed with "; ". Gaps: the text
 * with every gap filled with its first accepted answer, or with `part` (a gap's id) the gap's
 * sentence filled. Matching: "prompt → answer" per pair, or with `part` (a prompt's id) its
 * answer. Ordering: the pieces in order (words joined by spaces, punctuation kept to its word).
 */
export function rightAnswerText(item: { body: ItemBody; key: ItemKey }, part?: string): string {
  const { body, key } = item;
  if (body.type === 'choice' && key.type === 'choice') {
    return rightOptions(body, key)
      .map((o) => o.text)
      .join(body.multiple ? '; ' : ' / ');
  }
  if (body.type === 'true_false' && key.type === 'true_false') return key.answer ? 'True' : 'False';
  if (body.type === 'short' && key.type === 'short') {
    return key.accepted
      .filter((a) => a.percent === 100)
      .map((a) => a.text)
      .join(' / ');
  }
  if (body.type === 'numerical' && key.type === 'numerical') {
    return key.accepted
      .filter((a) => a.percent === 100)
      .map((a) => (a.tolerance > 0 ? `${a.value} ± ${a.tolerance}` : String(a.value)))
      .join(' / ');
  }
  if (body.type === 'gaps' && key.type === 'gaps') {
    const text =
      part !== undefined && hasGap(body.text, part) ? sentenceOf(body.text, part) : body.text;
    return fillGaps(text, (id) => key.gaps[id]?.[0] ?? '…');
  }
  if (body.type === 'matching' && key.type === 'matching') {
    const answerText = (id: string | undefined) =>
      body.answers.find((a) => a.id === id)?.text ?? '';
    const prompt = body.prompts.find((p) => p.id === part);
    if (prompt) return answerText(key.pairs[prompt.id]);
    return body.prompts.map((p) => `${p.text} → ${answerText(key.pairs[p.id])}`).join('; ');
  }
  if (body.type === 'ordering' && key.type === 'ordering') {
    const pieces = key.order.map((id) => body.pieces.find((p) => p.id === id)?.text ?? '');
    return pieces.join(' ').replace(/\s+([.,!?;:…])/g, '$1');
  }
  if (body.type === 'dictation' && key.type === 'dictation') return key.text;
  if (body.type === 'spoken' && key.type === 'spoken') return key.model_answer ?? '';
  return '';
}

/**
 * What a student answered, in words, for the review and a teacher's reading of an attempt:
 * the options' texts, the typed text, the gaps filled with what was typed ("…" for a gap left
 * empty), "prompt → answer" per pair, the pieces in the order given. '' for no answer; a spoken
 * answer has no words (its recording is played).
 */
export function responseText(body: ItemBody, response: ItemResponse | null): string {
  if (response === null || response.type !== body.type) return '';
  if (body.type === 'choice' && response.type === 'choice') {
    return body.options
      .filter((o) => response.chosen.includes(o.id))
      .map((o) => o.text)
      .join('; ');
  }
  if (response.type === 'true_false') return response.answer ? 'True' : 'False';
  if (response.type === 'short' || response.type === 'numerical' || response.type === 'dictation')
    return response.text;
  if (body.type === 'gaps' && response.type === 'gaps') {
    if (Object.values(response.gaps).every((g) => g.trim() === '')) return '';
    return fillGaps(body.text, (id) => response.gaps[id]?.trim() || '…');
  }
  if (body.type === 'matching' && response.type === 'matching') {
    return body.prompts
      .filter((p) => response.pairs[p.id] !== undefined)
      .map(
        (p) => `${p.text} → ${body.answers.find((a) => a.id === response.pairs[p.id])?.text ?? ''}`,
      )
      .join('; ');
  }
  if (body.type === 'ordering' && response.type === 'ordering') {
    const pieces = response.order.map((id) => body.pieces.find((p) => p.id === id)?.text ?? '');
    return pieces.join(' ').replace(/\s+([.,!?;:…])/g, '$1');
  }
  return '';
}

/**
 * A Leitner card's front for an item: its prompt. For a gap fill, the text with the gaps as
 * "___", or with `part` (a gap's id) that gap's sentence with the gap as "___" and any other
 * gap in it as "…", followed by the choices when the gap is chosen from a list. For a matching
 * item with `part` (a prompt's id): the prompt's words, under the item's prompt.
 */
export function cardFront(item: { prompt: string; body: ItemBody }, part?: string): string {
  const { prompt, body } = item;
  if (body.type === 'gaps') {
    if (part === undefined || !hasGap(body.text, part)) {
      return fillGaps(body.text, () => '___');
    }
    const sentence = fillGaps(sentenceOf(body.text, part), (id) => (id === part ? '___' : '…'));
    const choices = body.gaps.find((g) => g.id === part)?.choices;
    return choices ? `${sentence} (${choices.join(' / ')})` : sentence;
  }
  if (body.type === 'matching' && part !== undefined) {
    const words = body.prompts.find((p) => p.id === part)?.text;
    if (words !== undefined) return `${prompt}\n${words}`;
  }
  return prompt;
}

const hasGap = (text: string, id: string) => text.includes(`{${id}}`);

/** The text with each `{id}` replaced. */
function fillGaps(text: string, fill: (id: string) => string): string {
  return text.replace(/\{([a-z0-9]{1,8})\}/g, (_, id: string) => fill(id));
}

/**
 * The sentence of a text that holds the gap `{id}`: from after the previous sentence's end
 * (. ! ? … followed by a space, or a line break) to its own end (the next . ! ? … with any
 * closing quote, followed by a space or the end, so "3.5" does not end it; or a line break),
 * trimmed.
 */
function sentenceOf(text: string, id: string): string {
  const marker = `{${id}}`;
  const at = text.indexOf(marker);
  const before = text.slice(0, at);
  let start = 0;
  for (const match of before.matchAll(/[.!?\u2026]["'\u2019\u201D)]*\s+|\n/g)) {
    start = match.index + match[0].length;
  }
  const after = text.slice(at + marker.length);
  const end = /[.!?\u2026]+["'\u2019\u201D)]*(?=\s|$)|\n/.exec(after);
  const stop =
    end === null
      ? text.length
      : at + marker.length + end.index + (end[0] === '\n' ? 0 : end[0].length);
  return text.slice(start, stop).trim();
}
