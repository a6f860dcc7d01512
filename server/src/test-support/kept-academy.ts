import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * An academy built once and kept, for a file whose every case needs a fresh copy of the same
 * one (the access matrix and the live matrix build a whole world of users and records, then
 * make one call that may change it). Building the world through the calls cost about as much
 * as the case itself, 0.2 s on SQLite and 0.5 s on PostgreSQL, for each of some 330 cases
 * (bench/README.md, "Where CI's time goes"); a copy costs a file copy or one round trip.
 *
 * SQLite: the closed app's data directory (its database file and stored files) is kept, and
 * each copy is a copy of the directory. PostgreSQL: the schema is kept with a snapshot of its
 * rows and sequences beside it, and each copy puts the schema back as it was kept (so one app
 * at a time runs on a kept academy) and copies the stored files. The snapshot is this
 * process's: a kept academy belongs to the test file that kept it.
 */
export interface KeptAcademy {
  /** The clock when it was kept: an app started from it goes on from there. */
  readonly now: number;
  /** A fresh copy to start an app on: its data directory and, on PostgreSQL, its schema. */
  copy(): Promise<AcademyCopy>;
  /** Drops what was kept (in the file's afterAll). */
  dispose(): Promise<void>;
}

export interface AcademyCopy {
  dataDir: string;
  schema: string | undefined;
  /** The app on it has closed: the copy's files go, and the schema may be copied again. */
  release(): void;
}

/** Keeps a closed app's data directory and, on PostgreSQL, its schema. */
export async function keepAcademy(kept: {
  dataDir: string;
  now: number;
  postgres?: { url: string; schema: string };
}): Promise<KeptAcademy> {
  const copyFiles = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-test-'));
    fs.cpSync(kept.dataDir, dataDir, { recursive: true });
    return dataDir;
  };
  const removeFiles = (dir: string) => fs.rmSync(dir, { recursive: true, force: true });

  if (!kept.postgres) {
    return {
      now: kept.now,
      copy: async () => {
        const dataDir = copyFiles();
        return { dataDir, schema: undefined, release: () => removeFiles(dataDir) };
      },
      dispose: async () => removeFiles(kept.dataDir),
    };
  }

  const { url, schema } = kept.postgres;
  const snapshot = `${schema}_kept`;
  const putBack = await withClient(url, (client) => takeSnapshot(client, schema, snapshot));
  let inUse = false;
  return {
    now: kept.now,
    copy: async () => {
      if (inUse) throw new Error('An app already runs on this kept academy: close it first.');
      inUse = true;
      try {
        await withClient(url, (client) => client.query(putBack));
      } catch (error) {
        inUse = false;
        throw error;
      }
      const dataDir = copyFiles();
      return {
        dataDir,
        schema,
        release: () => {
          removeFiles(dataDir);
          inUse = false;
        },
      };
    },
    dispose: async () => {
      await withClient(url, (client) =>
        client.query(
          `drop schema if exists "${snapshot}" cascade; drop schema if exists "${schema}" cascade`,
        ),
      );
      removeFiles(kept.dataDir);
    },
  };
}

/** One short connection of its own, ended whatever the work does. */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every table of `schema` with rows into `snapshot` and answers the SQL that puts the
 * schema back as it is now: every table emptied, the kept rows written again and every
 * sequence set where it stood. It runs as a replica's session does, so that no trigger fires
 * (the ledger's tables refuse a DELETE) and no foreign key is checked while the rows go back
 * in table order.
 */
async function takeSnapshot(client: pg.Client, schema: string, snapshot: string) {
  const s = quoted(schema);
  const tables = (
    await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
      [schema],
    )
  ).rows.map((r) => r.name);
  // pg_sequences, not information_schema's: that one leaves out the identity columns'.
  const sequences = (
    await client.query<{ name: string; last_value: string | null; start_value: string }>(
      `select sequencename as name, last_value, start_value from pg_sequences
        where schemaname = $1 order by sequencename`,
      [schema],
    )
  ).rows;
  await client.query(`drop schema if exists ${quoted(snapshot)} cascade`);
  await client.query(`create schema ${quoted(snapshot)}`);
  const withRows: string[] = [];
  for (const table of tables) {
    const t = quoted(table);
    const { rowCount } = await client.query(
      `create table ${quoted(snapshot)}.${t} as table ${s}.${t}`,
    );
    if ((rowCount ?? 0) > 0) withRows.push(table);
  }
  // A sequence never used has no last value: it is set to give its first value next.
  const setvals = sequences.map(
    (q) =>
      `select setval('${s}.${quoted(q.name)}', ${q.last_value ?? q.start_value}, ${q.last_value !== null})`,
  );
  return [
    'begin',
    'set local session_replication_role = replica',
    // A connection left over from the last copy's app would hold a lock: say so, not hang.
    `set local lock_timeout = '30s'`,
    ...tables.map((table) => `delete from ${s}.${quoted(table)}`),
    ...withRows.map(
      (table) =>
        `insert into ${s}.${quoted(table)} overriding system value select * from ${quoted(snapshot)}.${quoted(table)}`,
    ),
    ...setvals,
    'commit',
  ].join(';\n');
}
