import { ITEM_TYPE_WORDS, type ItemVersion } from '@academy/contract/quizzes/items';
import { GAP_INSTRUCTIONS, META_PREFIX } from './gift-parse.js';
import { escapeGift } from './gift-text.js';

/**
 * The bank written as Moodle's GIFT (issue 51, point 8). Every kind GIFT can say is written
 * so that Moodle imports it and this app's own reader gives the same item back; a kind it
 * cannot say (ordering, dictation, spoken, a gap fill with several gaps) is written as a
 * comment line naming it, so nothing leaves the bank silently. Settings GIFT has no syntax for
 * (points, the typo rule, a gap fill's instruction) are written as `// academy-…:` comment lines
 * just above their question: Moodle skips them, this app reads them back.
 */

export interface GiftItem {
  title?: string | null;
  category?: string | null;
  version: ItemVersion;
}

/** Why an item cannot be written, said in the comment that stands in its place. */
class LeftOut extends Error {}

/**
 * A piece of text as GIFT writes it. A text that would be misread by the reader (a leading
 * "[html]"-like marker, "<b>" that would be taken for HTML, a leading "%5%" taken for a weight,
 * a prompt starting like a comment, a title or a category) gets Moodle's [plain] marker first.
 */
function piece(text: string, options: { prompt?: boolean } = {}): string {
  const risky =
    text.startsWith('[') ||
    text.includes('<') ||
    text.includes('&') ||
    text.startsWith('%') ||
    (options.prompt &&
      (text.startsWith('//') || text.startsWith('::') || /^\$CATEGORY/i.test(text)));
  return (risky ? '[plain]' : '') + escapeGift(text);
}

const feedback = (text: string | undefined) => (text ? `#${piece(text)}` : '');

function noArrow(text: string, what: string) {
  if (text.includes('->')) throw new LeftOut(`${what} holds “->”, which GIFT reads as matching.`);
}

