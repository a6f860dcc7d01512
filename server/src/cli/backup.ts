import '../runtime-check.js';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.js';

/**
 * npm run backup -- [--out <folder>]
 *
 * A consistent copy of a running academy: SQLite's online backup of the database (a snapshot
 * taken while the server keeps writing), then the stored files that snapshot refers to. Files
 * uploaded after the snapshot are not in it, and their rows are not either.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log('npm run backup -- [--out <folder>]   (default: ./backups/academy-<time>)');
    return 0;
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error(
      'DATABASE_URL is PostgreSQL: back it up with pg_dump and the bucket with its own tools (docs/deploy.md).',
    );
    return 2;
  }
  const source = path.join(config.DATA_DIR, 'academy.db');
  if (!fs.existsSync(source)) {
    console.error(`No database at ${source}.`);
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(values.out ?? path.join('backups', `academy-${stamp}`));
  fs.mkdirSync(out, { recursive: true });
  const target = path.join(out, 'academy.db');
  if (fs.existsSync(target)) {
    console.error(`${target} already exists; choose another --out.`);
    return 1;
  }

  const live = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await live.backup(target);
  } finally {
    live.close();
  }

  if (config.FILE_STORAGE === 's3') {
    // The files live in the bucket, which keeps its own copies (versioning, its own tools).
    fs.writeFileSync(
      path.join(out, 'manifest.json'),
      `${JSON.stringify({ created_at: new Date().toISOString(), database: 'academy.db', files: 'in the S3 bucket' }, null, 2)}\n`,
    );
    console.log(
      `Backed up the database to ${out}. The files are in the S3 bucket ${config.S3_BUCKET}: back it up with its own tools (docs/deploy.md).`,
    );
    return 0;
  }

  // The files the snapshot's rows name, and no others.
  const snapshot = new SQLite(target, { readonly: true });
  const keys = snapshot.prepare('select storage_key from stored_files').pluck().all() as string[];
  snapshot.close();
  let copied = 0;
  const missing: string[] = [];
  for (const key of keys) {
    const from = path.join(config.DATA_DIR, 'files', key.slice(0, 2), key);
    const to = path.join(out, 'files', key.slice(0, 2), key);
    try {
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(from, to);
      copied += 1;
    } catch {
      // Deleted between the snapshot and now (its row went first).
      missing.push(key);
    }
  }
  const manifest = {
    created_at: new Date().toISOString(),
    database: 'academy.db',
    files: copied,
    missing,
  };
  fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `Backed up the database and ${copied} files to ${out}${missing.length ? ` (${missing.length} files were deleted meanwhile)` : ''}.`,
  );
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
