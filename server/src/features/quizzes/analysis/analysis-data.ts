import type { QuizAnalysis } from '@academy/contract';
import { analyseItems, quizStatistics } from '@academy/contract/quizzes/analysis';
import { normaliseAnswer } from '@academy/contract/quizzes/answers';
import type { ItemBody, ItemResponse, ItemType } from '@academy/contract/quizzes/items';
import { responseText } from '@academy/contract/quizzes/marking';
import { taughtStudents, type Within } from '../../../auth/reach.js';
import type { Db } from '../../../db/index.js';
import { inSlices } from '../../../db/lists.js';
import { listParts } from '../taking/quizzes-data.js';

/**
 * The item analysis' reads (issue 51, point 7): four queries whatever the number of attempts
 * (the counted attempts, all their answers, the quiz's parts, the item versions those answers
 * drew), then the contract's pure statistics. 2,000 attempts × 40 items are 80,000 answer rows
 * read in one go; each version's body is parsed once, and each distinct answer to it once.
 *
 * Which attempts count (contract/src/schemas/quiz-analysis.ts says why): each student's first
 * closed attempt, of the students the caller reaches.
 */

/** The longest prompt the analysis shows: a line of a table, not the whole question. */
const PROMPT_EXCERPT = 120;

/** The counted attempts as a query: closed, each student's first, a teacher's own students'. */
function countedAttempts(db: Db, quizId: number, within: Within) {
  let query = db
    .selectFrom('quiz_attempts as qa')
    .where('qa.quiz_id', '=', quizId)
    .where('qa.submitted_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('quiz_attempts as earlier')
            .select('earlier.id')
            .whereRef('earlier.quiz_id', '=', 'qa.quiz_id')
            .whereRef('earlier.user_id', '=', 'qa.user_id')
            .whereRef('earlier.number', '<', 'qa.number')
            .where('earlier.submitted_at', 'is not', null),
        ),
      ),
    );
  if (within !== undefined) query = query.where('qa.user_id', 'in', taughtStudents(db, within));
  return query;
}

/** One answer as the statistics read it. */
interface Answer {
  credit: number;
  chosen: string[];
  seconds: number;
}

interface VersionRow {
  id: number;
  item_id: number;
  version: number;
  prompt: string;
  body: string;
  points: number;
  type: string;
}

/** An answer's choices as words, for the most common wrong answer (analysis.ts's `chosen`). */
export function chosenWords(body: ItemBody, response: ItemResponse | null): string[] {
  if (response === null || response.type !== body.type) return [];
  switch (response.type) {
    case 'choice':
      // Each option on its own: which distractor draws students is what a teacher looks for.
      return body.type === 'choice'
        ? body.options.filter((o) => response.chosen.includes(o.id)).map((o) => o.text)
        : [];
    case 'short':
    case 'numerical':
    case 'dictation': {
      // Typed answers in the form they are compared in: "Went" and "went." are one answer.
      const typed = normaliseAnswer(response.text);
      return typed === '' ? [] : [typed];
    }
    case 'spoken':
      return [];
    default: {
      const words = responseText(body, response);
      return words === '' ? [] : [words];
    }
  }
}

/**
 * An answer's words, read once per distinct answer to a version: students give the same few
 * answers to an item, and parsing 80,000 of them was most of the analysis' time.
 */
function wordsOf(
  version: { parsed: ItemBody; words: Map<string, string[]> },
  response: string,
): string[] {
  let words = version.words.get(response);
  if (words === undefined) {
    words = chosenWords(version.parsed, JSON.parse(response) as ItemResponse);
    version.words.set(response, words);
  }
  return words;
}

const excerpt = (prompt: string) => {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length <= PROMPT_EXCERPT ? line : `${line.slice(0, PROMPT_EXCERPT - 1).trimEnd()}…`;
};
const rounded = (value: number | null, places: number) =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;

