#!/usr/bin/env node
// npm run bench:live — the live stream (GET /api/events) at scale: N concurrent streams of
// distinct students (BENCH_STREAMS, 10,000 by default) held open against the real built server
// on the seeded academy (npm run seed:bench), and what they cost and how fast they tell:
//
// - server memory per idle stream: RSS and heap (after a forced collection, bench/live-probe.mjs)
//   before and after the N streams open, the difference divided by N;
// - server CPU while the N streams sit idle for BENCH_IDLE_SECONDS (75 s: any 75 s window holds
//   exactly three heartbeats, 25 s apart), from /proc/<pid>/stat, as a share of one core;
// - one student: BENCH_SENDS notifications (add_notification.php, as an administrator), each
//   to one student, one at a time; the time from the send's answer to that student's `change`
//   event at the client, p50/p99 (an event that came before the answer counts as 0);
// - broadcast: BENCH_BROADCASTS notifications to every student (user_id=all); the time from
//   the answer until every stream has its event, and p50/p99 across the streams.
//
// With DATABASE_URL (and DATABASE_SCHEMA, DATA_DIR), as for seeding, it runs two instances on
// that PostgreSQL (BENCH_INSTANCES), the streams split across both and every send through the
// first: the one-student figures are then given apart for students on the sending instance
// and on the other one. Without it, one instance on SQLite in bench/data.
//
// The tokens: the bench issues one bearer token per student it streams for, and one for the
// seeded administrator, straight into the database as seed:bench does (seed:bench's 5,000
// are bench:poll's), and deletes them, with the notifications it sent, when it ends.
//
// The servers and the client processes (bench/live-client.mjs, BENCH_CLIENTS of them, each
// holding a share of the streams on sockets of their own) are started through bash with the
// open-file limit raised (to 65536, or the hard limit if that is lower): the bench raises it,
// not the app. BENCH_PROFILE=1 writes a CPU profile of each server to bench/results/profile/,
// BENCH_HEAP_SNAPSHOT=1 heap snapshots of each before and after the streams open (its RSS
// figures then count the snapshots' own memory).
// Results go to bench/results/live-<database>.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  cpuMicros,
  fileLimit,
  issueTokens as issueBenchTokens,
  median,
  now,
  percentile,
  quiet,
  revokeTokens,
  root,
  round,
  sleep,
  startServer as startBuiltServer,
  withRaisedLimit,
} from './kit.mjs';

const { loadConfig } = await import(path.join(root, 'server/dist/config.js'));
const { LIVE_HEARTBEAT_MS } = await import('@academy/contract/live');

const wanted = Number(process.env.BENCH_STREAMS ?? 10_000);
const sends = Number(process.env.BENCH_SENDS ?? 500);
const broadcasts = Number(process.env.BENCH_BROADCASTS ?? 5);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 75);
const clientCount = Number(process.env.BENCH_CLIENTS ?? 2);
const onPostgres = Boolean(process.env.DATABASE_URL);
const instanceCount = onPostgres ? Number(process.env.BENCH_INSTANCES ?? 2) : 1;
const dataDir = process.env.DATA_DIR ?? 'bench/data';
const resultsDir = path.join(root, 'bench/results');
const database = onPostgres ? 'postgres' : 'sqlite';
/** Every notification this bench sends starts so, and is deleted when it ends. */
const MARK = 'bench:live';
const TARGETS = {
  oneStudentP99Ms: instanceCount > 1 ? 500 : 250,
  broadcastAllMs: 3_000,
  bytesPerIdleStream: 20_000,
  idleCpuPercent: 5,
};

if (!onPostgres && !fs.existsSync(path.join(root, dataDir, 'academy.db'))) {
  console.error('Seed first: npm run seed:bench');
  process.exit(2);
}
fs.mkdirSync(resultsDir, { recursive: true });

// --- Tokens, issued as seed:bench issues them, and taken back at the end ---

const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...process.env });

async function issueTokens() {
  const { admins, students } = await issueBenchTokens(config, { students: wanted });
  return { admin: admins[0], students };
}

async function cleanUp(tokens) {
  await revokeTokens(config, tokens, (db) =>
    db.deleteFrom('notifications').where('message', 'like', `${MARK}%`).execute(),
  );
}

