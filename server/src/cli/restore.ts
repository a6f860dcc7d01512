import '../runtime-check.js';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.js';
import { servingPid } from '../serving-marker.js';

/**
 * npm run restore -- <backup folder>
 *
 * Puts a backup made by `npm run backup` back in DATA_DIR. Stop the server first. What was
 * there is kept beside it (academy.db.before-restore-<time>, files.before-restore-<time>).
 */
async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const from = positionals[0];
  if (!from) {
    console.error('npm run restore -- <backup folder>   (stop the server first)');
    return 2;
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error('DATABASE_URL is PostgreSQL: restore it with pg_restore (docs/deploy.md).');
    return 2;
  }
  const running = servingPid(config.DATA_DIR);
  if (running !== null) {
    console.error(
      `A server (pid ${running}) is running on ${config.DATA_DIR}: stop it first, or its writes would be lost.`,
    );
    return 1;
  }
  const backupDb = path.join(from, 'academy.db');
  if (!fs.existsSync(backupDb) || !fs.existsSync(path.join(from, 'manifest.json'))) {
    console.error(`${from} is not a backup made by npm run backup.`);
    return 1;
  }
  const check = new SQLite(backupDb, { readonly: true });
  const integrity = check.pragma('integrity_check', { simple: true });
  check.close();
  if (integrity !== 'ok') {
    console.error(`The backup's database fails its integrity check: ${String(integrity)}`);
    return 1;
  }

  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const live = path.join(config.DATA_DIR, 'academy.db');
  if (fs.existsSync(live)) {
    // Fold the write-ahead log in, so the copy kept aside is whole.
    const current = new SQLite(live);
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
    fs.renameSync(live, `${live}.before-restore-${stamp}`);
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${live}${suffix}`, { force: true });
  fs.copyFileSync(backupDb, `${live}.restoring`);
  fs.renameSync(`${live}.restoring`, live);

  const files = path.join(config.DATA_DIR, 'files');
  if (fs.existsSync(files)) fs.renameSync(files, `${files}.before-restore-${stamp}`);
  if (fs.existsSync(path.join(from, 'files')))
    fs.cpSync(path.join(from, 'files'), files, { recursive: true });
  else fs.mkdirSync(files, { recursive: true });

  console.log(
    `Restored ${from} into ${config.DATA_DIR}. The previous data is kept beside it (*.before-restore-${stamp}).`,
  );
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
