import type { ItemKey, ItemVersion, TypoRule } from '@academy/contract/quizzes/items';
import { ITEM_LIMITS, TYPO_RULES } from '@academy/contract/quizzes/items';
import {
  cleanCategory,
  countRefusal,
  excerptOf,
  type ImportedQuestion,
  optionId,
  type ParsedQuestions,
  QUESTION_TEXT_LIMITS,
  Refusal,
  type RefusedBlock,
  sizeRefusal,
  tagsFromCategory,
  validated,
} from './common.js';
import {
  cleanPiece,
  dropPrivateUse,
  GAP_MARK,
  hideEscapes,
  normaliseLines,
  restoreEscapes,
  type TextFormat,
} from './gift-text.js';

/**
 * Moodle's GIFT format read into the bank's items (issue 51, point 8), following Moodle's own
 * reader (question/format/gift/format.php) so a file that imports into Moodle reads the same
 * here: blocks separated by blank lines, `//` comment lines, `$CATEGORY:`, `::title::`, one set
 * of answers in braces deciding the kind of question the way Moodle decides it.
 *
 * Every block that cannot become an item is refused with its line and a reason a teacher reads;
 * nothing here throws on any input.
 */

/** The instruction a missing-word question gets as its prompt (GIFT has none). */
export const GAP_INSTRUCTIONS = {
  chosen: 'Choose the word that fills the gap.',
  typed: 'Type the word that fills the gap.',
} as const;

/** The bank's settings GIFT has no syntax for, kept in comment lines Moodle ignores. */
export const META_PREFIX = 'academy-';

interface Block {
  /** 1-based line of the block's first line that is not a comment. */
  line: number;
  /** The block's lines without comments, joined. */
  text: string;
  meta: Map<string, string>;
}

/** The text's blocks: runs of non-blank lines; comment lines dropped (their metadata kept). */
function blocksOf(text: string): Block[] {
  const lines = text.split(/\r\n|\r|\n/);
  const blocks: Block[] = [];
  let current: { line: number; lines: string[]; meta: Map<string, string> } | null = null;
  const close = () => {
    if (current?.lines.length) {
      blocks.push({ line: current.line, text: current.lines.join('\n'), meta: current.meta });
    }
    current = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const trimmed = line.trim();
    if (trimmed === '') {
      close();
      continue;
    }
    current ??= { line: i + 1, lines: [], meta: new Map() };
    if (trimmed.startsWith('//')) {
      const meta = /^\/\/\s*academy-([a-z]+):\s?(.*)$/.exec(trimmed);
      if (meta) current.meta.set(meta[1] as string, (meta[2] as string).trim());
      continue;
    }
    if (/^\$CATEGORY:/i.test(trimmed)) {
      // A category line is a block of its own, even with a question straight under it
      // (Moodle wants a blank line between them; teachers forget it).
      close();
      blocks.push({ line: i + 1, text: trimmed, meta: new Map() });
      continue;
    }
    if (current.lines.length === 0) current.line = i + 1;
    current.lines.push(line);
  }
  close();
  return blocks;
}

/** A weight such as `%50%` or `%-33.3333%` at the start of an answer. */
const WEIGHT = /^%(-?\d{1,3}(?:\.\d+)?)%/;

interface Answer {
  text: string;
  weight: number;
  feedback: string;
}

/**
 * Splits answers such as `~wrong#why =right ~%50%half` (already split on their markers) into
 * text, weight and feedback. `defaultWeight` is the weight of an answer with no `=` and no
 * `%…%` (0 in a choice, 100 in a short answer).
 */
function readAnswers(
  parts: string[],
  format: TextFormat,
  notes: Set<string>,
  defaultWeight: number,
): Answer[] {
  return parts.map((part, index) => {
    let rest = part.trim();
    let weight = defaultWeight;
    if (rest.startsWith('=')) {
      weight = 100;
      rest = rest.slice(1).trimStart();
    }
    const weighted = WEIGHT.exec(rest);
    if (weighted) {
      weight = Number(weighted[1]);
      rest = rest.slice(weighted[0].length);
    }
    if (weight < -100 || weight > 100) {
      throw new Refusal(
        `Answer ${index + 1} is worth ${weight} %: a weight must be between -100 % and 100 %.`,
      );
    }
    const hash = rest.indexOf('#');
    const said = hash < 0 ? rest : rest.slice(0, hash);
    const feedback = hash < 0 ? '' : rest.slice(hash + 1);
    const text = cleanPiece(said, format, notes).text;
    if (text === '') throw new Refusal(`Answer ${index + 1} is empty.`);
    return { text, weight, feedback: cleanPiece(feedback, format, notes).text };
  });
}