/** The answers in braces (and the text around them, for a gap) of one item. */
function question(version: ItemVersion): { text: string; meta: [string, string][] } {
  const { body, key } = version;
  const meta: [string, string][] = [];
  if (version.points !== 1) meta.push(['points', String(version.points)]);
  const general = version.general_feedback ? `####${piece(version.general_feedback)}` : '';
  /** The prompt and its answers, one a line, as Moodle writes them; `{#` opens numbers. */
  const ask = (answers: string[], open = '{') =>
    `${piece(version.prompt, { prompt: true })} ${open}\n${answers.map((a) => `\t${a}\n`).join('')}${general ? `\t${general}\n` : ''}}`;

  if (body.type === 'choice' && key.type === 'choice') {
    const lines = body.options.map((option) => {
      const credit = key.credit[option.id] ?? 0;
      const mark = credit === 100 && !body.multiple ? '=' : credit === 0 ? '~' : `~%${credit}%`;
      return `${mark}${piece(option.text)}${feedback(key.feedback?.[option.id])}`;
    });
    if (!lines.some((line) => line.startsWith('~'))) {
      throw new LeftOut('every option is right, so GIFT would read it as a short answer.');
    }
    return { text: ask(lines), meta };
  }
  if (body.type === 'true_false' && key.type === 'true_false') {
    const right = key.answer ? key.feedback_true : key.feedback_false;
    const wrong = key.answer ? key.feedback_false : key.feedback_true;
    const said = `${key.answer ? 'TRUE' : 'FALSE'}${wrong || right ? `#${wrong ? piece(wrong) : ''}` : ''}${right ? `#${piece(right)}` : ''}`;
    return { text: `${piece(version.prompt, { prompt: true })} {${said}${general}}`, meta };
  }
  if (body.type === 'short' && key.type === 'short') {
    if (key.typo !== 'none') meta.push(['typo', key.typo]);
    const lines = key.accepted.map((answer) => {
      noArrow(answer.text, 'An accepted answer');
      noArrow(answer.feedback ?? '', 'An answer’s feedback');
      const weight = answer.percent === 100 ? '' : `%${answer.percent}%`;
      return `=${weight}${piece(answer.text)}${feedback(answer.feedback)}`;
    });
    return { text: ask(lines), meta };
  }
  if (body.type === 'numerical' && key.type === 'numerical') {
    const lines = key.accepted.map((answer) => {
      const weight = answer.percent === 100 ? '' : `%${answer.percent}%`;
      return `=${weight}${answer.value}:${answer.tolerance}${feedback(answer.feedback)}`;
    });
    return { text: ask(lines, '{#'), meta };
  }
  if (body.type === 'matching' && key.type === 'matching') {
    const answerText = new Map(body.answers.map((a) => [a.id, a.text]));
    const used = new Set(Object.values(key.pairs));
    const lines = body.prompts.map((prompt) => {
      noArrow(prompt.text, 'A matching prompt');
      return `=${piece(prompt.text)} -> ${piece(answerText.get(key.pairs[prompt.id] ?? '') ?? '')}`;
    });
    for (const answer of body.answers) {
      if (!used.has(answer.id)) lines.push(`= -> ${piece(answer.text)}`);
    }
    return { text: ask(lines), meta };
  }
  if (body.type === 'gaps' && key.type === 'gaps' && body.gaps.length === 1) {
    const gap = body.gaps[0] as (typeof body.gaps)[number];
    const accepted = key.gaps[gap.id] ?? [];
    const mark = `{${gap.id}}`;
    const at = body.text.indexOf(mark);
    const before = body.text.slice(0, at);
    const after = body.text.slice(at + mark.length);
    let answers: string;
    if (gap.choices) {
      if (gap.choices.every((choice) => accepted.includes(choice))) {
        throw new LeftOut('every word of the gap is right, so GIFT would read it as a typed gap.');
      }
      answers = gap.choices
        .map((choice) => `${accepted.includes(choice) ? '=' : '~'}${piece(choice)}`)
        .join(' ');
    } else {
      for (const answer of accepted) noArrow(answer, 'An accepted answer');
      answers = accepted.map((answer) => `=${piece(answer)}`).join(' ');
    }
    if (key.typo !== 'none') meta.push(['typo', key.typo]);
    const instruction = gap.choices ? GAP_INSTRUCTIONS.chosen : GAP_INSTRUCTIONS.typed;
    // A gap at the very end reads as a question with its answers after it: the instruction
    // line tells the reader it is a gap fill.
    if (version.prompt !== instruction || after.trim() === '') {
      meta.push(['instruction', escapeGift(version.prompt)]);
    }
    const text = `${piece(before + after, { prompt: true }).startsWith('[plain]') ? '[plain]' : ''}${escapeGift(before)}{${answers}${general}}${escapeGift(after)}`;
    return { text, meta };
  }
  const kind = ITEM_TYPE_WORDS[body.type].toLowerCase();
  throw new LeftOut(
    body.type === 'gaps'
      ? 'GIFT holds one gap per question, and this gap fill has several.'
      : `GIFT has no ${kind} questions.`,
  );
}

/** One line naming an item: its title, or the start of its prompt. */
function label(item: GiftItem): string {
  const words = (item.title?.trim() || item.version.prompt).replace(/\s+/g, ' ');
  return words.length > 60 ? `${words.slice(0, 59)}…` : words;
}

/** An item's category as written: one line, or null for none. */
const categoryOf = (item: GiftItem) => item.category?.replace(/\s+/g, ' ').trim() || null;

/**
 * The bank's items as one GIFT text. Items are grouped by category as Moodle's export groups
 * them: those without one first (GIFT cannot go back to "no category" once one is set, and
 * Moodle keeps no questions in a context's "top"), then each category in the order it first
 * appears, keeping the items' order within a group.
 */
export function writeGift(items: readonly GiftItem[]): string {
  const groups = new Map<string | null, GiftItem[]>([[null, []]]);
  for (const item of items) {
    const category = categoryOf(item);
    groups.set(category, [...(groups.get(category) ?? []), item]);
  }
  const out: string[] = [];
  for (const [category, members] of groups) {
    if (category !== null && members.length) out.push(`$CATEGORY: ${category}`, '');
    for (const item of members) {
      try {
        const { text, meta } = question(item.version);
        for (const [name, value] of meta) out.push(`// ${META_PREFIX}${name}: ${value}`);
        const title = item.title?.replace(/\s+/g, ' ').trim();
        out.push(`${title ? `::${escapeGift(title)}::` : ''}${text}`, '');
      } catch (error) {
        if (!(error instanceof LeftOut)) throw error;
        const kind = ITEM_TYPE_WORDS[item.version.body.type];
        out.push(`// Left out: “${label(item)}” (${kind}): ${error.message}`, '');
      }
    }
  }
  return out.join('\n');
}
