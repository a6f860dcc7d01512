import { sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { TestApp } from './harness.js';

/**
 * Every table of the schema: a Record over the schema's table names, so a table added to
 * schema.ts and not here does not compile (a hand-kept list had silently missed five).
 */
const EVERY_TABLE: Record<keyof Database, true> = {
  users: true,
  auth_tokens: true,
  login_attempts: true,
  notifications: true,
  schedule_sessions: true,
  class_sessions: true,
  roll_marks: true,
  terms: true,
  result_scores: true,
  result_sheets: true,
  term_results: true,
  result_adjustments: true,
  withdrawn_certificates: true,
  assignments: true,
  assignment_links: true,
  stored_files: true,
  submissions: true,
  submission_files: true,
  corrections: true,
  correction_files: true,
  flashcards: true,
  flashcard_answers: true,
  skill_items: true,
  skill_item_students: true,
  skill_attempts: true,
  speaking_questions: true,
  speaking_question_students: true,
  speaking_answers: true,
  audit_log: true,
  app_settings: true,
  academy_settings: true,
  classes: true,
  class_students: true,
  class_teachers: true,
  sendings: true,
  assignment_reminders: true,
  scheduler_leases: true,
  import_jobs: true,
  calendar_feeds: true,
  guardians: true,
  outbox: true,
  message_choices: true,
  push_subscriptions: true,
  password_resets: true,
  unfinished_sendings: true,
  quiz_passages: true,
  quiz_items: true,
  quiz_item_versions: true,
  quizzes: true,
  quiz_parts: true,
  quiz_recipients: true,
  quiz_attempts: true,
  quiz_answers: true,
  quiz_plays: true,
  fee_plans: true,
  ledger_rows: true,
  ledger_instalments: true,
  payer_balances: true,
  owed_instalments: true,
  receipt_counters: true,
  receipts: true,
  refund_counters: true,
  refund_notes: true,
  card_transfers: true,
  teacher_rates: true,
  pay_adjustments: true,
  payment_reminder_rules: true,
  instalment_reminders: true,
  money_rules: true,
};
const TABLES = Object.keys(EVERY_TABLE) as (keyof Database)[];

/** What the app held at one moment: each table's rows as JSON, and the stored files' keys. */
export interface Snapshot {
  tables: Map<string, string[]>;
}

/**
 * Everything a request can change: the rows of every table (but those in `except`), each as
 * its JSON, sorted (rows that tie on the first column, a link table's, come in no set order),
 * and the stored files' keys as the table `files in storage`.
 *
 * Taken once the app's deferred writes have landed: last-seen times are written a second
 * after they are recorded (features/activity/activity-recorder.ts), so one recorded by an
 * earlier, accepted request (a ping, a live stream opening) landed inside a later request's
 * before and after on a busy machine, and read as that request's change.
 */
export async function snapshotData(
  t: Pick<TestApp, 'app' | 'database'>,
  except: readonly (keyof Database)[] = [],
): Promise<Snapshot> {
  await t.app.deps.activity.flush();
  await importsFinished(t);
  const tables = new Map<string, string[]>();
  for (const table of TABLES.filter((name) => !except.includes(name))) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      t.database.db,
    );
    tables.set(table, rows.rows.map((row) => JSON.stringify(row)).sort());
  }
  const keys: string[] = [];
  for await (const file of t.app.deps.storage.list()) keys.push(JSON.stringify({ key: file.key }));
  tables.set('files in storage', keys.sort());
  return { tables };
}

/** Waits (polling the table, for at most a minute) until no students' import is running. */
async function importsFinished(t: Pick<TestApp, 'database'>): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const running = await t.database.db
      .selectFrom('import_jobs')
      .select('id')
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (!running) return;
    if (Date.now() > deadline) throw new Error(`import job ${running.id} is still running`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * What changed between two snapshots, table by table, so a failing "nothing changed" says
 * where: `expect(changesBetween(before, after)).toEqual([])`. A row whose first column (its
 * id) is in both names the fields that changed; others are listed whole, as gone (-) or new (+).
 */
export function changesBetween(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = [];
  const names = new Set([...before.tables.keys(), ...after.tables.keys()]);
  for (const name of names) {
    // Counted, not just compared: a table may hold the same row twice.
    const count = new Map<string, number>();
    for (const row of before.tables.get(name) ?? []) count.set(row, (count.get(row) ?? 0) + 1);
    const added: string[] = [];
    for (const row of after.tables.get(name) ?? []) {
      const left = count.get(row) ?? 0;
      if (left > 0) count.set(row, left - 1);
      else added.push(row);
    }
    const gone = [...count].flatMap(([row, n]) => Array<string>(n).fill(row));
    const goneById = new Map(gone.map((row) => [idOf(row), row]));
    for (const row of added) {
      const was = goneById.get(idOf(row));
      if (was === undefined) {
        changes.push(`${name}: + ${clip(row)}`);
        continue;
      }
      goneById.delete(idOf(row));
      changes.push(`${name} ${idOf(row)}: ${fieldsChanged(was, row)}`);
    }
    for (const row of goneById.values()) changes.push(`${name}: - ${clip(row)}`);
  }
  return changes;
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** A row's first column, as `id=3` (rows are JSON objects, in the table's column order). */
function idOf(row: string): string {
  const [entry] = Object.entries(JSON.parse(row) as Record<string, unknown>);
  return entry ? `${entry[0]}=${JSON.stringify(entry[1])}` : '';
}

/** `last_seen_at: null → 1795348800000, …` */
function fieldsChanged(was: string, is: string): string {
  const before = JSON.parse(was) as Record<string, unknown>;
  const after = JSON.parse(is) as Record<string, unknown>;
  return Object.keys({ ...before, ...after })
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map(
      (key) =>
        `${key}: ${clip(JSON.stringify(before[key]) ?? 'none')} → ${clip(JSON.stringify(after[key]) ?? 'none')}`,
    )
    .join(', ');
}