/** Splits answers on a marker, as Moodle does: text before the first marker is dropped if blank. */
function splitOn(answers: string, marker: string): string[] {
  const parts = answers.split(marker);
  if ((parts[0] ?? '').trim() === '') parts.shift();
  return parts;
}

/**
 * Whole-percent credits. Several right options' weights that add up to 100 only before
 * rounding (three at 33.33333 %) are rounded so they still add up to 100.
 */
function credits(weights: number[], multiple: boolean): number[] {
  const positive = weights.filter((w) => w > 0);
  const sum = positive.reduce((a, b) => a + b, 0);
  if (!multiple || Math.abs(sum - 100) >= 0.5 || positive.every(Number.isInteger)) {
    return weights.map((w) => Math.round(w));
  }
  const floors = weights.map((w) => (w > 0 ? Math.floor(w) : Math.round(w)));
  let missing =
    100 - floors.filter((_, i) => (weights[i] as number) > 0).reduce((a, b) => a + b, 0);
  const byRemainder = weights
    .map((w, i) => ({ i, remainder: w > 0 ? w - Math.floor(w) : -1 }))
    .sort((x, y) => y.remainder - x.remainder);
  for (const { i, remainder } of byRemainder) {
    if (missing <= 0 || remainder < 0) break;
    floors[i] = (floors[i] as number) + 1;
    missing--;
  }
  return floors;
}

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;

function readNumber(text: string, index: number): number {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) {
    const said = excerptOf(trimmed.slice(0, 60));
    throw new Refusal(
      `Answer ${index + 1}: “${said}” is not a number. Write {#3.14}, {#3.14:0.01} or {#3.1..3.2}.`,
    );
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) throw new Refusal(`Answer ${index + 1}: the number is too large.`);
  return value;
}

/** A float with the noise of binary arithmetic taken off (3.142 - 3.1415 → 0.0005). */
const tidy = (value: number) => Number(value.toPrecision(12));

interface Question {
  title: string | null;
  version: ItemVersion;
  notes: string[];
}

/** How a block's metadata comments set the bank's settings GIFT lacks. */
function pointsOf(meta: Map<string, string>, notes: Set<string>): number {
  const said = meta.get('points');
  if (said === undefined) return 1;
  const points = Number(said);
  if (Number.isInteger(points) && points >= 1 && points <= 100) return points;
  notes.add(`The points “${said}” are not a whole number from 1 to 100: the question is worth 1.`);
  return 1;
}

function typoOf(meta: Map<string, string>): TypoRule {
  const said = meta.get('typo');
  return TYPO_RULES.find((rule) => rule === said) ?? 'none';
}

/** What every kind of question reads from a block's text around its answers. */
interface Head {
  title: string | null;
  /** The text between the braces, without its general feedback. */
  answers: string;
  /** The question's format: every answer's and feedback's too unless it gives its own. */
  format: TextFormat;
  notes: Set<string>;
  /** Text follows the braces: Moodle's missing word. */
  gapped: boolean;
  /** May become a gap fill: a missing word, or our own instruction line says so. */
  asGap: boolean;
  instruction: string | undefined;
  typo: TypoRule;
  points: number;
  generalFeedback: string;
  /** The text with Moodle's blank where the answers stood ("Jesus Christ was from _____."). */
  asked(): string;
  /** The text with the gap fill's `{g1}` where the answers stood. */
  gapText(): string;
}

