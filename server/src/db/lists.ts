import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/**
 * What the admin's lists share: a text search, and paging by one extra row.
 */

/** `%…%` for LIKE, with the user's own %, _ and \ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether `column` contains `text`, in any case, as the searches of the admin's lists match.
 * The same on SQLite and PostgreSQL (plain LIKE over lower(): PostgreSQL's LIKE is
 * case-sensitive, SQLite's is not for ASCII only).
 */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containing(text.toLowerCase())} escape '\\'`;
}

/**
 * Page `page` (from 1) of `size` rows, and whether another follows: one more row is read to
 * tell, rather than counting every row, which on a big table is the slowest part of a page.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  size: number,
): Promise<{ rows: O[]; hasMore: boolean }> {
  const found = (await query
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute()) as O[];
  return { rows: found.slice(0, size), hasMore: found.length > size };
}

/**
 * Rows inserted (or ids listed) at once: well under SQLite's limit of 32,766 bound values in
 * one statement, and PostgreSQL's of 65,535.
 */
export const ROWS_PER_INSERT = 500;

/** `items` in slices of ROWS_PER_INSERT, for multi-row inserts and long `in` lists. */
export function* inSlices<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) yield items.slice(i, i + ROWS_PER_INSERT);
}
