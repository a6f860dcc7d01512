import { markOrNull } from '@academy/contract/marks';
import { attemptMark } from '@academy/contract/quizzes/attempts';
import type { ItemBody, ItemKey, ItemResponse } from '@academy/contract/quizzes/items';
import { markResponse } from '@academy/contract/quizzes/marking';
import { ReviewOptions, reviewShows } from '@academy/contract/quizzes/review';
import { heldOnPostgres } from '../../../db/dialect.js';
import type { Db } from '../../../db/index.js';
import { inSlices } from '../../../db/lists.js';

/**
 * An honest regrade (issue 51, point 5). Saving an answered item makes a new version, and the
 * attempts keep the version they drew, key and all: so a corrected key reaches them only
 * through a regrade. The answers given to earlier versions that showed the same question (the
 * same prompt, body and passage: only the key, the points or the feedback changed) move to the current
 * version and, in closed attempts, are marked with it; each attempt's mark is worked out again.
 * Answers to versions that showed another question keep their version and mark (`kept`).
 *
 * One function for the preview and the apply, so that what is shown is what is done; the apply
 * runs in one transaction, and tells each student whose shown mark changed in it.
 */

export interface RegradeChange {
  attempt_id: number;
  quiz_id: number;
  quiz_title: string;
  user_id: number;
  student: string;
  before: { hundredths: number; out_of: number } | null;
  after: { hundredths: number; out_of: number } | null;
  /** Whether the student's review shows the score now (so the change is theirs to hear of). */
  shown: boolean;
}

export type RegradeOutcome =
  | { refused: 'no-item' | 'spoken' }
  | { answers: number; kept: number; changes: RegradeChange[] };

/** The same question: bodies compared as parsed (the key order the contract's parser gives). */
const sameBody = (a: string, b: string) =>
  JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));

export async function regradeItem(
  db: Db,
  itemId: number,
  options: {
    apply: boolean;
    now: number;
    tell?: (trx: Db, change: RegradeChange) => Promise<void>;
  },
): Promise<RegradeOutcome> {
  const run = async (trx: Db): Promise<RegradeOutcome> => {
    const current = await trx
      .selectFrom('quiz_items as i')
      .innerJoin('quiz_item_versions as v', (join) =>
        join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.current_version'),
      )
      .select(['i.type', 'v.id', 'v.prompt', 'v.body', 'v.key', 'v.points', 'v.passage_id'])
      .where('i.id', '=', itemId)
      .executeTakeFirst();
    if (!current) return { refused: 'no-item' };
    // A spoken answer's mark is its teacher's; its key is only a model answer.
    if (current.type === 'spoken') return { refused: 'spoken' };
    const version = {
      body: JSON.parse(current.body) as ItemBody,
      key: JSON.parse(current.key) as ItemKey,
      points: current.points,
    };

    const answered = trx
      .selectFrom('quiz_answers as a')
      .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
      .innerJoin('quiz_attempts as t', 't.id', 'a.attempt_id')
      .select([
        'a.attempt_id',
        'a.position',
        'a.response',
        'v.prompt',
        'v.body',
        'v.passage_id',
        't.submitted_at',
      ])
      .where('v.item_id', '=', itemId)
      .where('v.id', '!=', current.id);
    // Applied on PostgreSQL, the attempts are held to the end: an attempt handed in meanwhile
    // would be marked by the key it drew, and then moved to the current version unmarked by
    // it (read open here, it is left to its closing). Its closing now waits, then marks by the
    // current key; one closed first is read closed, and marked here. SQLite's transactions
    // take turns already.
    const earlier = await (options.apply
      ? heldOnPostgres(trx, answered, (q) => q.forNoKeyUpdate('t'))
      : answered
    ).execute();
    const same = earlier.filter(
      (a) =>
        a.prompt === current.prompt &&
        a.passage_id === current.passage_id &&
        sameBody(a.body, current.body),
    );
    const kept = earlier.length - same.length;

    // The new marks of the closed attempts' answers; open ones are marked when they close.
    const marked = new Map<string, number>();
    for (const a of same) {
      if (a.submitted_at === null) continue;
      const response = a.response === null ? null : (JSON.parse(a.response) as ItemResponse);
      const hundredths = markResponse(version, response).hundredths;
      if (hundredths !== null) marked.set(`${a.attempt_id}:${a.position}`, hundredths);
    }
    const attemptIds = [
      ...new Set(same.filter((a) => a.submitted_at !== null).map((a) => a.attempt_id)),
    ];
    const changes = await changedAttempts(trx, attemptIds, marked, version.points, options.now);

    if (options.apply) {
      for (const a of same) {
        const key = `${a.attempt_id}:${a.position}`;
        await trx
          .updateTable('quiz_answers')
          .set({
            version_id: current.id,
            ...(marked.has(key) ? { hundredths: marked.get(key) ?? 0 } : {}),
          })
          .where('attempt_id', '=', a.attempt_id)
          .where('position', '=', a.position)
          .execute();
      }
      for (const change of changes) {
        await trx
          .updateTable('quiz_attempts')
          .set({ hundredths: change.after?.hundredths ?? null })
          .where('id', '=', change.attempt_id)
          .execute();
        if (change.shown && options.tell) await options.tell(trx, change);
      }
    }
    return { answers: same.length, kept, changes };
  };
  return options.apply ? db.transaction().execute(run) : run(db);
}

