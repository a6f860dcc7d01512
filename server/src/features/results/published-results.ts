import type { Outcome, PublishedComponent } from '@academy/contract/results';
import type { Db } from '../../db/index.js';

/**
 * Published results as they were frozen (term_results): what a student reads, and what report
 * cards and certificates print (features/reports).
 */

/**
 * The published results with their term and student, as every reader of them takes them: a
 * student's Results, report cards, certificates.
 */
export function publishedResultRows(db: Db) {
  return db
    .selectFrom('term_results as r')
    .innerJoin('terms as t', 't.id', 'r.term_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'u.name as student_name',
      'r.class_name',
      'r.level',
      'r.components',
      'r.total_hundredths',
      'r.outcome',
      'r.eligible',
      'r.absences',
      'r.attendance_hundredths',
      'r.published_at',
      'r.changed_at',
      'r.certificate_code',
      't.id as term_id',
      't.name as term_name',
      't.first_day',
      't.last_day',
    ]);
}

type PublishedRow = Awaited<ReturnType<ReturnType<typeof publishedResultRows>['execute']>>[number];

/** A published result as its row holds it, in the server's words. */
export const asPublished = (row: PublishedRow) => ({
  id: row.id,
  userId: row.user_id,
  studentName: row.student_name,
  className: row.class_name,
  level: row.level,
  term: { id: row.term_id, name: row.term_name, first_day: row.first_day, last_day: row.last_day },
  components: JSON.parse(row.components) as PublishedComponent[],
  total: row.total_hundredths,
  outcome: row.outcome as Outcome,
  eligible: row.eligible === 1,
  absences: row.absences,
  attendance: row.attendance_hundredths,
  publishedAt: Number(row.published_at),
  changedAt: row.changed_at === null ? null : Number(row.changed_at),
  certificateCode: row.certificate_code,
});

/** A student's published results, latest term first, as get_results.php answers them. */
export async function resultsOf(db: Db, userId: number) {
  const rows = await publishedResultRows(db)
    .where('r.user_id', '=', userId)
    .orderBy('t.first_day', 'desc')
    .orderBy('r.class_name')
    .execute();
  return rows.map(asPublished).map((result) => ({
    id: result.id,
    term: result.term,
    class_name: result.className,
    level: result.level,
    components: result.components,
    total: result.total,
    outcome: result.outcome,
    eligible: result.eligible,
    absences: result.absences,
    attendance: result.attendance,
    published_at: result.publishedAt,
    changed_at: result.changedAt,
    certificate_code: result.certificateCode,
  }));
}
