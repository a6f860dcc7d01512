// What the load benches share (bench:live, bench:poll, bench:day, bench:import): the built
// server started as a process of its own on the seeded academy, its CPU read from /proc,
// bearer tokens issued straight into the database as seed:bench issues them (and taken back),
// and the percentiles the tables print.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (n, digits = 1) => (n === null ? null : Number(n.toFixed(digits)));

/** The p-th percentile (nearest rank) of some numbers, or null when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
export const median = (values) => percentile(values, 50);

/** A port nobody listens on now. */
export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * CPU time (user + system) the process and the processes it started have used so far, in µs
 * (Linux: 100 ticks a second): a server on several processes (PROCESSES) is its first and
 * those it runs. A process that has ended counts no more.
 */
export function cpuMicros(pid) {
  const own = (id) => {
    try {
      const fields = fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      return { parent: fields[1], micros: (Number(fields[11]) + Number(fields[12])) * 10_000 };
    } catch {
      return { parent: '', micros: 0 }; // ended while read
    }
  };
  let micros = own(pid).micros;
  for (const id of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(id)) continue;
    const child = own(id);
    if (child.parent === String(pid)) micros += child.micros;
  }
  return micros;
}

/**
 * Waits until a process is idle (under 10% of a core for half a second): at start-up the app
 * sweeps the stored files (50,000 of them after seeding), which is not the load measured.
 */
export async function quiet(pid) {
  for (let i = 0; i < 240; i++) {
    const before = cpuMicros(pid);
    await sleep(500);
    if (cpuMicros(pid) - before < 50_000) return;
  }
}

/** Runs a command with the open-file limit raised for it (and only it): the bench raises it, not the app. */
const RAISE_LIMIT = 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"';
export const withRaisedLimit = (command, args) => [
  'bash',
  ['-c', RAISE_LIMIT, 'bench', command, ...args],
];

export function fileLimit(pid) {
  const line = fs
    .readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3]);
}

/**
 * Starts the built server (server/dist/main.js) on a free port with the open-file limit
 * raised, and resolves once it answers its health check. `nodeArgs` go before the script
 * (a probe to import, profiling), `env` over the process's own.
 */
export async function startServer(name, { dataDir, nodeArgs = [], env = {} }) {
  const port = await freePort();
  const [command, args] = withRaisedLimit(process.execPath, [...nodeArgs, 'server/dist/main.js']);
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return { name, child, pid: child.pid, url, exited };
    await sleep(200);
  }
  throw new Error(`server ${name} did not start`);
}

/**
 * Bearer tokens for the first `students` active students, `admins` tokens for the first
 * active administrator and one for each of the first `teachers` active teachers, written
 * straight into the database as seed:bench writes them.
 */
export async function issueTokens(config, { students: wanted, admins = 1, teachers = 0 }) {
  const { openDatabase } = await import(path.join(root, 'server/dist/db/index.js'));
  const { hashToken } = await import(path.join(root, 'server/dist/auth/tokens.js'));
  const { ROLE_ID, TOKEN_TTL_MS } = await import('@academy/contract/constants');
  const { db } = await openDatabase(config);
  try {
    const students = await db
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', ROLE_ID.user)
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(wanted)
      .execute();
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', ROLE_ID.admin)
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    const teaching = await db
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', ROLE_ID.teacher)
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(teachers)
      .execute();
    if (students.length < wanted || !admin || teaching.length < teachers) {
      throw new Error(
        `The database has ${students.length} active students, ${teaching.length} teachers${admin ? '' : ' and no administrator'}; the bench needs ${wanted} and ${teachers} (seed:bench).`,
      );
    }
    const at = Date.now();
    const issued = [...Array.from({ length: admins }, () => admin), ...students, ...teaching].map(
      ({ id }) => ({ userId: id, token: randomBytes(32).toString('base64url') }),
    );
    for (let i = 0; i < issued.length; i += 1000) {
      await db
        .insertInto('auth_tokens')
        .values(
          issued.slice(i, i + 1000).map(({ userId, token }) => ({
            user_id: userId,
            token_hash: hashToken(token),
            created_at: at,
            expires_at: at + TOKEN_TTL_MS,
            revoked_at: null,
          })),
        )
        .execute();
    }
    return {
      admins: issued.slice(0, admins),
      students: issued.slice(admins, admins + students.length),
      teachers: issued.slice(admins + students.length),
    };
  } finally {
    await db.destroy();
  }
}

/** Deletes tokens issueTokens gave, then runs `more(db)` (what else the bench cleans up). */
export async function revokeTokens(config, tokens, more = async () => {}) {
  const { openDatabase } = await import(path.join(root, 'server/dist/db/index.js'));
  const { hashToken } = await import(path.join(root, 'server/dist/auth/tokens.js'));
  const { db } = await openDatabase(config);
  try {
    const hashes = tokens.map(({ token }) => hashToken(token));
    for (let i = 0; i < hashes.length; i += 1000) {
      await db
        .deleteFrom('auth_tokens')
        .where('token_hash', 'in', hashes.slice(i, i + 1000))
        .execute();
    }
    await more(db);
  } finally {
    await db.destroy();
  }
}
