#!/usr/bin/env node
// npm run bench:poll — the load every signed-in student makes without clicking anything: three
// polls every 10 s (cards to review, unread assignments, unread notifications) and an activity
// ping every 30 s, i.e. nine GETs to one POST, each from one of thousands of different
// students. Runs against the real server on the seeded database (npm run seed:bench), then
// against bare Fastify routes on the same machine, and prints requests per second, p50/p99
// latency and the ratio. Results go to bench/results/poll.json.
//
// Like a browser, the notifications poll sends back the ETag of the answer it last got, so
// an unchanged unread list is a 304. The bare routes get the very same requests (a catch-all
// route answers every path), so the load generator's own work is the same on both sides.
// With DATABASE_URL (and DATABASE_SCHEMA) set, for seeding too, it runs on PostgreSQL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const tokensFile = path.join(root, 'bench/results/tokens.json');
const onPostgres = Boolean(process.env.DATABASE_URL);
if (
  !fs.existsSync(tokensFile) ||
  (!onPostgres && !fs.existsSync(path.join(root, 'bench/data/academy.db')))
) {
  console.error('Seed first: npm run seed:bench');
  process.exit(2);
}
const { tokens } = JSON.parse(fs.readFileSync(tokensFile, 'utf8'));

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function start(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status < 500,
      () => false,
    );
    const bare = await fetch(`${url}/bare`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok || bare) return { child, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${args.join(' ')}`);
}

function run(url, requests) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, requests }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false });
  });
}

/** Each student's last notifications answer, as a browser's cache keeps it. */
const etags = new Map();
async function primeEtags(url) {
  let i = 0;
  const worker = async () => {
    while (i < tokens.length) {
      const { token, user_id: userId } = tokens[i++];
      const res = await fetch(`${url}/api/get_notifications.php?user_id=${userId}&only_unread=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      const etag = res.headers.get('etag');
      if (etag) etags.set(userId, etag);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

/** Round-robin over students: each request is a different student's poll or ping. */
let next = 0;
const pollRequests = [
  {
    setupRequest: (req) => {
      const i = next++;
      const { token, user_id: userId } = tokens[i % tokens.length];
      const kind = i % 10;
      const headers = { authorization: `Bearer ${token}` };
      if (kind === 9)
        return {
          ...req,
          method: 'POST',
          path: '/api/update_activity.php',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        };
      const paths = [
        `/api/get_cards_to_review.php?user_id=${userId}`,
        `/api/get_unread_assignments.php?user_id=${userId}`,
        `/api/get_notifications.php?user_id=${userId}&only_unread=1`,
      ];
      const etag = kind % 3 === 2 ? etags.get(userId) : undefined;
      return {
        ...req,
        method: 'GET',
        path: paths[kind % 3],
        headers: etag ? { ...headers, 'if-none-match': etag } : headers,
      };
    },
  },
];

const summary = (r) => ({
  requestsPerSecond: Math.round(r.requests.average),
  notModified: r.statusCodeStats?.['304']?.count ?? 0,
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

const appPort = await freePort();
const app = await start(['server/dist/main.js'], {
  PORT: String(appPort),
  HOST: '127.0.0.1',
  DATA_DIR: 'bench/data',
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: 'bench-admin-password',
});
await primeEtags(app.url);
// Warm up: let every cache fill as it would after a minute of real use.
await run(app.url, pollRequests);
const polling = summary(await run(app.url, pollRequests));
app.child.kill('SIGTERM');

// The yardsticks: the same requests to a bare route, and to a bare route that runs one
// indexed count in SQLite per request (no token, no validation).
const bareRuns = {};
for (const [name, env] of [
  ['bare', {}],
  ['bareCount', { BARE_COUNT_DB: path.join(root, 'bench/data/academy.db') }],
]) {
  const port = await freePort();
  const bare = await start(['bench/bare-server.mjs'], { PORT: String(port), ...env });
  await run(bare.url, pollRequests);
  bareRuns[name] = summary(await run(bare.url, pollRequests));
  bare.child.kill('SIGTERM');
}
const baseline = bareRuns.bare;

const ratio = polling.requestsPerSecond / baseline.requestsPerSecond;
const result = {
  date: new Date().toISOString(),
  database: onPostgres ? 'postgres' : 'sqlite',
  seconds,
  connections,
  students: tokens.length,
  polling,
  bare: baseline,
  bareCount: bareRuns.bareCount,
  ratio: Number(ratio.toFixed(3)),
  bareCountRatio: Number(
    (bareRuns.bareCount.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
  ),
};
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/poll.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.log(`\n${connections} connections, ${seconds} s each, ${tokens.length} distinct students`);
console.log(
  `polling mix : ${polling.requestsPerSecond} req/s, p50 ${polling.p50Ms} ms, p99 ${polling.p99Ms} ms, 304s ${polling.notModified}, other non-2xx ${polling.non2xx - polling.notModified}, errors ${polling.errors}`,
);
console.log(
  `bare route  : ${baseline.requestsPerSecond} req/s, p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms`,
);
console.log(
  `bare + count: ${bareRuns.bareCount.requestsPerSecond} req/s, p50 ${bareRuns.bareCount.p50Ms} ms, p99 ${bareRuns.bareCount.p99Ms} ms (${((bareRuns.bareCount.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}% of bare)`,
);
console.log(
  `ratio       : ${(ratio * 100).toFixed(0)}% of the bare route (target 60%), p99 target 20 ms`,
);
