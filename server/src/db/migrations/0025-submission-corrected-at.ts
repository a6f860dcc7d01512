import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 28, point 12: a submission keeps its own state. `corrected_at` is the instant the first
 * correction answering it was sent, by the inbox's rule (docs/decisions.md, "Work that
 * connects"): one naming it, or one naming no submission sent to its student at or after it
 * arrived; null while none has, which is "new". The inbox's "new" filter walked every
 * submission and probed corrections twice for each to find an empty page of an up-to-date
 * inbox (38–74 ms over 50,000 submissions, growing with the history); it is now a range of
 * the partial index below, which holds only the new ones. The corrections' writes keep the
 * column (features/corrections/corrections-data.ts).
 *
 * The back-fill states the rule here in SQL of its own, as migrations do not use the current
 * code: the earlier of the first correction naming the submission and the first naming none
 * sent to its student since, each found through its index (corrections_submission,
 * corrections_unnamed_user_time). A backup made before this migration gets its column the same
 * way when the restored academy starts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('submissions').addColumn('corrected_at', time).execute();
  await sql`update submissions set corrected_at = (select min(answer.at) from (
      select min(c.created_at) as at from corrections c where c.submission_id = submissions.id
      union all
      select min(c.created_at) as at from corrections c
        where c.user_id = submissions.user_id and c.submission_id is null
          and c.created_at >= submissions.created_at
    ) answer)`.execute(db);
  await db.schema
    .createIndex('submissions_new_time')
    .on('submissions')
    .columns(['created_at', 'id'])
    .where(sql.ref('corrected_at'), 'is', null)
    .execute();
}
