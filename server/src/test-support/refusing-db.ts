import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * The database, except that it refuses every DELETE from `table` as a failing database
 * would: a command given it must fail with nothing changed (its transaction rolled back, no
 * stored bytes removed). What has been refused is counted, so a test can tell it got there.
 */
export function refusingDeletesFrom(db: Db, table: string) {
  const refused = { count: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }: { node: RootOperationNode }) => {
      if (node.kind === 'DeleteQueryNode' && JSON.stringify(node.from).includes(`"${table}"`)) {
        refused.count += 1;
        throw new Error(`the database refused a delete from ${table}`);
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), refused };
}
