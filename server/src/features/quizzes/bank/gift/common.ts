import {
  CEFR_LEVELS,
  ITEM_LIMITS,
  ITEM_SKILLS,
  type ItemTags,
  ItemVersion,
} from '@academy/contract/quizzes/items';

/**
 * What the GIFT and Aiken readers share: the shapes they answer with, the limits of one pasted
 * text, how a question's category maps to the bank's tags, and how a question that does not fit
 * the bank is told to a teacher. Pure functions, no I/O.
 */

/** One question read from the text, ready for the bank. */
export interface ImportedQuestion {
  /** 1-based line where the question starts in the text. */
  line: number;
  /** GIFT's ::title::, if given. */
  title: string | null;
  /** The $CATEGORY: in force (GIFT), e.g. "Grammar/Past simple"; null if none. */
  category: string | null;
  /** The bank's tags read from the category (see tagsFromCategory). */
  tags: ItemTags;
  /** Validated with the contract's ItemVersion schema. */
  version: ItemVersion;
  /**
   * What the import changed or left out of this question, in a teacher's words (an image in
   * HTML, feedback the bank has no place for): shown in the preview beside the question.
   */
  notes: string[];
}

/** A block of the text that is not imported, with its line and why. */
export interface RefusedBlock {
  line: number;
  excerpt: string;
  reason: string;
}

export interface ParsedQuestions {
  questions: ImportedQuestion[];
  refused: RefusedBlock[];
}

/**
 * The most one text may hold: a pasted or uploaded file larger than this is refused whole, so a
 * preview stays quick and an import stays one transaction of bounded size.
 */
export const QUESTION_TEXT_LIMITS = { bytes: 2 * 1024 * 1024, questions: 2000 } as const;

/** Thrown inside a reader for a block it refuses; caught per block, never leaves the module. */
export class Refusal extends Error {}

/** The id of the n-th (0-based) option of a choice item: 'a' … 'z', then 'o26', 'o27', … */
export function optionId(index: number): string {
  return index < 26 ? String.fromCharCode(97 + index) : `o${index}`;
}