/** A quiz's item analysis and marks, from the attempts the caller counts. */
export async function analyseQuiz(
  db: Db,
  quiz: { id: number; title: string; out_of: number },
  within: Within,
): Promise<QuizAnalysis> {
  const counted = () =>
    countedAttempts(db, quiz.id, within).where('qa.hundredths', 'is not', null).select('qa.id');
  const [attempts, answers, parts] = await Promise.all([
    countedAttempts(db, quiz.id, within)
      .select(['qa.id', 'qa.hundredths', 'qa.out_of', 'qa.awaiting_marks'])
      .execute(),
    db
      .selectFrom('quiz_answers as a')
      .select([
        'a.attempt_id',
        'a.position',
        'a.version_id',
        'a.response',
        'a.hundredths',
        'a.seconds',
      ])
      .where('a.attempt_id', 'in', counted())
      .execute(),
    listParts(db, quiz.id),
  ]);
  // The versions those answers drew: a few dozen, named once each (not found again by a
  // subquery over every answer).
  const versions: VersionRow[] = [];
  for (const ids of inSlices([...new Set(answers.map((a) => a.version_id))]))
    versions.push(
      ...((await db
        .selectFrom('quiz_item_versions as v')
        .innerJoin('quiz_items as i', 'i.id', 'v.item_id')
        .select(['v.id', 'v.item_id', 'v.version', 'v.prompt', 'v.body', 'v.points', 'i.type'])
        .where('v.id', 'in', ids)
        .execute()) as VersionRow[]),
    );

  // Filled in below; analysis.ts reads them as AnalysedAttempt.
  const byAttempt = new Map<number, { score: number; answers: Map<number, Answer> }>();
  const scores: number[] = [];
  let awaiting = 0;
  for (const a of attempts) {
    // No score: a spoken answer waits for its mark (or, never seen, an attempt with no items).
    if (a.hundredths === null) {
      if (a.awaiting_marks > 0) awaiting++;
      continue;
    }
    const score = a.out_of > 0 ? a.hundredths / (a.out_of * 100) : 0;
    scores.push(score);
    byAttempt.set(a.id, { score, answers: new Map() });
  }

  const version = new Map(
    versions.map((v) => [
      v.id,
      { ...v, parsed: JSON.parse(v.body) as ItemBody, words: new Map<string, string[]>() },
    ]),
  );
  /** Per item: its latest version seen (for the prompt) and the first place it was shown at. */
  const seen = new Map<number, { latest: VersionRow; firstPosition: number }>();
  for (const answer of answers) {
    const attempt = byAttempt.get(answer.attempt_id);
    const v = version.get(answer.version_id);
    if (!attempt || !v || answer.hundredths === null) continue;
    const chosen = answer.response === null ? [] : wordsOf(v, answer.response);
    attempt.answers.set(v.item_id, {
      credit: v.points > 0 ? answer.hundredths / (v.points * 100) : 0,
      chosen,
      seconds: answer.seconds,
    });
    const known = seen.get(v.item_id);
    if (!known) seen.set(v.item_id, { latest: v, firstPosition: answer.position });
    else {
      if (v.version > known.latest.version) known.latest = v;
      known.firstPosition = Math.min(known.firstPosition, answer.position);
    }
  }

  const fixedAt = new Map<number, number>();
  for (const part of parts) if (part.item_id !== null) fixedAt.set(part.item_id, part.position);
  // The quiz's fixed items in its order, then drawn ones by where they were first shown.
  const order = [...seen.keys()].sort((a, b) => {
    const fa = fixedAt.get(a) ?? Number.POSITIVE_INFINITY;
    const fb = fixedAt.get(b) ?? Number.POSITIVE_INFINITY;
    if (fa !== fb) return fa - fb;
    return (seen.get(a)?.firstPosition ?? 0) - (seen.get(b)?.firstPosition ?? 0) || a - b;
  });
  const analysis = analyseItems([...byAttempt.values()]);
  const stats = quizStatistics(scores, 10);
  return {
    success: true,
    quiz: { id: quiz.id, title: quiz.title, out_of: quiz.out_of },
    marks: {
      count: stats.count,
      awaiting_marks: awaiting,
      mean: rounded(stats.mean, 4),
      median: rounded(stats.median, 4),
      distribution: stats.distribution.map((count, i) => ({
        from: i * 10,
        to: i * 10 + 10,
        count,
      })),
    },
    items: order.flatMap((itemId, i) => {
      const item = analysis.get(itemId);
      const latest = seen.get(itemId)?.latest;
      if (!item || !latest) return [];
      return [
        {
          item_id: itemId,
          number: i + 1,
          drawn: !fixedAt.has(itemId),
          prompt: excerpt(latest.prompt),
          type: latest.type as ItemType,
          answered: item.answered,
          facility: rounded(item.facility, 4) ?? 0,
          discrimination: rounded(item.discrimination, 4),
          common_wrong: item.commonWrong,
          common_wrong_count: item.commonWrongCount,
          median_seconds: rounded(item.medianSeconds, 1),
          dubious: item.dubious,
        },
      ];
    }),
  };
}
