import {
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

/**
 * Moodle's Aiken format read into one-answer multiple-choice items:
 *
 *     What is the past of "go"?
 *     A. goed
 *     B) went
 *     C. gone
 *     ANSWER: B
 *
 * The question may run over several lines; options are a capital letter, "." or ")" and the
 * text; "ANSWER:" and one letter close the question. Blank lines between questions are usual
 * but not needed. Never throws.
 */

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/i;

interface Pending {
  line: number;
  lines: string[];
  prompt: string[];
  options: { letter: string; text: string }[];
  /** A letter given to two answers, which makes "ANSWER:" ambiguous. */
  twice: string | null;
}

function finish(question: Pending, said: string) {
  const letters = said
    .split(/[\s,;]+/)
    .map((l) => l.replace(/[.)]$/, '').toUpperCase())
    .filter(Boolean);
  if (letters.length !== 1) {
    throw new Refusal('An Aiken question has one right answer: write ANSWER: and one letter.');
  }
  const right = letters[0] as string;
  if (question.twice) throw new Refusal(`Two answers have the letter ${question.twice}.`);
  if (question.options.length < 2)
    throw new Refusal('A question needs at least two answers, A. and B.');
  const index = question.options.findIndex((o) => o.letter === right);
  if (index < 0) throw new Refusal(`The answer ${right} is not one of the question’s letters.`);
  const options = question.options.map((o, i) => ({ id: optionId(i), text: o.text }));
  return validated({
    prompt: question.prompt.join('\n'),
    body: { type: 'choice', multiple: false, options },
    key: {
      type: 'choice',
      credit: Object.fromEntries(options.map((o, i) => [o.id, i === index ? 100 : 0])),
    },
    points: 1,
  });
}

export function parseAiken(input: string): ParsedQuestions {
  const tooLarge = sizeRefusal(input);
  if (tooLarge) return { questions: [], refused: [tooLarge] };
  const lines = input.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);

  const questions: ImportedQuestion[] = [];
  const refused: RefusedBlock[] = [];
  const refuse = (question: Pending, reason: string) =>
    refused.push({ line: question.line, excerpt: excerptOf(question.lines.join(' ')), reason });
  let pending: Pending | null = null;

  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    const option = OPTION.exec(line);
    const answer = ANSWER.exec(line);
    if (answer) {
      if (!pending) {
        refused.push({
          line: i + 1,
          excerpt: excerptOf(line),
          reason: 'An ANSWER: line has no question above it.',
        });
        continue;
      }
      pending.lines.push(line);
      try {
        questions.push({
          line: pending.line,
          title: null,
          category: null,
          tags: tagsFromCategory(null),
          version: finish(pending, answer[1] as string),
          notes: [],
        });
      } catch (error) {
        refuse(
          pending,
          error instanceof Refusal ? error.message : 'This question could not be read.',
        );
      }
      pending = null;
    } else if (option && pending) {
      pending.lines.push(line);
      const letter = option[1] as string;
      const text = (option[2] as string).trim();
      if (pending.options.some((o) => o.letter === letter)) pending.twice ??= letter;
      pending.options.push({ letter, text });
    } else if (option) {
      refused.push({
        line: i + 1,
        excerpt: excerptOf(line),
        reason: 'An answer comes before its question.',
      });
    } else {
      if (pending && pending.options.length > 0) {
        refuse(pending, 'The question has no ANSWER: line after its answers.');
        pending = null;
      }
      pending ??= { line: i + 1, lines: [], prompt: [], options: [], twice: null };
      pending.lines.push(line);
      pending.prompt.push(line);
    }
    if (questions.length + refused.length > QUESTION_TEXT_LIMITS.questions) {
      // Never a partial import: a text over the limit is refused whole.
      return { questions: [], refused: [countRefusal()] };
    }
  }
  if (pending) refuse(pending, 'The question has no ANSWER: line after its answers.');
  return {
    questions,
    refused: refused.sort((a, b) => a.line - b.line),
  };
}
