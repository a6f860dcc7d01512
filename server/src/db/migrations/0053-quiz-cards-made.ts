import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 51, point 6: when the cards of a quiz set to make them ('make') were made for an
 * attempt. Set once, in the transaction that makes them (at the close of an attempt whose review
 * shows the right answers at once, or by the quiz closer once it does): a card the student
 * deletes afterwards is not made again, and the closer never reads an attempt twice.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('quiz_attempts').addColumn('cards_made_at', time).execute();
}