/** Reads a block's title, braces, format and settings; refuses a block that is no question. */
function readHead(block: Block): Head {
  const notes = new Set<string>();
  let text = hideEscapes(block.text.trim());

  let title: string | null = null;
  if (text.startsWith('::')) {
    const end = text.indexOf('::', 2);
    if (end < 0) throw new Refusal('The title opened with :: is never closed with ::.');
    title = restoreEscapes(text.slice(2, end)).replace(/\s+/g, ' ').trim() || null;
    text = text.slice(end + 2).trim();
  }

  const opens = text.split('{').length - 1;
  const closes = text.split('}').length - 1;
  if (opens === 0 && closes === 0) {
    throw new Refusal(
      'This block has no answers in braces { }, so it is a description, not a question; descriptions are not imported.',
    );
  }
  if (opens > closes) throw new Refusal('A brace { is never closed with }.');
  if (closes > opens) throw new Refusal('A closing brace } has no opening {.');
  if (opens > 1) {
    throw new Refusal(
      `A question holds one set of answers in braces; this one holds ${opens}. Write each question on its own, or make a gap fill with several gaps in the bank.`,
    );
  }
  const open = text.indexOf('{');
  const close = text.indexOf('}');
  if (close < open) throw new Refusal('A closing brace } comes before its opening {.');

  const after = text.slice(close + 1);
  let answers = text.slice(open + 1, close).trim();
  // The text is cleaned whole, with a mark where the answers stood, so that HTML or a format
  // marker reaching across the braces reads as one text.
  const head = cleanPiece(`${text.slice(0, open)}${GAP_MARK}${after}`, 'moodle', notes);
  const gapped = after.trim() !== '';

  let generalFeedback = '';
  const general = answers.lastIndexOf('####');
  if (general >= 0) {
    generalFeedback = cleanPiece(answers.slice(general + 4), head.format, notes).text;
    answers = answers.slice(0, general).trim();
  }
  if (answers === '') {
    throw new Refusal(
      'Essay questions are not imported: the bank marks answers itself. Mark essays by hand.',
    );
  }

  const said = block.meta.get('instruction');
  const instruction =
    said === undefined ? undefined : normaliseLines(restoreEscapes(hideEscapes(said)));
  return {
    title,
    answers,
    format: head.format,
    notes,
    gapped,
    // A `{word}` of the question's own (written \{word\}) would read as a second gap.
    asGap: (gapped || instruction !== undefined) && !/\{[a-z0-9]{1,8}\}/.test(head.text),
    instruction,
    typo: typoOf(block.meta),
    points: pointsOf(block.meta, notes),
    generalFeedback,
    asked() {
      const words = head.text.replace(GAP_MARK, gapped ? '_____' : '').trim();
      if (words === '') {
        throw new Refusal('The question has no text: write it before the answers in braces.');
      }
      return words;
    },
    gapText: () => head.text.replace(GAP_MARK, '{g1}').trim(),
  };
}

type Parts = Omit<ItemVersion, 'points' | 'general_feedback'>;

/** Numerical: {#3.14:0.01}, {#1..5}, {#=1822:0 =%50%1822:2}. */
function readNumerical(head: Head): Parts {
  const { format, notes } = head;
  let body = head.answers.slice(1);
  const otherwise = body.indexOf('~');
  if (otherwise >= 0) {
    body = body.slice(0, otherwise);
    notes.add('The feedback for any other number was left out: the bank has no place for it.');
  }
  const parts = splitOn(body, '=');
  if (parts.length === 0 || parts.every((p) => p.trim() === '')) {
    throw new Refusal('A number question needs its right number: write {#3.14} or {#3.14:0.01}.');
  }
  if (parts.length > ITEM_LIMITS.accepted) {
    throw new Refusal(`A number question may accept at most ${ITEM_LIMITS.accepted} answers.`);
  }
  const accepted: Extract<ItemKey, { type: 'numerical' }>['accepted'] = [];
  for (const [index, answer] of readAnswers(parts, format, notes, 100).entries()) {
    let value: number;
    let tolerance: number;
    const range = answer.text.indexOf('..');
    const colon = answer.text.indexOf(':');
    if (range > 0) {
      const low = readNumber(answer.text.slice(0, range), index);
      const high = readNumber(answer.text.slice(range + 2), index);
      value = tidy((low + high) / 2);
      tolerance = tidy(Math.abs(high - low) / 2);
    } else if (colon > 0) {
      value = readNumber(answer.text.slice(0, colon), index);
      tolerance = readNumber(answer.text.slice(colon + 1), index);
      if (tolerance < 0) {
        throw new Refusal(`Answer ${index + 1}: the margin must not be negative.`);
      }
    } else {
      value = readNumber(answer.text, index);
      tolerance = 0;
    }
    const percent = Math.round(answer.weight);
    if (percent <= 0) {
      notes.add(`Answer ${index + 1} is worth nothing and was left out.`);
      continue;
    }
    const feedback = answer.feedback ? { feedback: answer.feedback } : {};
    accepted.push({ value, tolerance, percent, ...feedback });
  }
  return {
    prompt: head.asked(),
    body: { type: 'numerical' },
    key: { type: 'numerical', accepted },
  };
}

