import { markOrNull } from '@academy/contract/marks';
import type { CefrLevel } from '@academy/contract/quizzes/items';
import {
  classIsAtLevel,
  type PlacementBand,
  suggestedLevel,
} from '@academy/contract/quizzes/placement';
import type { Db } from '../../../db/index.js';
import { formatTimestamp } from '../../../db/time.js';

/**
 * A student's placement tests (issue 51, point 9): every closed attempt at a placement test,
 * newest first, with the level its bands suggest, and the open classes of that level the
 * student is not in yet (for an administrator to put them in one).
 */

/** At most this many attempts: a new student takes one or two. */
const MOST = 20;

export async function studentPlacements(db: Db, userId: number, options: { withClasses: boolean }) {
  const attempts = await db
    .selectFrom('quiz_attempts as a')
    .innerJoin('quizzes as q', 'q.id', 'a.quiz_id')
    .select([
      'a.id',
      'a.quiz_id',
      'a.submitted_at',
      'a.deadline',
      'a.hundredths',
      'a.out_of',
      'q.title',
      'q.bands',
    ])
    .where('a.user_id', '=', userId)
    .where('q.kind', '=', 'placement')
    .where('a.closed_by', 'is not', null)
    .orderBy('a.id', 'desc')
    .limit(MOST)
    .execute();
  if (attempts.length === 0) return [];
  const placed = attempts.map((a) => {
    const bands = (a.bands ? JSON.parse(a.bands) : []) as PlacementBand[];
    return {
      quiz_id: a.quiz_id,
      quiz_title: a.title,
      attempt_id: a.id,
      // Closed at its deadline when time ran out.
      submitted_at: formatTimestamp(a.submitted_at ?? a.deadline),
      mark: markOrNull(a.hundredths, a.out_of),
      suggested_level: a.hundredths === null ? null : suggestedLevel(bands, a.hundredths, a.out_of),
      bands,
    };
  });
  const levels = new Set(placed.map((p) => p.suggested_level).filter((l) => l !== null));
  const classes = options.withClasses && levels.size > 0 ? await openClassesFor(db, userId) : [];
  return placed.map((p) => ({
    ...p,
    classes:
      p.suggested_level === null
        ? []
        : classes.filter((c) => classIsAtLevel(c.level, p.suggested_level as CefrLevel)),
  }));
}

/** The classes not archived that have a level and do not hold the student, with their size. */
async function openClassesFor(db: Db, userId: number) {
  const rows = await db
    .selectFrom('classes as c')
    .leftJoin('class_students as cs', 'cs.class_id', 'c.id')
    .select(['c.id', 'c.name', 'c.level', (eb) => eb.fn.count<number>('cs.user_id').as('students')])
    .where('c.is_archived', '=', 0)
    .where('c.level', 'is not', null)
    .where((eb) =>
      eb(
        'c.id',
        'not in',
        eb.selectFrom('class_students').select('class_id').where('user_id', '=', userId),
      ),
    )
    .groupBy(['c.id', 'c.name', 'c.level'])
    .orderBy('c.name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    level: r.level ?? '',
    students: Number(r.students),
  }));
}
