#!/usr/bin/env node
// npm run bench:deletes — what a delete costs on the seeded academy (npm run seed:bench) with
// the foreign-key indexes of migration 0039 and without them (issue 28). Deleting a row makes
// SQLite look up every row that points at it; without an index on the pointing column that
// is a walk of the whole table, on SQLite's one connection, so every other request waits.
// Times, on a copy of bench/data/academy.db (the seeded data stays as it was):
// - the statement files/files-data.ts runs for a page of 50 stored files (the sweep of files
//   nothing points at, and every delete that removes files), on 50 new files;
// - deleting the student with the most submissions (their work cascades);
// each BENCH_RUNS times (default 5), inside a transaction rolled back, then again with the
// indexes dropped. The copy is first migrated by the server's own migrations, so a database
// seeded before 0039 is measured as it would be after the upgrade. SQLite only: the seeded
// PostgreSQL walks its tables the same way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const root = path.resolve(import.meta.dirname, '..');
const seeded = path.join(process.env.DATA_DIR ?? path.join(root, 'bench/data'), 'academy.db');
if (!fs.existsSync(seeded)) {
  console.error('Seed first: npm run seed:bench');
  process.exit(2);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-deletes-'));
fs.copyFileSync(seeded, path.join(copyDir, 'academy.db'));
const { openDatabase } = await import(path.join(root, 'server/dist/db/index.js'));
const migrated = await openDatabase({ DATA_DIR: copyDir });
await migrated.db.destroy();
const db = new SQLite(path.join(copyDir, 'academy.db'));
db.pragma('foreign_keys = ON');

const ms = (run) => {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const rolledBack = (run) => {
  db.exec('begin');
  try {
    return run();
  } finally {
    db.exec('rollback');
  }
};
const student = db
  .prepare('select user_id from submissions group by user_id order by count(*) desc limit 1')
  .get().user_id;
const insertFile = db.prepare(
  "insert into stored_files (storage_key, file_name, mime_type, size_bytes, created_at) values (?, 'swept.png', 'image/png', 1, 0)",
);

function measure() {
  const files = [];
  const users = [];
  for (let run = 0; run < RUNS; run += 1) {
    files.push(
      rolledBack(() => {
        const ids = Array.from(
          { length: 50 },
          (_, i) => insertFile.run(`bench-deletes-${i}`).lastInsertRowid,
        );
        const remove = db.prepare(`delete from stored_files where id in (${ids.map(() => '?')})`);
        return ms(() => remove.run(...ids));
      }),
    );
    users.push(
      rolledBack(() => ms(() => db.prepare('delete from users where id = ?').run(student))),
    );
  }
  return { files: median(files), user: median(users) };
}

const rows = (table) => db.prepare(`select count(*) as n from ${table}`).get().n;
console.log(
  `Seeded academy: ${rows('stored_files')} stored files, ${rows('submission_files')} submission files, ${rows('corrections')} corrections, ${rows('speaking_answers')} speaking answers.`,
);
const withIndexes = measure();
const indexes = db
  .prepare(
    "select name from sqlite_master where type = 'index' and name like '%\\_fk\\_%' escape '\\'",
  )
  .all()
  .map((r) => r.name);
// The copy is migrated, so it has them unless their names changed: the comparison would then
// be of nothing against nothing.
if (indexes.length === 0) {
  console.error(
    "No index named <table>_fk_<column> (migration 0039's names) in the migrated copy: this bench looks for them by that name.",
  );
  process.exit(2);
}
for (const name of indexes) db.exec(`drop index "${name}"`);
const without = measure();
db.close();
fs.rmSync(copyDir, { recursive: true });

const row = (what, a, b) => `| ${what} | ${a.toFixed(1)} ms | ${b.toFixed(1)} ms |`;
console.log(`\nMedian of ${RUNS}, each in a transaction rolled back:\n`);
console.log(`| delete | with the ${indexes.length} indexes | without |`);
console.log('| --- | --- | --- |');
console.log(row("50 stored files (the sweep's page)", withIndexes.files, without.files));
console.log(row('the student with the most work', withIndexes.user, without.user));