/** Multiple choice (only it holds ~), or a missing word chosen from a list. */
function readChoice(head: Head): Parts {
  const single = head.answers.includes('=');
  const parts = splitOn(head.answers.replaceAll('=', '~='), '~');
  if (parts.length < 2) throw new Refusal('A multiple-choice question needs at least two answers.');
  if (parts.length > ITEM_LIMITS.parts) {
    throw new Refusal(
      `A multiple-choice question may have at most ${ITEM_LIMITS.parts} answers; this one has ${parts.length}.`,
    );
  }
  const read = readAnswers(parts, head.format, head.notes, 0);
  const credit = credits(
    read.map((a) => a.weight),
    !single,
  );
  if (!credit.some((c) => c > 0)) {
    throw new Refusal(
      'No answer is right: mark the right one with = (or give weights such as ~%50%).',
    );
  }
  // A gap fill's words carry no credit of their own nor feedback: a missing word that has
  // them stays a multiple choice, so nothing the teacher wrote is lost.
  const plain =
    single &&
    credit.every((c) => c === 100 || c === 0) &&
    read.every((a) => a.feedback === '') &&
    new Set(read.map((a) => a.text)).size === read.length;
  if (head.asGap && plain) {
    return {
      prompt: head.instruction || GAP_INSTRUCTIONS.chosen,
      body: {
        type: 'gaps',
        text: head.gapText(),
        gaps: [{ id: 'g1', choices: read.map((a) => a.text) }],
      },
      key: {
        type: 'gaps',
        gaps: { g1: read.filter((_, i) => credit[i] === 100).map((a) => a.text) },
        typo: head.typo,
      },
    };
  }
  const options = read.map((answer, index) => ({ id: optionId(index), text: answer.text }));
  const feedback = Object.fromEntries(
    read.flatMap((a, i) => (a.feedback ? [[optionId(i), a.feedback]] : [])),
  );
  return {
    prompt: head.asked(),
    body: { type: 'choice', multiple: !single, options },
    key: {
      type: 'choice',
      credit: Object.fromEntries(options.map((o, i) => [o.id, credit[i] as number])),
      ...(Object.keys(feedback).length ? { feedback } : {}),
    },
  };
}

/** Matching: {=Canada -> Ottawa =Italy -> Rome}; `= -> Paris` adds a wrong answer. */
function readMatching(head: Head): Parts {
  const parts = splitOn(head.answers, '=');
  if (parts.length > ITEM_LIMITS.parts) {
    throw new Refusal(`A matching question may have at most ${ITEM_LIMITS.parts} pairs.`);
  }
  const prompts: { id: string; text: string }[] = [];
  const answerIds = new Map<string, string>();
  const pairs: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const arrow = part.indexOf('->');
    if (arrow < 0) throw new Refusal(`Pair ${index + 1} needs an arrow: write =prompt -> answer.`);
    const left = cleanPiece(part.slice(0, arrow), head.format, head.notes).text;
    const right = cleanPiece(part.slice(arrow + 2), head.format, head.notes).text;
    if (right === '') throw new Refusal(`Pair ${index + 1} has no answer after its arrow.`);
    // One answer listed once, however many prompts it answers.
    let answerId = answerIds.get(right);
    if (answerId === undefined) {
      answerId = `m${answerIds.size + 1}`;
      answerIds.set(right, answerId);
    }
    if (left === '') continue;
    const id = `p${prompts.length + 1}`;
    prompts.push({ id, text: left });
    pairs[id] = answerId;
  }
  if (prompts.length < 2) throw new Refusal('A matching question needs at least two pairs.');
  return {
    prompt: head.asked(),
    body: {
      type: 'matching',
      prompts,
      answers: [...answerIds].map(([text, id]) => ({ id, text })),
    },
    key: { type: 'matching', pairs },
  };
}

/** True or false: {T}, {FALSE#feedback when wrong#feedback when right}. */
function readTrueFalse(head: Head, answer: boolean): Parts {
  // As Moodle: the first feedback is shown for a wrong answer, the second for the right one.
  const [, wrong = '', ...right] = head.answers.split('#');
  const wrongText = cleanPiece(wrong, head.format, head.notes).text;
  const rightText = cleanPiece(right.join('#'), head.format, head.notes).text;
  const onTrue = answer ? rightText : wrongText;
  const onFalse = answer ? wrongText : rightText;
  return {
    prompt: head.asked(),
    body: { type: 'true_false' },
    key: {
      type: 'true_false',
      answer,
      ...(onTrue ? { feedback_true: onTrue } : {}),
      ...(onFalse ? { feedback_false: onFalse } : {}),
    },
  };
}

