import type { Db } from './index.js';
import { formatTimestamp } from './time.js';

/** Tables of what a student did or was sent, each row theirs by `user_id`. */
type StudentTable = 'corrections' | 'skill_attempts' | 'speaking_answers';

/** A row with its date (`dated`) written out for the answer. */
type Dated<Row, K extends keyof Row> = Omit<Row, K> & { [P in K]: string };

/**
 * One section of a student's page (features/students): how many rows of `table` are the
 * student's, and the newest few that the owning feature reads (`newest`: its own columns and
 * order), their date written out. Read side by side; one shape for every section alike.
 */
export async function studentSummary<Row extends Record<K, number>, K extends keyof Row>(
  db: Db,
  table: StudentTable,
  userId: number,
  newest: Promise<Row[]>,
  dated: K,
): Promise<{ total: number; latest: Dated<Row, K>[] }> {
  const [count, latest] = await Promise.all([
    // Each table has user_id; typed as one of them so one query serves all.
    db
      .selectFrom(table as 'corrections')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    newest,
  ]);
  return {
    total: Number(count?.n ?? 0),
    latest: latest.map(
      (row) => ({ ...row, [dated]: formatTimestamp(row[dated]) }) as Dated<Row, K>,
    ),
  };
}