/**
 * The closed attempts whose mark the new answer marks change: each attempt's answers read
 * once, the regraded ones taken at their new mark and the current version's points.
 */
async function changedAttempts(
  db: Db,
  attemptIds: readonly number[],
  marked: ReadonlyMap<string, number>,
  points: number,
  now: number,
): Promise<RegradeChange[]> {
  const changes: RegradeChange[] = [];
  for (const slice of inSlices(attemptIds)) {
    const [attempts, answers] = await Promise.all([
      db
        .selectFrom('quiz_attempts as t')
        .innerJoin('quizzes as q', 'q.id', 't.quiz_id')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select([
          't.id',
          't.quiz_id',
          't.user_id',
          't.hundredths',
          't.out_of',
          'q.title',
          'q.review',
          'q.access_end',
          'u.name',
        ])
        .where('t.id', 'in', slice)
        .orderBy('q.title')
        .orderBy('u.name')
        .orderBy('t.id')
        .execute(),
      db
        .selectFrom('quiz_answers as a')
        .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
        .select(['a.attempt_id', 'a.position', 'a.hundredths', 'v.points'])
        .where('a.attempt_id', 'in', slice)
        .execute(),
    ]);
    // Each attempt's answers, grouped once (a slice holds up to 500 attempts' answers).
    const byAttempt = new Map<number, typeof answers>();
    for (const a of answers) {
      const list = byAttempt.get(a.attempt_id);
      if (list) list.push(a);
      else byAttempt.set(a.attempt_id, [a]);
    }
    for (const t of attempts) {
      const own = (byAttempt.get(t.id) ?? []).map((a) => {
        const key = `${a.attempt_id}:${a.position}`;
        return marked.has(key)
          ? { hundredths: marked.get(key) ?? 0, points }
          : { hundredths: a.hundredths, points: a.points };
      });
      const after = attemptMark(own, t.out_of);
      if (after === t.hundredths) continue;
      const shows = reviewShows(ReviewOptions.parse(JSON.parse(t.review)), {
        now,
        accessEnd: t.access_end,
        attemptClosed: true,
      });
      changes.push({
        attempt_id: t.id,
        quiz_id: t.quiz_id,
        quiz_title: t.title,
        user_id: t.user_id,
        student: t.name,
        before: markOrNull(t.hundredths, t.out_of),
        after: markOrNull(after, t.out_of),
        shown: shows.score,
      });
    }
  }
  return changes;
}