// --- Processes ---

const profileArgs = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${path.join(resultsDir, 'profile')}`]
  : [];

async function startServer(name) {
  const probeFile = path.join(resultsDir, `live-probe-${name}.json`);
  const server = await startBuiltServer(name, {
    dataDir,
    nodeArgs: [
      '--expose-gc',
      '--import',
      pathToFileURL(path.join(root, 'bench/live-probe.mjs')).href,
      ...profileArgs,
    ],
    env: { BENCH_PROBE_FILE: probeFile },
  });
  return { ...server, probeFile };
}

/** The server's memory after a forced collection (bench/live-probe.mjs). */
async function probeMemory(server) {
  fs.rmSync(server.probeFile, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 300; i++) {
    await sleep(100);
    if (fs.existsSync(server.probeFile))
      return JSON.parse(fs.readFileSync(server.probeFile, 'utf8'));
  }
  throw new Error(`server ${server.name} did not report its memory`);
}

function startClient(index) {
  const [command, args] = withRaisedLimit(process.execPath, [
    path.join(root, 'bench/live-client.mjs'),
  ]);
  // Not fork(), which starts node itself: the IPC channel goes through bash to the node it runs.
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map();
  child.on('message', (message) => {
    const key = `${message.type}:${message.id}`;
    const resolve = waiting.get(key);
    if (resolve) {
      waiting.delete(key);
      resolve(message);
    }
  });
  return {
    index,
    child,
    /** Sends a question; resolves with the answer of `type` to it. */
    ask(cmd, payload = {}, type = undefined) {
      const id = nextId++;
      const answered = type
        ? new Promise((resolve) => waiting.set(`${type}:${id}`, resolve))
        : Promise.resolve();
      child.send({ cmd, id, ...payload });
      return { id, answered };
    },
    expect(type, id) {
      return new Promise((resolve) => waiting.set(`${type}:${id}`, resolve));
    },
  };
}
let nextId = 1;

// --- Calls ---

async function send(server, adminToken, userId, message) {
  const started = now();
  const response = await fetch(`${server.url}/api/add_notification.php`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${adminToken}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ user_id: String(userId), message }).toString(),
  });
  const body = await response.json();
  const answered = now();
  if (!body.success) throw new Error(`the send failed: ${response.status} ${JSON.stringify(body)}`);
  return { started, answered };
}

// --- The run ---

const loadBefore = os.loadavg();
console.log(
  `bench:live: ${wanted} streams, ${database}, ${instanceCount} instance(s), ${clientCount} client processes; load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`,
);
const tokens = await issueTokens();
const servers = [];
const clients = [];
let openCount = 0;
const result = {
  date: new Date().toISOString(),
  database,
  instances: instanceCount,
  streams: wanted,
  clients: clientCount,
  cpus: os.cpus().length,
  loadAverageBefore: loadBefore.map((l) => round(l, 2)),
};
try {
  for (let i = 0; i < instanceCount; i++)
    servers.push(await startServer(String.fromCharCode(65 + i)));
  // The app sweeps the stored files at start (50,000 after seeding): not what is measured.
  for (const server of servers) await quiet(server.pid);
  for (let i = 0; i < clientCount; i++) clients.push(startClient(i));
  result.fileLimit = { server: fileLimit(servers[0].pid), client: fileLimit(clients[0].child.pid) };

  // Stream i belongs to the i-th student, is held by client i % clients, on instance i % instances.
  const placed = tokens.students.map(({ userId, token }, i) => ({
    userId,
    token,
    server: servers[i % instanceCount],
    client: clients[i % clientCount],
  }));
  const memoryBefore = await Promise.all(servers.map(probeMemory));

  const openStarted = now();
  const opened = await Promise.all(
    clients.map(
      (client) =>
        client.ask(
          'open',
          {
            streams: placed
              .filter((s) => s.client === client)
              .map(({ userId, token, server }) => ({ url: server.url, userId, token })),
            concurrency: 50,
          },
          'opened',
        ).answered,
    ),
  );
  const openSeconds = (now() - openStarted) / 1000;
  openCount = opened.reduce((n, o) => n + o.opened, 0);
  const refusals = opened.flatMap((o) => Object.entries(o.errors));
  result.open = { streams: openCount, seconds: round(openSeconds), refusals };
  console.log(
    `opened ${openCount} of ${wanted} streams in ${openSeconds.toFixed(1)} s${refusals.length ? `; refused: ${JSON.stringify(refusals)}` : ''}`,
  );
  if (openCount === 0) throw new Error('no stream opened');

  // Each first stream of a user is told to administrators after 2 s, and its activity written
  // within a second: let that pass before the memory is read.
  await sleep(3_000);
  for (const server of servers) await quiet(server.pid);
  const memoryAfter = await Promise.all(servers.map(probeMemory));
  result.memory = servers.map((server, i) => {
    const streamsHere = placed.filter((s) => s.server === server).length;
    const per = (key) => round((memoryAfter[i][key] - memoryBefore[i][key]) / streamsHere, 0);
    return {
      instance: server.name,
      streams: streamsHere,
      before: memoryBefore[i],
      after: memoryAfter[i],
      bytesPerStream: {
        rss: per('rss'),
        heapUsed: per('heapUsed'),
        external: per('external'),
      },
    };
  });
  for (const m of result.memory) {
    console.log(
      `instance ${m.instance}: ${m.streams} streams; per stream RSS ${(m.bytesPerStream.rss / 1000).toFixed(1)} kB, heap ${(m.bytesPerStream.heapUsed / 1000).toFixed(1)} kB, external ${(m.bytesPerStream.external / 1000).toFixed(1)} kB (RSS ${(m.before.rss / 1e6).toFixed(0)} -> ${(m.after.rss / 1e6).toFixed(0)} MB)`,
    );
  }

  // Idle: nothing but heartbeats (and the activity they record) for idleSeconds.
  const statsOf = async () =>
    Promise.all(clients.map((client) => client.ask('stats', {}, 'stats').answered));
  const idleStatsBefore = await statsOf();
  const cpuBefore = servers.map((s) => cpuMicros(s.pid));
  const idleStarted = now();
  await sleep(idleSeconds * 1000);
  const idleMicros = (now() - idleStarted) * 1000;
  const cpuIdle = servers.map((s, i) => cpuMicros(s.pid) - cpuBefore[i]);
  const idleStatsAfter = await statsOf();
  const heartbeatsHeard =
    idleStatsAfter.reduce((n, s) => n + s.heartbeats, 0) -
    idleStatsBefore.reduce((n, s) => n + s.heartbeats, 0);
  result.idle = {
    seconds: round(idleMicros / 1e6),
    heartbeatMs: LIVE_HEARTBEAT_MS,
    heartbeatsPerStream: round(heartbeatsHeard / openCount, 2),
    cpuPercentOfOneCore: servers.map((s, i) => ({
      instance: s.name,
      percent: round((cpuIdle[i] / idleMicros) * 100, 2),
    })),
    cpuPercentTotal: round((cpuIdle.reduce((a, b) => a + b, 0) / idleMicros) * 100, 2),
    clientCpuPercentTotal: round(
      (idleStatsAfter.reduce((n, s, i) => n + s.cpuMicros - idleStatsBefore[i].cpuMicros, 0) /
        idleMicros) *
        100,
      2,
    ),
  };
  console.log(
    `idle for ${result.idle.seconds} s (${result.idle.heartbeatsPerStream} heartbeats a stream): server CPU ${result.idle.cpuPercentOfOneCore.map((c) => `${c.instance} ${c.percent}%`).join(', ')} of one core`,
  );

  // One student at a time. A few sends first, not counted: the server's first calls compile.
  const oneStudent = [];
  const warmUp = Math.min(20, sends);
  for (let k = 0; k < warmUp + sends; k++) {
    const stream = placed[(k * 7919 + 1) % placed.length];
    const { id, answered: watching } = stream.client.ask(
      'watch',
      { userId: stream.userId },
      'watching',
    );
    const heard = Promise.race([stream.client.expect('heard', id), sleep(10_000).then(() => null)]);
    await watching;
    const { started, answered } = await send(
      servers[0],
      tokens.admin.token,
      stream.userId,
      `${MARK} ${k}`,
    );
    const event = await heard;
    if (k >= warmUp) {
      oneStudent.push({
        sameInstance: stream.server === servers[0],
        sendMs: answered - started,
        fromAnswerMs: event ? Math.max(0, event.at - answered) : null,
        fromStartMs: event ? event.at - started : null,
        beforeAnswer: event ? event.at < answered : false,
      });
    }
    await sleep(10);
  }
  const summarise = (list) => {
    const heard = list.filter((r) => r.fromAnswerMs !== null);
    const from = heard.map((r) => r.fromAnswerMs);
    const start = heard.map((r) => r.fromStartMs);
    return {
      sends: list.length,
      missed: list.length - heard.length,
      beforeAnswer: list.filter((r) => r.beforeAnswer).length,
      fromAnswer: {
        p50: round(median(from)),
        p99: round(percentile(from, 99)),
        max: round(percentile(from, 100)),
      },
      fromStart: {
        p50: round(median(start)),
        p99: round(percentile(start, 99)),
        max: round(percentile(start, 100)),
      },
      sendMs: {
        p50: round(median(list.map((r) => r.sendMs))),
        p99: round(
          percentile(
            list.map((r) => r.sendMs),
            99,
          ),
        ),
      },
    };
  };
  result.oneStudent = {
    all: summarise(oneStudent),
    ...(instanceCount > 1
      ? {
          sameInstance: summarise(oneStudent.filter((r) => r.sameInstance)),
          otherInstance: summarise(oneStudent.filter((r) => !r.sameInstance)),
        }
      : {}),
  };

  // Broadcasts: every student at once; when has every stream heard it?
  result.broadcasts = [];
  for (let b = 0; b < broadcasts; b++) {
    const armed = clients.map((client) => client.ask('arm', {}, 'armed'));
    const all = clients.map((client, i) => client.expect('all', armed[i].id));
    await Promise.all(armed.map((a) => a.answered));
    // Whose CPU the broadcast took, from the send to the last stream: on a machine of two
    // cores the clients' reading competes with the server's writing.
    const cpuOf = (list) => list.reduce((n, pid) => n + cpuMicros(pid), 0);
    const serverPids = servers.map((s) => s.pid);
    const clientPids = clients.map((c) => c.child.pid);
    const cpuAtSend = [cpuOf(serverPids), cpuOf(clientPids)];
    const { started, answered } = await send(
      servers[0],
      tokens.admin.token,
      'all',
      `${MARK} all ${b}`,
    );
    // Streams that have not heard it within 30 s are counted as missed.
    const timer = setTimeout(() => {
      for (const [i, client] of clients.entries())
        client.ask('collect', { broadcast: armed[i].id });
    }, 30_000);
    const times = (await Promise.all(all)).flatMap((m) => m.times);
    clearTimeout(timer);
    const cpuAtLast = [cpuOf(serverPids), cpuOf(clientPids)];
    const heard = times.filter((t) => t !== null);
    const fromAnswer = heard.map((t) => Math.max(0, t - answered));
    const entry = {
      streams: heard.length,
      missed: openCount - heard.length,
      sendMs: round(answered - started),
      beforeAnswer: heard.filter((t) => t < answered).length,
      allMs: round(percentile(fromAnswer, 100)),
      p50Ms: round(median(fromAnswer)),
      p99Ms: round(percentile(fromAnswer, 99)),
      allFromStartMs: round(Math.max(...heard) - started),
      // To the nearest 10 ms (the kernel counts CPU time in ticks).
      serverCpuMs: round((cpuAtLast[0] - cpuAtSend[0]) / 1000, 0),
      clientCpuMs: round((cpuAtLast[1] - cpuAtSend[1]) / 1000, 0),
    };
    result.broadcasts.push(entry);
    console.log(
      `broadcast ${b + 1}/${broadcasts}: ${entry.streams} streams heard it (${entry.missed} missed); the send took ${entry.sendMs} ms; from its answer: p50 ${entry.p50Ms} ms, p99 ${entry.p99Ms} ms, the last ${entry.allMs} ms (${entry.allFromStartMs} ms from the send's start; CPU meanwhile: servers ${entry.serverCpuMs} ms, clients ${entry.clientCpuMs} ms)`,
    );
    await sleep(2_000);
    for (const server of servers) await quiet(server.pid);
  }

  const finalStats = await statsOf();
  result.closedDuringRun = finalStats.reduce((n, s) => n + s.closed, 0);
} finally {
  for (const client of clients) client.child.kill('SIGTERM');
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.exited));
  await cleanUp([tokens.admin, ...tokens.students]);
}
result.loadAverageAfter = os.loadavg().map((l) => round(l, 2));
result.targets = TARGETS;
const file = path.join(resultsDir, `live-${database}.json`);
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

