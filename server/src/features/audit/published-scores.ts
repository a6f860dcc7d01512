import { scoreText } from '@academy/contract/results';
import type { Db } from '../../db/index.js';
import { readScheme } from '../results/scheme-data.js';

/**
 * A score changed after its student's result was published (issue 49, point 6): the audit
 * entry names the student, the component and the score before and after. The cells are read
 * before the save runs (what they were) and after it (what they are), by the audit trail
 * itself, so the results feature's save needs nothing of it.
 */

/** The cells of a save whose student's result of that class and term is published. */
export interface PublishedCells {
  classId: number;
  termId: number;
  cells: { userId: number; key: string; was: number | null }[];
}

/** One changed published score, in words: who, which component, before → after. */
export interface PublishedChange {
  student: string;
  component: string;
  was: string;
  now: string;
}

const asId = (value: unknown) => (Number.isInteger(value) ? (value as number) : null);

/** Reads, before a save of result scores, the cells of students already published (none: null). */
export async function publishedCellsOf(db: Db, body: unknown): Promise<PublishedCells | null> {
  const payload = (body ?? {}) as { class_id?: unknown; term_id?: unknown; scores?: unknown };
  const classId = asId(payload.class_id);
  const termId = asId(payload.term_id);
  if (classId === null || termId === null || !Array.isArray(payload.scores)) return null;
  const typed = payload.scores.flatMap((s: { student_id?: unknown; component_key?: unknown }) => {
    const userId = asId(s?.student_id);
    return userId !== null && typeof s.component_key === 'string'
      ? [{ userId, key: s.component_key }]
      : [];
  });
  if (typed.length === 0) return null;
  const published = new Set(
    (
      await db
        .selectFrom('term_results')
        .select('user_id')
        .where('term_id', '=', termId)
        .where('class_id', '=', classId)
        .where('user_id', 'in', [...new Set(typed.map((c) => c.userId))])
        .execute()
    ).map((row) => row.user_id),
  );
  const cells = typed.filter((c) => published.has(c.userId));
  if (cells.length === 0) return null;
  const now = await scoresOf(db, classId, termId, cells);
  return {
    classId,
    termId,
    cells: cells.map((c) => ({ ...c, was: now.get(`${c.userId}:${c.key}`) ?? null })),
  };
}

/** After the save: each published cell whose score changed, in words. */
export async function publishedChanges(db: Db, before: PublishedCells): Promise<PublishedChange[]> {
  const after = await scoresOf(db, before.classId, before.termId, before.cells);
  const changed = before.cells.filter((c) => (after.get(`${c.userId}:${c.key}`) ?? null) !== c.was);
  if (changed.length === 0) return [];
  const [{ components }, users] = await Promise.all([
    readScheme(db, before.classId),
    db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(changed.map((c) => c.userId))])
      .execute(),
  ]);
  const nameOf = new Map(users.map((u) => [u.id, u.name]));
  const componentOf = new Map(components.map((c) => [c.key, c.name]));
  const text = (hundredths: number | null) =>
    hundredths === null ? 'none' : scoreText(hundredths);
  return changed.map((c) => ({
    student: nameOf.get(c.userId) ?? 'a student who no longer exists',
    component: componentOf.get(c.key) ?? c.key,
    was: text(c.was),
    now: text(after.get(`${c.userId}:${c.key}`) ?? null),
  }));
}

async function scoresOf(
  db: Db,
  classId: number,
  termId: number,
  cells: readonly { userId: number; key: string }[],
) {
  const rows = await db
    .selectFrom('result_scores')
    .select(['user_id', 'component_key', 'hundredths'])
    .where('term_id', '=', termId)
    .where('class_id', '=', classId)
    .where('user_id', 'in', [...new Set(cells.map((c) => c.userId))])
    .execute();
  return new Map(rows.map((r) => [`${r.user_id}:${r.component_key}`, r.hundredths]));
}
