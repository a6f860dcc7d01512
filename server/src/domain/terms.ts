import { type Term, termClash } from '@academy/contract/terms';
import { dialectOf, isUniqueViolation } from '../db/dialect.js';
import type { Db } from '../db/index.js';

/**
 * The academy's terms (issue 30, point 2; migration 0030): no two share a day or a name
 * (contract/src/terms.ts says why one is refused). The current term, the one holding the
 * academy's today, is what the roll's figures count within.
 */

/** Every term, earliest first. */
export function listTerms(db: Db): Promise<Term[]> {
  return db
    .selectFrom('terms')
    .select(['id', 'name', 'first_day', 'last_day'])
    .orderBy('first_day')
    .orderBy('id')
    .execute();
}

/** A term by its id; undefined: none has it. */
export function findTerm(db: Db, termId: number): Promise<Term | undefined> {
  return db
    .selectFrom('terms')
    .select(['id', 'name', 'first_day', 'last_day'])
    .where('id', '=', termId)
    .executeTakeFirst();
}

/** The term holding a day (the academy's today: the current term), or null. */
export async function termOf(db: Db, day: string): Promise<Term | null> {
  const term = await db
    .selectFrom('terms')
    .select(['id', 'name', 'first_day', 'last_day'])
    .where('first_day', '<=', day)
    .where('last_day', '>=', day)
    .orderBy('first_day')
    .executeTakeFirst();
  return term ?? null;
}

export type TermSave =
  | { saved: number }
  | { refused: 'missing' }
  | { refused: 'clash'; message: string };

/**
 * Adds a term (no id) or changes one, unless another has its name or any of its days. Two
 * administrators saving at once run one after the other (the settings row is locked on
 * PostgreSQL; SQLite writes one transaction at a time), so neither misses the other's term.
 */
export async function saveTerm(
  db: Db,
  term: { id?: number | undefined; name: string; first_day: string; last_day: string },
  now: number,
): Promise<TermSave> {
  try {
    return await db.transaction().execute(async (trx): Promise<TermSave> => {
      if (dialectOf(db) === 'postgres')
        await trx
          .selectFrom('academy_settings')
          .select('id')
          .where('id', '=', 1)
          .forUpdate()
          .execute();
      const terms = await listTerms(trx);
      if (term.id !== undefined && !terms.some((t) => t.id === term.id))
        return { refused: 'missing' };
      const clash = termClash(term, terms);
      if (clash) return { refused: 'clash', message: clash };
      const values = { name: term.name, first_day: term.first_day, last_day: term.last_day };
      if (term.id !== undefined) {
        await trx.updateTable('terms').set(values).where('id', '=', term.id).execute();
        return { saved: term.id };
      }
      const { id } = await trx
        .insertInto('terms')
        .values({ ...values, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { saved: id };
    });
  } catch (error) {
    // The name index is the last word should the check ever miss one.
    if (isUniqueViolation(error))
      return { refused: 'clash', message: `There is already a term named “${term.name}”.` };
    throw error;
  }
}

/** Deletes a term; the name it had, or undefined when there was none. */
export async function deleteTerm(db: Db, id: number): Promise<string | undefined> {
  const gone = await db
    .deleteFrom('terms')
    .where('id', '=', id)
    .returning('name')
    .executeTakeFirst();
  return gone?.name;
}