// --- The table ---

const worst = (key) => Math.max(...result.broadcasts.map((b) => b[key]));
const medianOf = (key) => median(result.broadcasts.map((b) => b[key]));
const memoryRss = Math.max(...result.memory.map((m) => m.bytesPerStream.rss));
const memoryHeap = Math.max(
  ...result.memory.map((m) => m.bytesPerStream.heapUsed + m.bytesPerStream.external),
);
const mark = (ok) => (ok ? 'met' : 'MISSED');
const ms = (value) => `${value === null ? '-' : value} ms`.padStart(9);
const rows = [
  ['one student, from the answer', result.oneStudent.all, TARGETS.oneStudentP99Ms],
  ...(instanceCount > 1
    ? [
        ['  on the sending instance', result.oneStudent.sameInstance],
        ['  on the other instance', result.oneStudent.otherInstance],
      ]
    : []),
];
console.log(
  `\n${openCount} streams of distinct students, ${database}, ${instanceCount} instance(s); load average ${result.loadAverageBefore.join(' ')} before, ${result.loadAverageAfter.join(' ')} after`,
);
console.log(
  `${'figure'.padEnd(38)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)}   target`,
);
for (const [label, s, target] of rows) {
  if (s.sends === 0) continue;
  // A send whose event never came is a miss, whatever the percentiles say.
  const met = target
    ? `p99 < ${target} ms: ${mark(s.fromAnswer.p99 < target && s.missed === 0)}`
    : '';
  console.log(
    `${label.padEnd(38)} ${ms(s.fromAnswer.p50)} ${ms(s.fromAnswer.p99)} ${ms(s.fromAnswer.max)}   ${met}  (${s.sends} sends, ${s.missed} missed, ${s.beforeAnswer} heard before the answer; from the send's start p50 ${s.fromStart.p50}, p99 ${s.fromStart.p99} ms)`,
  );
}
if (result.broadcasts.length > 0) {
  const missed = result.broadcasts.reduce((n, b) => n + b.missed, 0);
  console.log(
    `${`broadcast to ${openCount}, medians of ${broadcasts}`.padEnd(38)} ${ms(medianOf('p50Ms'))} ${ms(medianOf('p99Ms'))} ${ms(medianOf('allMs'))}   the last stream < ${TARGETS.broadcastAllMs} ms in every one: ${mark(worst('allMs') < TARGETS.broadcastAllMs && missed === 0)} (worst ${worst('allMs')} ms, ${worst('allFromStartMs')} ms from the send's start; ${missed} missed)`,
  );
}
console.log(
  `${'server memory per idle stream'.padEnd(38)} RSS ${(memoryRss / 1000).toFixed(1)} kB, heap + external ${(memoryHeap / 1000).toFixed(1)} kB   < ${TARGETS.bytesPerIdleStream / 1000} kB: ${mark(memoryRss < TARGETS.bytesPerIdleStream)}`,
);
// The target is for all the streams, wherever they are: the instances' CPU is added up.
console.log(
  `${`server CPU, ${openCount} idle streams`.padEnd(38)} ${result.idle.cpuPercentTotal}% of one core${instanceCount > 1 ? ` (${result.idle.cpuPercentOfOneCore.map((c) => `${c.instance} ${c.percent}%`).join(', ')})` : ''} over ${result.idle.seconds} s, ${result.idle.heartbeatsPerStream} heartbeats a stream   < ${TARGETS.idleCpuPercent}%: ${mark(result.idle.cpuPercentTotal < TARGETS.idleCpuPercent)}`,
);
console.log(
  `open-file limit: servers ${result.fileLimit.server}, clients ${result.fileLimit.client}; streams closed during the run: ${result.closedDuringRun}. Results: ${path.relative(root, file)}`,
);