/** Short answer: {=no one =nobody}, or a typed missing word. */
function readShort(head: Head): Parts {
  const parts = splitOn(head.answers, '=');
  if (parts.length > ITEM_LIMITS.accepted) {
    throw new Refusal(
      `A short-answer question may accept at most ${ITEM_LIMITS.accepted} answers.`,
    );
  }
  const kept = readAnswers(parts, head.format, head.notes, 100).filter((answer, index) => {
    if (Math.round(answer.weight) > 0) return true;
    head.notes.add(`Answer ${index + 1} is worth nothing and was left out.`);
    return false;
  });
  if (!kept.some((a) => Math.round(a.weight) === 100)) {
    throw new Refusal('One accepted answer must be worth 100 %.');
  }
  if (head.asGap && kept.every((a) => Math.round(a.weight) === 100 && a.feedback === '')) {
    return {
      prompt: head.instruction || GAP_INSTRUCTIONS.typed,
      body: { type: 'gaps', text: head.gapText(), gaps: [{ id: 'g1' }] },
      key: { type: 'gaps', gaps: { g1: kept.map((a) => a.text) }, typo: head.typo },
    };
  }
  return {
    prompt: head.asked(),
    body: { type: 'short' },
    key: {
      type: 'short',
      typo: head.typo,
      accepted: kept.map((a) => ({
        text: a.text,
        percent: Math.round(a.weight),
        ...(a.feedback ? { feedback: a.feedback } : {}),
      })),
    },
  };
}

const TRUTHS: Record<string, boolean> = { T: true, TRUE: true, F: false, FALSE: false };

/**
 * Reads one question block (its category line already taken off), deciding its kind in
 * Moodle's order: # first is a number, any ~ a choice, = with -> a matching, T/F (before any
 * #) a true/false, anything else a short answer.
 */
function readQuestion(block: Block): Question {
  const head = readHead(block);
  const { answers } = head;
  const hash = answers.indexOf('#');
  const truth = TRUTHS[(hash < 0 ? answers : answers.slice(0, hash)).trim().toUpperCase()];
  const parts = answers.startsWith('#')
    ? readNumerical(head)
    : answers.includes('~')
      ? readChoice(head)
      : answers.includes('=') && answers.includes('->')
        ? readMatching(head)
        : truth !== undefined
          ? readTrueFalse(head, truth)
          : readShort(head);
  const general = head.generalFeedback ? { general_feedback: head.generalFeedback } : {};
  return {
    title: head.title,
    version: validated({ ...parts, points: head.points, ...general } as ItemVersion),
    notes: [...head.notes],
  };
}

/** Reads a GIFT text into the bank's items and the blocks it refuses. Never throws. */
export function parseGift(input: string): ParsedQuestions {
  const tooLarge = sizeRefusal(input);
  if (tooLarge) return { questions: [], refused: [tooLarge] };
  const text = dropPrivateUse(input.replace(/^\ufeff/, ''));
  const blocks = blocksOf(text);

  const questions: ImportedQuestion[] = [];
  const refused: RefusedBlock[] = [];
  let category: string | null = null;
  for (const block of blocks) {
    if (/^\$CATEGORY:/i.test(block.text)) {
      category = cleanCategory(block.text.replace(/^\$CATEGORY:/i, ''));
      continue;
    }
    try {
      const read = readQuestion(block);
      questions.push({
        line: block.line,
        title: read.title,
        category,
        tags: tagsFromCategory(category),
        version: read.version,
        notes: read.notes,
      });
    } catch (error) {
      // A reader's slip must not cost the teacher the preview: the block is refused instead.
      const reason = error instanceof Refusal ? error.message : 'This block could not be read.';
      refused.push({ line: block.line, excerpt: excerptOf(block.text), reason });
    }
    if (questions.length + refused.length > QUESTION_TEXT_LIMITS.questions) {
      // Never a partial import: a text over the limit is refused whole.
      return { questions: [], refused: [countRefusal()] };
    }
  }
  return { questions, refused };
}
