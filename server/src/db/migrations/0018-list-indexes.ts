import type { Kysely } from 'kysely';

/**
 * An index for the inbox's "new" and "corrected" filters (bench/README.md, `npm run
 * bench:lists`). isCorrected's second probe (a correction naming no submission, sent to the
 * student since the submission arrived) is made for every submission those filters walk.
 * Through `corrections_user_time` each probe visited the table row to test
 * `submission_id is null`; this partial index holds only those rows, so the probe reads the
 * index alone. `submission_id` is a column of it (always null) because SQLite counts an index
 * as covering only when it holds every column the query names, the index's own condition
 * included.
 *
 * Not added: `assignments (sending_id, id)` for the sent items' hand-in count. Its EXPLAIN
 * showed the table visits it would save are 300 of the page's 16,300 buffer reads; the rest is
 * one probe of submissions per assignment row, which an index on assignments cannot remove.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('corrections_unnamed_user_time')
    .on('corrections')
    .columns(['user_id', 'created_at', 'submission_id'])
    .where('submission_id', 'is', null)
    .execute();
}
