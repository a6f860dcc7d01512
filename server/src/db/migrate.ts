import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as auditLog from './migrations/0002-audit-log.js';
import * as appSettings from './migrations/0003-app-settings.js';
import * as flashcardAnswers from './migrations/0004-flashcard-answers.js';

/**
 * Migrations are listed here rather than read from a folder, so they work the same from
 * src/ under the test runner and from dist/ in production. Names sort in the order they run;
 * never edit one that has shipped: add the next.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-audit-log': auditLog,
  '0003-app-settings': appSettings,
  '0004-flashcard-answers': flashcardAnswers,
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * Brings the schema up to date; throws with the failing migration's name and cause.
 * `schema` names the PostgreSQL schema in use: Kysely looks for its own bookkeeping tables in
 * every schema unless told which, and tests run one schema per file side by side.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, {
      cause: error,
    });
  }
}
