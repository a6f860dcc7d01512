import { type SqlBool, sql } from 'kysely';
import { formatOptionalTimestamp, instantOfMoment } from '../../db/time.js';
import { workState } from './work-state.js';

/**
 * An assignment's due time and where its work stands, as every list that shows it answers
 * them: View Assignments, the student's own list and a sent item's students. One place, so
 * a sent item and View Assignments never disagree about a student's Late.
 */

/** A due time as sent: an instant as it is, a wall time on the academy's clock (its time zone). */
export function dueInstant(
  due: { instant: number } | { local: string } | undefined,
  timeZone: string,
): number | null {
  return due === undefined ? null : instantOfMoment(due, timeZone);
}

/**
 * When the first submission naming an assignment arrived (the index on submissions
 * (assignment_id, created_at) answers it with one probe).
 */
export const firstSubmittedAt = (assignmentIdColumn: string) =>
  sql<
    number | string | null
  >`(select min(s.created_at) from submissions s where s.assignment_id = ${sql.ref(assignmentIdColumn)})`;

/** True where some submission names the assignment: handed in (the same index, one probe). */
export const isHandedIn = (assignmentIdColumn: string) =>
  sql<SqlBool>`exists (select 1 from submissions s where s.assignment_id = ${sql.ref(assignmentIdColumn)})`;

/** The due time, first submission and state of an assignment row, as the lists answer them. */
export function workFields(
  row: { due_at: number | string | null; submitted_at: number | string | null },
  now: number,
) {
  // PostgreSQL's bigint arrives as text.
  const dueAt = row.due_at === null ? null : Number(row.due_at);
  const submittedAt = row.submitted_at === null ? null : Number(row.submitted_at);
  return {
    due_at: formatOptionalTimestamp(dueAt),
    submitted_at: formatOptionalTimestamp(submittedAt),
    work_state: workState(dueAt, submittedAt, now),
  };
}
