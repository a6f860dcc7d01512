import type { Kysely } from 'kysely';
import { storedFileName } from '../../files/file-names.js';
import { extensionOfMime } from '../../storage/file-types.js';

/**
 * Names of files stored before names were cleaned: each gets the extension of its stored
 * (sniffed) type and loses bidi and other hidden characters, as new uploads do
 * (files/file-names.ts). The file's bytes and type are unchanged. In batches, by id. It uses
 * today's rule on purpose: a database that reaches this migration later gets the rule of then.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; file_name: string; mime_type: string }[] = await db
      .selectFrom('stored_files')
      .select(['id', 'file_name', 'mime_type'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const name = storedFileName(row.file_name, extensionOfMime(row.mime_type));
      if (name !== row.file_name)
        await db
          .updateTable('stored_files')
          .set({ file_name: name })
          .where('id', '=', row.id)
          .execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}
