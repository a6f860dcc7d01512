import type { Db } from '../../db/index.js';
import { asPublished, publishedResultRows } from '../results/published-results.js';

/**
 * What report cards and certificates read (issue 30, points
 * 5–6). Every paper prints what publishing froze in term_results (migration 0032), never the
 * draft sheet; the student's name is their name now.
 */

/** One published result as its papers print it; undefined: none has that id. */
export async function findResultPaper(db: Db, resultId: number) {
  const row = await publishedResultRows(db).where('r.id', '=', resultId).executeTakeFirst();
  return row ? asPublished(row) : undefined;
}

/**
 * The names of the teachers of each result's class, by result id, as they sign its report card
 * (issue 49, point 12): the class's teachers now, by name.
 */
export async function resultTeacherNames(
  db: Db,
  resultIds: readonly number[],
): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>(resultIds.map((id) => [id, []]));
  if (resultIds.length === 0) return names;
  const rows = await db
    .selectFrom('term_results as r')
    .innerJoin('class_teachers as ct', 'ct.class_id', 'r.class_id')
    .innerJoin('users as u', 'u.id', 'ct.teacher_id')
    .select(['r.id', 'u.name'])
    .where('r.id', 'in', [...resultIds])
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  for (const row of rows) names.get(row.id)?.push(row.name);
  return names;
}

/** A class's published results of a term, by the students' names (a report card each). */
export async function classResultPapers(db: Db, classId: number, termId: number) {
  const rows = await publishedResultRows(db)
    .where('r.class_id', '=', classId)
    .where('r.term_id', '=', termId)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  return rows.map(asPublished);
}

/** What a certificate's code certifies, and only that; undefined: no certificate has the code. */
export async function certificateByCode(db: Db, code: string) {
  return (
    db
      .selectFrom('term_results as r')
      .innerJoin('terms as t', 't.id', 'r.term_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'u.name as student_name',
        'r.level',
        't.name as term_name',
        'r.class_name',
        'r.outcome',
      ])
      .where('r.certificate_code', '=', code)
      // A result that stopped being a pass lost its code; this holds even so.
      .where('r.outcome', '=', 'pass')
      .executeTakeFirst()
  );
}

/**
 * When a certificate of this code was withdrawn (issue 49, point 11: publishing again turned its
 * pass into something else); undefined: no withdrawn certificate has it.
 */
export async function withdrawnCertificate(db: Db, code: string) {
  const row = await db
    .selectFrom('withdrawn_certificates')
    .select('withdrawn_at')
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? { withdrawnAt: Number(row.withdrawn_at) } : undefined;
}
