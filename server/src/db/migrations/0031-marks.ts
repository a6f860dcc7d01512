import type { Kysely } from 'kysely';

/**
 * Issue 30, point 1: marks on work. A correction of a hand-in and a reply to a spoken answer
 * may carry a mark: whole hundredths of a point out of whole points (contract/src/marks.ts),
 * both null where there is no mark. Integers, so a mark is exact on both databases.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  for (const [table, prefix] of [
    ['corrections', 'mark'],
    ['speaking_answers', 'reply_mark'],
  ] as const) {
    await db.schema.alterTable(table).addColumn(`${prefix}_hundredths`, 'integer').execute();
    await db.schema.alterTable(table).addColumn(`${prefix}_out_of`, 'integer').execute();
  }
}