/** A short, one-line excerpt of a block for the preview. */
export function excerptOf(text: string): string {
  // Control characters (binary garbage) would show as boxes or break the preview's layout.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\ue000-\ue0ff]+/g, ' ').trim();
  const flat = line.replace(/\s+/g, ' ');
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

/** The size of a text in UTF-8 bytes, counted without copying it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The words a refusal of a text too large to read gives (shown at line 1). */
export function sizeRefusal(text: string): RefusedBlock | null {
  if (utf8Bytes(text) > QUESTION_TEXT_LIMITS.bytes) {
    return {
      line: 1,
      excerpt: excerptOf(text.slice(0, 200)),
      reason: 'The text is larger than 2 MB: split it into smaller files and import each.',
    };
  }
  return null;
}

/** The refusal when a text holds more questions than one import takes (nothing is imported). */
export function countRefusal(): RefusedBlock {
  const most = QUESTION_TEXT_LIMITS.questions.toLocaleString('en-GB');
  return {
    line: 1,
    excerpt: '',
    reason: `The text holds more than ${most} questions; one import takes at most ${most}. Split it into smaller files.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Validation in a teacher's words.

const PART_WORDS: Record<string, string> = {
  prompt: 'The question’s text',
  general_feedback: 'The general feedback',
  points: 'The points',
};

/** Where a schema issue stands, as a teacher names it. */
function placeOf(path: readonly PropertyKey[]): string {
  const [first, second, third, fourth] = path;
  if (typeof first === 'string' && first in PART_WORDS) return PART_WORDS[first] as string;
  if (first === 'body') {
    if (second === 'options' && typeof third === 'number') return `Answer ${third + 1}`;
    if (second === 'options') return 'The answers';
    if (second === 'prompts' && typeof third === 'number') return `Matching pair ${third + 1}`;
    if (second === 'prompts') return 'The matching pairs';
    if (second === 'answers' && typeof third === 'number') return `Matching answer ${third + 1}`;
    if (second === 'answers') return 'The matching answers';
    if (second === 'text') return 'The text with the gap';
    if (second === 'gaps' && fourth === 'choices') return 'The gap’s words';
    return 'The question';
  }
  if (first === 'key') {
    if (second === 'accepted' && typeof third === 'number') {
      return fourth === 'feedback' ? `The feedback of answer ${third + 1}` : `Answer ${third + 1}`;
    }
    if (second === 'accepted') return 'The accepted answers';
    if (second === 'feedback' || second === 'feedback_true' || second === 'feedback_false') {
      return 'An answer’s feedback';
    }
    if (second === 'gaps') return 'The gap’s answers';
    return 'The answer key';
  }
  return 'The question';
}

/**
 * Checks a version read from the text with the contract's schema (the same rules the bank's
 * editor uses) and answers it cleaned (trimmed), or throws a Refusal naming the first problem.
 */
export function validated(version: ItemVersion): ItemVersion {
  const checked = ItemVersion.safeParse(version);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  if (!issue) throw new Refusal('The question does not fit the bank.');
  // keyProblems' messages are whole sentences already.
  if (issue.code === 'custom') throw new Refusal(issue.message);
  // The contract words its own limits ("must be at most 500 characters"); anything else is
  // zod's own wording, given as it is after the place it concerns.
  const words = issue.message.startsWith('must')
    ? issue.message
    : `does not fit the bank (${issue.message})`;
  throw new Refusal(`${placeOf(issue.path)} ${words}.`);
}

// ---------------------------------------------------------------------------------------------
// Categories ↔ tags.

const SKILL_WORDS: Record<string, (typeof ITEM_SKILLS)[number]> = Object.fromEntries(
  ITEM_SKILLS.map((skill) => [skill, skill]),
);

/**
 * A category path's segments. Moodle writes a slash inside a category's name as "//"; its own
 * exports start with "$course$/top/" (or $system$, $module$, $cat1$ …), which names where the
 * bank lives in Moodle, not what the question is about, so it is dropped, as is a leading "top".
 */
export function categorySegments(category: string): string[] {
  const segments = category
    .split(/(?<!\/)\/(?!\/)/)
    .map((segment) => segment.replaceAll('//', '/').trim())
    .filter((segment) => segment !== '');
  while (segments[0] !== undefined && /^\$[a-z0-9]*\$$/i.test(segments[0])) segments.shift();
  if (segments[0]?.toLowerCase() === 'top') segments.shift();
  return segments;
}

/** A category as the import keeps it: its segments joined by "/", or null for the top. */
export function cleanCategory(category: string): string | null {
  const segments = categorySegments(category);
  return segments.length ? segments.map((s) => s.replaceAll('/', '//')).join('/') : null;
}

/**
 * The bank's tags a category sets: a segment that is a CEFR level (A1 … C2) sets the level, a
 * segment that names a skill ('Grammar', 'Listening', …) sets the skill, and the last other
 * segment is the unit ("B1/Grammar/Past simple" → B1, grammar, "Past simple";
 * "Unit 3/Vocabulary" → no level, vocabulary, "Unit 3").
 */
export function tagsFromCategory(category: string | null): ItemTags {
  const tags: ItemTags = { level: null, skill: null, unit: null };
  if (category === null) return tags;
  for (const segment of categorySegments(category)) {
    const upper = segment.toUpperCase();
    const level = CEFR_LEVELS.find((l) => l === upper);
    const skill = SKILL_WORDS[segment.toLowerCase()];
    if (level) tags.level = level;
    else if (skill) tags.skill = skill;
    else tags.unit = segment.slice(0, ITEM_LIMITS.unit).trim();
  }
  return tags;
}

/** The category an export writes for an item's tags: "B1/Grammar/Past simple"; null if none. */
export function categoryForTags(tags: ItemTags): string | null {
  const segments = [
    tags.level,
    tags.skill ? tags.skill[0]?.toUpperCase() + tags.skill.slice(1) : null,
    tags.unit?.trim() || null,
  ].filter((segment): segment is string => segment !== null);
  return segments.length ? segments.map((s) => s.replaceAll('/', '//')).join('/') : null;
}
