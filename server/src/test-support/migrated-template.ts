import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/index.js';

/**
 * The integration suite's global setup: migrates one SQLite database at the start of the run
 * with the server's own openDatabase (the same migrations and pragmas), closes it whole (no
 * WAL beside it) and hands its path to the test files. On PostgreSQL each file still migrates
 * a schema of its own: a database copied from a template costs as much as the migrations here
 * (CREATE DATABASE) and dropping it forces a checkpoint (bench/README.md, "Where CI's time
 * goes").
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB !== 'sqlite') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-template-'));
  const handle = await openDatabase({ DATA_DIR: dir, DATABASE_URL: '', DATABASE_SCHEMA: '' });
  await handle.db.destroy();
  project.provide('sqliteTemplate', handle.sqliteFile);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
