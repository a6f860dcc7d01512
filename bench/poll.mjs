#!/usr/bin/env node
// npm run bench:poll — the fallback load: what every signed-in student's browser makes while
// its live stream is down (a proxy that buffers, a dropped network): three polls every 10 s
// (cards to review, unread assignments, unread notifications) and an activity ping every
// 30 s, i.e. nine GETs to one POST, each from one of thousands of different students. Every
// request goes through Fastify's full pipeline (route, guard, schema, serialiser). It reports
// what it measures, with no target: with the stream up, browsers do not poll. Runs against
// the real server on the seeded database (npm run seed:bench) and against two yardsticks on
// the same machine: a bare Fastify route, and a bare route that runs one indexed SQLite count. Prints requests per second, p50/p99 latency, server CPU per
// request and the ratio. Results go to bench/results/poll.json.
//
// The machines this runs on are shared and noisy, and the three servers are measured one after
// another: so all three run at once (idle while not measured) and the load goes to each in
// turn, for several rounds. The figures are the medians over the rounds, and each round's
// ratio compares runs a few seconds apart.
//
// Like a browser, the notifications poll sends back the ETag of the answer it last got, so
// an unchanged unread list is a 304. The bare routes get the very same requests (a catch-all
// route answers every path), so the load generator's own work is the same on both sides.
// With DATABASE_URL (and DATABASE_SCHEMA) set, as for seeding, it runs on PostgreSQL (the
// bare count reads SQLite, so it is left out); give it the seed's DATA_DIR too.
//
// BENCH_ROUNDS (3), BENCH_SECONDS (10, after 5 s of warm-up each time) and BENCH_CONNECTIONS
// (100) change the run; BENCH_PROFILE=1 profiles the app server (see below).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMicros, freePort, quiet } from './kit.mjs';

const root = path.resolve(import.meta.dirname, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmUpSeconds = 5;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const tokensFile = path.join(root, 'bench/results/tokens.json');
// The folder the seed used (DATA_DIR); on PostgreSQL, use the folder that seed wrote its
// files to, not SQLite's: the app sweeps files that have no row in its database.
const dataDir = process.env.DATA_DIR ?? 'bench/data';
const sqliteFile = path.join(root, dataDir, 'academy.db');
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!fs.existsSync(tokensFile) || (!onPostgres && !fs.existsSync(sqliteFile))) {
  console.error('Seed first: npm run seed:bench');
  process.exit(2);
}
const { tokens } = JSON.parse(fs.readFileSync(tokensFile, 'utf8'));

async function start(name, args, env) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) {
      await quiet(child.pid);
      return { name, child, url };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not start`);
}

function load(url, duration) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration, requests: pollRequests },
      (err, result) => (err ? reject(err) : resolve(result)),
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
          // What the browser sends (web/src/features/activity/use-activity-ping.ts).
          body: JSON.stringify({ token }),
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

async function measure(server) {
  await load(server.url, warmUpSeconds);
  const before = cpuMicros(server.child.pid);
  const r = await load(server.url, seconds);
  const cpu = cpuMicros(server.child.pid) - before;
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    cpuMicrosPerRequest: Number((cpu / r.requests.total).toFixed(1)),
    notModified: r.statusCodeStats?.['304']?.count ?? 0,
    otherNon2xx: r.non2xx - (r.statusCodeStats?.['304']?.count ?? 0),
    errors: r.errors + r.timeouts,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// BENCH_PROFILE=1: the app server writes a V8 CPU profile (open it in Chrome's DevTools) to
// bench/results/profile/ when the run ends, to see where its time per request goes.
const profileArgs = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench/results/profile')}`]
  : [];
const servers = [
  await start('polling mix', [...profileArgs, 'server/dist/main.js'], {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-password',
  }),
  await start('bare route', ['bench/bare-server.mjs'], {}),
  ...(onPostgres
    ? []
    : [await start('bare + count', ['bench/bare-server.mjs'], { BARE_COUNT_DB: sqliteFile })]),
];
const runs = Object.fromEntries(servers.map((s) => [s.name, []]));
try {
  await primeEtags(servers[0].url);
  for (let round = 1; round <= rounds; round++) {
    for (const server of servers) {
      const run = await measure(server);
      runs[server.name].push(run);
      console.log(
        `round ${round}/${rounds} ${server.name.padEnd(12)} ${run.requestsPerSecond} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.cpuMicrosPerRequest} µs CPU/request`,
      );
    }
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
}

const summary = Object.fromEntries(
  Object.entries(runs).map(([name, list]) => [
    name,
    {
      requestsPerSecond: median(list.map((r) => r.requestsPerSecond)),
      p50Ms: median(list.map((r) => r.p50Ms)),
      p99Ms: median(list.map((r) => r.p99Ms)),
      cpuMicrosPerRequest: Number(median(list.map((r) => r.cpuMicrosPerRequest)).toFixed(1)),
    },
  ]),
);
const app = runs['polling mix'];
const bare = runs['bare route'];
const roundRatios = app.map((r, i) => r.requestsPerSecond / bare[i].requestsPerSecond);
const ratio = median(roundRatios);
const result = {
  date: new Date().toISOString(),
  database: onPostgres ? 'postgres' : 'sqlite',
  rounds,
  seconds,
  connections,
  students: tokens.length,
  summary,
  ratio: Number(ratio.toFixed(3)),
  roundRatios: roundRatios.map((r) => Number(r.toFixed(3))),
  runs,
};
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/poll.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);

console.log(
  `\n${connections} connections, ${rounds} rounds of ${seconds} s, ${tokens.length} distinct students, ${result.database}; medians:`,
);
console.log('server        req/s   p50   p99   CPU/request');
for (const [name, s] of Object.entries(summary)) {
  console.log(
    `${name.padEnd(12)} ${String(s.requestsPerSecond).padStart(6)} ${String(s.p50Ms).padStart(3)} ms ${String(s.p99Ms).padStart(3)} ms ${String(s.cpuMicrosPerRequest).padStart(6)} µs`,
  );
}
const errors = app.reduce((n, r) => n + r.errors + r.otherNon2xx, 0);
console.log(
  `ratio: ${(ratio * 100).toFixed(0)}% of the bare route (rounds: ${roundRatios.map((r) => `${(r * 100).toFixed(0)}%`).join(', ')}), p99 ${summary['polling mix'].p99Ms} ms; errors and unexpected statuses: ${errors}`,
);
