// What the load benches share (bench:live, bench:poll, bench:day, bench:import,
// bench:quiz-day): the built server started as a process of its own on the seeded academy, its
// CPU read from /proc, bearer tokens issued straight into the database as seed:bench issues
// them (and taken back), the percentiles the tables print, client processes asked over IPC,
// and the contract's calls made as the app makes them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
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
 * Bearer tokens for the first `students` active students (of `studentIds` when given: a
 * class's), `admins` tokens for the first active administrator and one for each of the first
 * `teachers` active teachers, written straight into the database as seed:bench writes them.
 */
export async function issueTokens(
  config,
  { students: wanted, admins = 1, teachers = 0, studentIds },
) {
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
      .$if(studentIds !== undefined, (q) => q.where('id', 'in', studentIds))
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

/** A person reading between two things done: exponential around the mean, at most five times it. */
export const think = (meanMs) => sleep(Math.min(5 * meanMs, -Math.log(1 - Math.random()) * meanMs));

/**
 * A call's figures from its times (ms) and its failures by reason: how many, p50/p95/p99 and
 * the slowest, as the load benches' tables print them.
 */
export function callFigures(name, times, failures = {}) {
  return {
    name,
    count: times.length,
    errors: Object.values(failures).reduce((a, b) => a + b, 0),
    failures,
    p50: round(median(times)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(percentile(times, 100)),
  };
}

let nextAsk = 1;

/**
 * Starts a load bench's client process (`script` with `args`, the open-file limit raised, at
 * niceness `nice` when above 0) with an IPC channel: `ask(cmd, type, payload)` sends
 * `{cmd, id, ...payload}` and resolves with the client's message `{type, id, ...}`, the
 * protocol of bench/day-client.mjs.
 */
export function startClient(script, index, { nice = 0, args = [] } = {}) {
  const client = [process.execPath, script, ...args];
  const [command, commandArgs] = withRaisedLimit(
    ...(nice > 0 ? ['nice', ['-n', String(nice), ...client]] : [client[0], client.slice(1)]),
  );
  const child = spawn(command, commandArgs, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  child.on('message', (message) => {
    const resolve = waiting.get(`${message.type}:${message.id}`);
    if (resolve) {
      waiting.delete(`${message.type}:${message.id}`);
      resolve(message);
    }
  });
  return {
    index,
    child,
    ask(cmd, type, payload = {}) {
      const id = nextAsk++;
      const answered = new Promise((resolve) => waiting.set(`${type}:${id}`, resolve));
      child.send({ cmd, id, ...payload });
      return answered;
    },
  };
}

/**
 * What bench:day's students and administrators send (its client's `setup`): a phone photo as
 * the upload screen sends it (a JPEG of `photoKb`, a real one's size after shrinking,
 * bench:photo), a browser's spoken answer (a real recording of Chromium's), and a marked PDF;
 * each as base64, as the IPC channel carries them.
 */
export function dayFiles(photoKb) {
  const jpeg = Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
  return {
    photo: Buffer.concat([jpeg, Buffer.alloc(Math.max(0, photoKb * 1000 - jpeg.length))]).toString(
      'base64',
    ),
    audio: fs
      .readFileSync(path.join(root, 'server/src/test-support/recordings/chromium-opus.webm'))
      .toString('base64'),
    pdf: Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ).toString('base64'),
  };
}

let routeTable;

/**
 * One call of the contract as the app makes it, but for uploads (its route table gives the
 * path, method and encoding: query, JSON or form), on `agent` (node:http's; keep-alive for a
 * client's many actors). Resolves with the status, the answer's JSON (null when it has none or
 * failed to arrive: `error` says why) and how long it took in ms. `headers` go with it (the
 * live stream's name on a write).
 */
export async function callRoute(url, token, name, payload = {}, { agent, headers = {} } = {}) {
  // Imported when first asked: the benches that never call the contract need it not built.
  routeTable ??= (await import('@academy/contract/routes')).routes;
  const meta = routeTable[name];
  const sent = { authorization: `Bearer ${token}`, ...headers };
  let pathname = meta.path;
  let body;
  if (meta.encoding === 'query') {
    const text = Object.entries(payload).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]);
    const qs = new URLSearchParams(text).toString();
    if (qs) pathname += `?${qs}`;
  } else if (meta.encoding === 'json') {
    body = JSON.stringify(payload);
    sent['content-type'] = 'application/json';
  } else if (meta.encoding === 'form') {
    body = new URLSearchParams(
      Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
    sent['content-type'] = 'application/x-www-form-urlencoded';
  } else throw new Error(`callRoute does not send ${meta.encoding} (${name})`);
  const started = now();
  return new Promise((resolve) => {
    const settle = (status, text, error) => {
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {}
      resolve({ status, json, text, error, ms: now() - started });
    };
    const request = http.request(`${url}${pathname}`, {
      method: meta.method,
      headers: sent,
      agent,
      timeout: 30_000,
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => settle(0, '', `error: ${error.code ?? error.message}`));
    request.on('response', (response) => {
      const chunks = [];
      response.on('data', (c) => chunks.push(c));
      response.on('end', () => settle(response.statusCode, Buffer.concat(chunks).toString('utf8')));
      response.on('error', (error) => settle(0, '', `error: ${error.code ?? error.message}`));
    });
    request.end(body);
  });
}

/**
 * How long a process's main thread (a Node server's event loop) has waited for a CPU while
 * ready to run, so far, in µs (Linux's /proc/<pid>/schedstat, its second field): on a shared
 * machine, time an answer took while the server did not run because others had the cores.
 */
export function runQueueMicros(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1000;
  } catch {
    return 0; // the process ended
  }
}

/**
 * The machine's CPU pressure so far (Linux's /proc/pressure/cpu, `some` total, in µs): the
 * time some runnable task waited for a CPU; its growth over a window, divided by the window,
 * is the share of it the machine was short of cores. Null where the kernel does not say.
 */
export function cpuPressureMicros() {
  try {
    const some = fs.readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0];
    return Number(/total=(\d+)/.exec(some)?.[1]);
  } catch {
    return null;
  }
}
