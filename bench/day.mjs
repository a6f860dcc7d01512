#!/usr/bin/env node
// npm run bench:day — a school day on the seeded academy (npm run seed:bench): students active
// at once doing what students do (the home with its live stream, reading and opening
// assignments, results and their files, practising cards, handing in a photo, recording a
// spoken answer) beside administrators doing theirs (the inbox, correcting with a marked PDF,
// sending an assignment to a class, the lists), against the real built server. The number of
// active students steps up (BENCH_STEPS, 1,000, 2,000, 5,000 and 10,000 by default); at each
// step, once its new students have arrived, every call is timed for BENCH_SECONDS and the
// table gives p50/p99 per call, errors, and the servers' CPU per active student. The knee is
// the largest step at which every call's p99 is under 250 ms.
//
// Each student and administrator is an actor in a client process (bench/day-client.mjs,
// BENCH_CLIENTS of them, never in the server's process): a loop of real calls of the contract
// (its route table gives each path, method and encoding), a think time after each thing it
// does (exponential, mean BENCH_THINK_MS, 10 s; administrators BENCH_ADMIN_THINK_MS, 3 s), and
// its live stream held open, whose events make it ask again what its screen shows. A thing done
// is one to six calls (a practice is five answers a third of a think apart), so a student asks
// about every 4 to 5 s: the step's line prints it. That is twice or more issue 28's "one
// request every ten seconds", which BENCH_THINK_MS=23000 gives. New students arrive at
// BENCH_ARRIVALS a second (100), each opening the app (its stream, then the home's six calls).
//
// SQLite in DATA_DIR (bench/data) on one instance by default, of PROCESSES processes (1; its
// CPU is theirs together); with DATABASE_URL (and
// DATABASE_SCHEMA, and the seed's DATA_DIR for its files) on PostgreSQL, BENCH_INSTANCES (2)
// instances, the actors spread across them. BENCH_ADMINS (10) administrators' sessions (tokens
// of the seeded administrator). The bench issues its tokens straight into the database and
// takes them back at the end, with the speaking question it opens (and its answers); the
// work handed in, the corrections and the assignments sent stay, as a day's would.
// Results go to bench/results/day-<database>.json.
//
// The hour (issue 29, point 11): BENCH_TEACHERS (100; 0 for none) seeded teachers each take the
// roll of a session of their class at the start of every step's measured window: they open
// their teaching day within BENCH_ROLL_SPREAD_SECONDS (5), then the roll, and after ticking a
// few names (BENCH_ROLL_THINK_MS, 5 s, exponential) save it, one request. The sessions are
// today's of seed:bench, whose rolls are not taken; the bench puts them back untaken (marks,
// schedules' statuses, the notices of a standing) before each step and at the end, so every
// step's rolls are first rolls.
//
// The term's marks (issue 30): BENCH_MARKERS (20; 0 for none) of the seeded teachers type their
// class's result sheet of the current term all through the run, each with the live stream
// open: the sheet, then a stack of BENCH_MARK_STACK (25) papers' marks, one cell saved at a
// time (saveResultScores of one cell) a think time apart (BENCH_MARK_THINK_MS, 4 s,
// exponential), then the sheet again; and again whenever their stream hears the `results`
// topic, as the app's screens do (BENCH_MARK_LIVE=0: no stream, so they do not). Each types into the first class in use they teach (not
// the Results or Academy Class that seed:bench filled); the bench takes the scores typed there
// back before it starts and at the end. Administrators send to the classes in use but those two.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BROADCAST_TEXT,
  broadcastHanded,
  outboxSummary,
  PUSH_PEM,
  startReceivers,
  subscribeAll,
  unsubscribeAll,
} from './broadcast.mjs';
import {
  cpuMicros,
  dayFiles,
  issueTokens,
  median,
  now,
  percentile,
  quiet,
  revokeTokens,
  root,
  round,
  sleep,
  startClient,
  startServer,
} from './kit.mjs';

const { loadConfig } = await import(path.join(root, 'server/dist/config.js'));
const { openDatabase } = await import(path.join(root, 'server/dist/db/index.js'));
const { dayInZone } = await import(path.join(root, 'server/dist/db/time.js'));
const { termOf } = await import(path.join(root, 'server/dist/domain/terms.js'));
const { defaultsOf, readSettings } = await import(
  path.join(root, 'server/dist/features/settings/settings-data.js')
);

const steps = (process.env.BENCH_STEPS ?? '1000,2000,5000,10000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 15);
const arrivals = Number(process.env.BENCH_ARRIVALS ?? 100);
const adminCount = Number(process.env.BENCH_ADMINS ?? 10);
const clientCount = Number(process.env.BENCH_CLIENTS ?? 2);
// The client processes' niceness (0): above 0, the server's processes come first for the CPU,
// as they would with the clients on machines of their own. What it measures is no kinder to
// the server: a client that waits for the CPU times its answers late, never early.
const clientNice = Number(process.env.BENCH_CLIENT_NICE ?? 0);
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 10_000);
const adminThinkMs = Number(process.env.BENCH_ADMIN_THINK_MS ?? 3_000);
const photoKb = Number(process.env.BENCH_PHOTO_KB ?? 1_200);
const teacherCount = Number(process.env.BENCH_TEACHERS ?? 100);
const rollSpreadSeconds = Number(process.env.BENCH_ROLL_SPREAD_SECONDS ?? 5);
const rollThinkMs = Number(process.env.BENCH_ROLL_THINK_MS ?? 5_000);
const markerCount = Number(process.env.BENCH_MARKERS ?? 20);
const markThinkMs = Number(process.env.BENCH_MARK_THINK_MS ?? 4_000);
const markStack = Number(process.env.BENCH_MARK_STACK ?? 25);
// 0: the markers hold no live stream, so no other teacher's save makes them read their sheet again.
const markLive = process.env.BENCH_MARK_LIVE !== '0';
// Node's flags for the servers, e.g. '--cpu-prof --cpu-prof-dir=/tmp/day' for their profiles.
const serverNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
// Issue 31: a message to every student by push and e-mail at the first step (bench/broadcast.mjs).
const broadcasting = process.env.BENCH_BROADCAST === '1';
const onPostgres = Boolean(process.env.DATABASE_URL);
const instanceCount = Number(process.env.BENCH_INSTANCES ?? (onPostgres ? 2 : 1));
const dataDir = process.env.DATA_DIR ?? 'bench/data';
const database = onPostgres ? 'postgres' : 'sqlite';
const resultsDir = path.join(root, 'bench/results');
const P99_LINE_MS = 250;

if (!onPostgres && !fs.existsSync(path.join(root, dataDir, 'academy.db'))) {
  console.error('Seed first: npm run seed:bench');
  process.exit(2);
}
if (!onPostgres && instanceCount > 1) {
  console.error('Several instances need PostgreSQL (DATABASE_URL): SQLite is one process.');
  process.exit(2);
}
fs.mkdirSync(resultsDir, { recursive: true });
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...process.env });

// What the actors send (kit.mjs): a phone photo as the upload screen sends it (a JPEG of
// BENCH_PHOTO_KB, a real one's size after shrinking, bench:photo), a browser's spoken answer
// (a real recording of Chromium's), and a marked PDF.
const files = dayFiles(photoKb);
const startDayClient = (index) =>
  startClient(path.join(root, 'bench/day-client.mjs'), index, { nice: clientNice });

async function adminCall(server, token, pathname, body) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

const loadNow = () => os.loadavg().map((l) => round(l, 2));
console.log(
  `bench:day: steps ${steps.join(', ')} students, ${seconds} s measured each, ${adminCount} administrators, ${database}, ${instanceCount} instance(s) of ${config.PROCESSES} process(es), ${clientCount} client processes${clientNice ? ` at niceness ${clientNice}` : ''}; load average ${loadNow().join(' ')} on ${os.cpus().length} CPUs`,
);

const tokens = await issueTokens(config, {
  students: Math.max(...steps),
  admins: adminCount,
  teachers: Math.max(teacherCount, markerCount),
});
// The classes seed:bench gave results to (issue 30): their sheets stay as seeded, and a class
// of 2,000 is not one an administrator sends the day's assignment to.
const RESULT_CLASSES = ['Results Class', 'Academy Class'];
const { db } = await openDatabase(config);
const classIds = (
  await db
    .selectFrom('classes')
    .select('id')
    .where('is_archived', '=', 0)
    .where('name', 'not in', RESULT_CLASSES)
    .execute()
).map((c) => c.id);
const rolls = await rollsToTake(db, tokens.teachers.slice(0, teacherCount));
const marking = await markersOf(db, tokens.teachers.slice(0, markerCount));
// Every active student, with a device with push on, when the day has the broadcast.
const everyone = broadcasting
  ? (
      await db
        .selectFrom('users')
        .select('id')
        .where('role_id', '=', 2)
        .where('is_active', '=', 1)
        .execute()
    ).map((u) => u.id)
  : [];
const receivers = broadcasting ? await startReceivers() : null;
if (receivers) await subscribeAll(db, everyone, receivers.pushOrigin);
await db.destroy();
await untypeMarks();

/**
 * The teachers typing marks, each with the first class in use they teach (not one of the
 * seeded sheets), and the current term they type into.
 */
async function markersOf(db, teachers) {
  if (teachers.length === 0) return { termId: null, markers: [] };
  const today = dayInZone(Date.now(), (await readSettings(db, defaultsOf(config))).timeZone);
  const term = await termOf(db, today);
  if (!term) throw new Error('The academy has no current term: seed again (npm run seed:bench).');
  const taught = await db
    .selectFrom('class_teachers as ct')
    .innerJoin('classes as c', 'c.id', 'ct.class_id')
    .select(['ct.teacher_id', 'c.id'])
    .where('c.is_archived', '=', 0)
    .where('c.name', 'not in', RESULT_CLASSES)
    .where(
      'ct.teacher_id',
      'in',
      teachers.map((t) => t.userId),
    )
    .orderBy('c.id')
    .execute();
  const markers = teachers.map((teacher) => ({
    ...teacher,
    classId: taught.find((t) => t.teacher_id === teacher.userId)?.id,
  }));
  if (markers.some((m) => m.classId === undefined))
    throw new Error('A marking teacher teaches no class in use: seed again (npm run seed:bench).');
  return { termId: term.id, markers };
}

/** Takes back the scores typed into the markers' classes this term (they had none seeded). */
async function untypeMarks() {
  const classes = [...new Set(marking.markers.map((m) => m.classId))];
  if (classes.length === 0) return;
  const { db } = await openDatabase(config);
  try {
    await db
      .deleteFrom('result_scores')
      .where('term_id', '=', marking.termId)
      .where('class_id', 'in', classes)
      .execute();
  } finally {
    await db.destroy();
  }
}

/**
 * Each teacher's roll for the hour: a session of a class they teach, taken place (today or
 * before) and not cancelled, whose roll no one has taken (seed:bench leaves three of each
 * class's today), a different one for each teacher.
 */
async function rollsToTake(db, teachers) {
  if (teachers.length === 0) return [];
  const today = dayInZone(Date.now(), (await readSettings(db, defaultsOf(config))).timeZone);
  const open = await db
    .selectFrom('class_sessions as s')
    .innerJoin('class_teachers as ct', 'ct.class_id', 's.class_id')
    .select(['s.id', 'ct.teacher_id'])
    .where('s.roll_taken_at', 'is', null)
    .where('s.cancelled_at', 'is', null)
    .where('s.session_date', '<=', today)
    .where(
      'ct.teacher_id',
      'in',
      teachers.map((t) => t.userId),
    )
    .orderBy('s.session_date', 'desc')
    .orderBy('s.id')
    .execute();
  const given = new Set();
  const chosen = teachers.map((teacher) => {
    const session = open.find((o) => o.teacher_id === teacher.userId && !given.has(o.id));
    if (session) given.add(session.id);
    return { ...teacher, sessionId: session?.id };
  });
  const without = chosen.filter((t) => t.sessionId === undefined).length;
  if (without > 0)
    throw new Error(
      `${without} of the ${teachers.length} teachers have no roll left to take: seed again (npm run seed:bench).`,
    );
  return chosen;
}

/**
 * Puts the hour's rolls back as the seed left them: no marks, each schedule's row to come, the
 * roll not taken, and no notice of a standing they raised.
 */
async function untakeRolls() {
  const ids = rolls.map((r) => r.sessionId);
  if (ids.length === 0) return;
  const { db } = await openDatabase(config);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('roll_marks').where('class_session_id', 'in', ids).execute();
      await trx
        .deleteFrom('notifications')
        .where('topic', '=', 'attendance')
        .where('ref_id', 'in', ids)
        .execute();
      await trx
        .updateTable('schedule_sessions')
        .set({ status: 'Next Session' })
        .where('class_session_id', 'in', ids)
        .execute();
      await trx
        .updateTable('class_sessions')
        .set({ roll_taken_at: null, roll_taken_by: null, roll_changed_at: null })
        .where('id', 'in', ids)
        .execute();
    });
  } finally {
    await db.destroy();
  }
}

const servers = [];
const clients = [];
let questionId;
const result = {
  date: new Date().toISOString(),
  database,
  instances: instanceCount,
  processes: config.PROCESSES,
  admins: adminCount,
  markers: marking.markers.length,
  markThinkMs,
  clients: clientCount,
  clientNice,
  thinkMs,
  adminThinkMs,
  secondsMeasured: seconds,
  cpus: os.cpus().length,
  loadAverageBefore: loadNow(),
  steps: [],
};
try {
  for (let i = 0; i < instanceCount; i++)
    servers.push(
      await startServer(String.fromCharCode(65 + i), {
        dataDir,
        nodeArgs: serverNodeArgs,
        // The loopback push service's certificate, trusted as a real push service's is.
        env: receivers
          ? {
              NODE_EXTRA_CA_CERTS: PUSH_PEM,
              OUTBOX_EVERY_SECONDS: '1',
              PUSH_LOCAL_ENDPOINTS: 'true',
              LOOPBACK_GATEWAYS: 'true',
            }
          : {},
      }),
    );
  for (const server of servers) await quiet(server.pid);
  for (let i = 0; i < clientCount; i++) clients.push(startDayClient(i));

  // The day's speaking question, open from an hour ago until tomorrow.
  const opened = await adminCall(
    servers[0],
    tokens.admins[0].token,
    '/api/save_speaking_question.php',
    {
      question_text: 'bench:day: tell us about your weekend.',
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 86_400_000).toISOString(),
    },
  );
  questionId = opened.id;
  if (!questionId) throw new Error(`the speaking question was refused: ${JSON.stringify(opened)}`);
  if (receivers) {
    const set = await adminCall(
      servers[0],
      tokens.admins[0].token,
      '/api/save_email_settings.php',
      {
        host: '127.0.0.1',
        port: receivers.smtpPort,
        security: 'none',
        sender_name: 'Bench Academy',
        sender_address: 'office@bench.example.com',
      },
    );
    if (!set.success) throw new Error(`e-mail was not set up: ${JSON.stringify(set)}`);
  }

  const placed = (list) =>
    list.map((actor, i) => ({
      ...actor,
      url: servers[i % instanceCount].url,
      client: i % clientCount,
    }));
  const students = placed(tokens.students);
  const admins = placed(tokens.admins);
  const teachers = placed(rolls);
  const markers = placed(marking.markers);
  const setup = {
    thinkMs,
    adminThinkMs,
    rollThinkMs,
    markThinkMs,
    markStack,
    markLive,
    termId: marking.termId,
    classIds,
    ...files,
  };
  const strip = ({ client, ...actor }) => actor;

  let active = 0;
  for (const [stepIndex, step] of steps.entries()) {
    // Each step's hour takes first rolls: the last step's are put back, before its students come.
    await untakeRolls();
    const arriving = students.slice(active, step);
    await Promise.all(
      clients.map((client) =>
        client.ask('add', 'added', {
          setup,
          perSecond: arrivals / clientCount,
          students: arriving.filter((s) => s.client === client.index).map(strip),
          admins: stepIndex === 0 ? admins.filter((a) => a.client === client.index).map(strip) : [],
          markers:
            stepIndex === 0 ? markers.filter((m) => m.client === client.index).map(strip) : [],
        }),
      ),
    );
    active = step;
    const arrivalSeconds = arriving.length / arrivals;
    console.log(
      `step ${stepIndex + 1}: ${arriving.length} students arriving over ${arrivalSeconds.toFixed(0)} s, then ${settleSeconds} s to settle`,
    );
    await sleep((arrivalSeconds + settleSeconds) * 1000);

    await Promise.all(clients.map((client) => client.ask('mark', 'marked')));
    const loadBefore = loadNow();
    const cpuBefore = servers.map((s) => cpuMicros(s.pid));
    const clientCpuBefore = clients.map((c) => cpuMicros(c.child.pid));
    const started = now();
    // The first step's window opens with a message to every student (BENCH_BROADCAST), and
    // lasts until the last push and e-mail are handed over, or 5 minutes.
    const broadcast = receivers && stepIndex === 0 ? sendBroadcast(started) : null;
    // The start of the hour: every teacher takes a roll, within the window (which waits for
    // the last save if it comes after its end).
    await Promise.all([
      sleep(seconds * 1000),
      broadcast,
      ...clients.map((client) =>
        client.ask('hour', 'hourDone', {
          spreadMs: rollSpreadSeconds * 1000,
          teachers: teachers.filter((t) => t.client === client.index).map(strip),
        }),
      ),
    ]);
    const collected = await Promise.all(
      clients.map((client) => client.ask('collect', 'collected')),
    );
    const elapsedMicros = (now() - started) * 1000;
    const serverCpu = servers.map((s, i) => cpuMicros(s.pid) - cpuBefore[i]);
    const clientCpu = clients.map((c, i) => cpuMicros(c.child.pid) - clientCpuBefore[i]);

    const names = new Set(
      collected.flatMap((c) => [...Object.keys(c.samples), ...Object.keys(c.errors)]),
    );
    const calls = [...names].sort().map((name) => {
      const times = collected.flatMap((c) => c.samples[name] ?? []);
      const failures = {};
      for (const c of collected)
        for (const [reason, n] of Object.entries(c.errors[name] ?? {}))
          failures[reason] = (failures[reason] ?? 0) + n;
      const errorCount = Object.values(failures).reduce((a, b) => a + b, 0);
      return {
        name,
        count: times.length,
        errors: errorCount,
        failures,
        p50: round(median(times)),
        p95: round(percentile(times, 95)),
        p99: round(percentile(times, 99)),
        max: round(percentile(times, 100)),
      };
    });
    const requests = calls.reduce((n, c) => n + c.count + c.errors, 0);
    // Per 5 s of the window: the slowest answer of the requests begun then, and how many.
    const timeline = Array.from(
      { length: Math.max(...collected.map((c) => c.timeline.length)) },
      (_, i) =>
        collected.reduce(
          (at, c) => ({
            worst: round(Math.max(at.worst, c.timeline[i]?.worst ?? 0)),
            count: at.count + (c.timeline[i]?.count ?? 0),
          }),
          { worst: 0, count: 0 },
        ),
    );
    const cpuTotal = serverCpu.reduce((a, b) => a + b, 0);
    const entry = {
      students: step,
      loadAverage: { before: loadBefore, after: loadNow() },
      seconds: round(elapsedMicros / 1e6),
      requestsPerSecond: round(requests / (elapsedMicros / 1e6)),
      // How often an active student asks, on average (the staff's few calls counted in).
      secondsBetweenRequests: round(step / (requests / (elapsedMicros / 1e6))),
      streams: collected.reduce(
        (n, c) => ({
          open: n.open + c.streams.open,
          closed: n.closed + c.streams.closed,
          refused: n.refused + c.streams.refused,
        }),
        { open: 0, closed: 0, refused: 0 },
      ),
      serverCpu: {
        // Cores busy, all instances together, and per instance.
        cores: round(cpuTotal / elapsedMicros, 3),
        perInstance: servers.map((s, i) => ({
          instance: s.name,
          cores: round(serverCpu[i] / elapsedMicros, 3),
        })),
        // Server CPU per active student: µs of CPU each second per student.
        microsPerStudentSecond: round(cpuTotal / (elapsedMicros / 1e6) / step, 1),
        microsPerRequest: round(cpuTotal / Math.max(1, requests), 0),
      },
      clientCores: round(clientCpu.reduce((a, b) => a + b, 0) / elapsedMicros, 3),
      errors: calls.reduce((n, c) => n + c.errors, 0),
      worstP99: Math.max(...calls.map((c) => c.p99 ?? 0)),
      // The hour's roll saves (one request and one transaction each).
      rolls: (({ count = 0, errors = 0, p50 = null, p95 = null, max = null } = {}) => ({
        count,
        errors,
        p50,
        p95,
        max,
      }))(calls.find((c) => c.name === 'saveRoll')),
      // The marks typed: one cell a save.
      marks: (({ count = 0, errors = 0, p50 = null, p95 = null, max = null } = {}) => ({
        count,
        errors,
        p50,
        p95,
        max,
      }))(calls.find((c) => c.name === 'saveResultScores')),
      calls,
    };
    entry.timeline = timeline;
    if (broadcast) entry.broadcast = await broadcast;
    entry.underLine = calls.every((c) => c.p99 === null || c.p99 < P99_LINE_MS);
    result.steps.push(entry);
    printStep(entry);
  }
} finally {
  await Promise.all(
    clients.map((client) => Promise.race([client.ask('stop', 'stopped'), sleep(5_000)])),
  );
  if (questionId)
    await adminCall(servers[0], tokens.admins[0].token, '/api/delete_speaking_question.php', {
      id: questionId,
    }).catch(() => {});
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.exited));
  await revokeTokens(config, [...tokens.admins, ...tokens.students, ...tokens.teachers]);
  if (receivers) {
    const cleaning = await openDatabase(config);
    result.outbox = await outboxSummary(cleaning.db);
    console.log('the outbox at the end:', JSON.stringify(result.outbox));
    result.received = { ...receivers.counts };
    console.log(
      `the receivers took ${receivers.counts.push} pushes and ${receivers.counts.email} e-mails in all (the broadcast's and the day's)`,
    );
    await unsubscribeAll(cleaning.db);
    await cleaning.db.destroy();
    await receivers.close();
  }
  await untakeRolls();
  await untypeMarks();
}
result.loadAverageAfter = loadNow();
const knee = [...result.steps].reverse().find((s) => s.underLine);
result.knee = knee ? knee.students : null;
const file = path.join(resultsDir, `day-${database}.json`);
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

console.log(
  `\n${database}, ${instanceCount} instance(s), ${adminCount} administrators, ${rolls.length} teachers taking a roll each step, ${marking.markers.length} typing marks; load average ${result.loadAverageBefore.join(' ')} before, ${result.loadAverageAfter.join(' ')} after`,
);
console.log(
  `${'students'.padStart(8)} ${'req/s'.padStart(7)} ${'errors'.padStart(6)} ${'worst p99'.padStart(10)} ${'server CPU'.padStart(11)} ${'µs/student·s'.padStart(13)} ${'µs/request'.padStart(11)} ${'rolls p50/p95 (errors)'.padStart(24)} ${'marks n, p50/p95 (errors)'.padStart(28)}  load`,
);
for (const s of result.steps)
  console.log(
    `${String(s.students).padStart(8)} ${String(s.requestsPerSecond).padStart(7)} ${String(s.errors).padStart(6)} ${`${s.worstP99} ms`.padStart(10)} ${`${s.serverCpu.cores} cores`.padStart(11)} ${String(s.serverCpu.microsPerStudentSecond).padStart(13)} ${String(s.serverCpu.microsPerRequest).padStart(11)} ${(s.rolls.count + s.rolls.errors ? `${s.rolls.p50}/${s.rolls.p95} ms (${s.rolls.errors})` : '-').padStart(24)} ${(s.marks.count + s.marks.errors ? `${s.marks.count}, ${s.marks.p50}/${s.marks.p95} ms (${s.marks.errors})` : '-').padStart(28)}  ${s.loadAverage.before[0]}${s.underLine ? '' : `  (p99 over ${P99_LINE_MS} ms)`}`,
  );
console.log(
  `The knee: ${result.knee === null ? `no step had every call's p99 under ${P99_LINE_MS} ms` : `${result.knee} active students with every call's p99 under ${P99_LINE_MS} ms`}${instanceCount > 1 ? ` on ${instanceCount} instances` : ' on one instance'}. Results: ${path.relative(root, file)}`,
);

/**
 * Sends the notification to all students at `started` and resolves, once the outbox has
 * recorded every push and every e-mail of it as handed over (or after 5 minutes), with how
 * many and how long after the send the last was. Read from the outbox's rows of its text, not
 * from the receivers' counts, which also count the day's own letters (assignments, marks).
 */
async function sendBroadcast(started) {
  const sent = await adminCall(servers[0], tokens.admins[0].token, '/api/add_notification.php', {
    user_id: 'all',
    message: BROADCAST_TEXT,
  });
  if (!sent.success) throw new Error(`the broadcast was refused: ${JSON.stringify(sent)}`);
  const answeredAt = now();
  const { db } = await openDatabase(config);
  const deadline = started + 300_000;
  let handed = { push: { rows: 0, last: null }, email: { rows: 0, last: null } };
  try {
    for (;;) {
      handed = await broadcastHanded(db, BROADCAST_TEXT);
      const done = handed.push.rows >= everyone.length && handed.email.rows >= everyone.length;
      if (done || now() >= deadline) break;
      await sleep(1_000);
    }
  } finally {
    await db.destroy();
  }
  const after = (at) => (at ? round((at - started) / 1000) : null);
  return {
    students: everyone.length,
    answeredSeconds: after(answeredAt),
    pushes: handed.push.rows,
    emails: handed.email.rows,
    lastPushSeconds: after(handed.push.last),
    lastEmailSeconds: after(handed.email.last),
  };
}

function printStep(s) {
  console.log(
    `\n${s.students} active students: ${s.requestsPerSecond} requests/s (one every ${s.secondsBetweenRequests} s a student), ${s.errors} errors; streams open ${s.streams.open}, closed ${s.streams.closed}, refused ${s.streams.refused}; server CPU ${s.serverCpu.cores} cores (${s.serverCpu.microsPerStudentSecond} µs a second per student, ${s.serverCpu.microsPerRequest} µs a request), clients ${s.clientCores} cores; load average ${s.loadAverage.before[0]} -> ${s.loadAverage.after[0]}`,
  );
  if (s.broadcast)
    console.log(
      `  broadcast to ${s.broadcast.students} students (answered in ${s.broadcast.answeredSeconds} s): ${s.broadcast.pushes} pushes, the last ${s.broadcast.lastPushSeconds} s after the send; ${s.broadcast.emails} e-mails, the last ${s.broadcast.lastEmailSeconds} s after`,
    );
  console.log(
    `  the slowest answer by 5 s of the window (ms): ${s.timeline.map((at) => Math.round(at.worst)).join(' ')}`,
  );
  console.log(
    `  ${'call'.padEnd(28)} ${'count'.padStart(7)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)} ${'errors'.padStart(6)}`,
  );
  for (const c of s.calls) {
    console.log(
      `  ${c.name.padEnd(28)} ${String(c.count).padStart(7)} ${`${c.p50 ?? '-'} ms`.padStart(9)} ${`${c.p95 ?? '-'} ms`.padStart(9)} ${`${c.p99 ?? '-'} ms`.padStart(9)} ${`${c.max ?? '-'} ms`.padStart(9)} ${String(c.errors).padStart(6)}${c.p99 !== null && c.p99 >= P99_LINE_MS ? '  over the line' : ''}`,
    );
    for (const [reason, n] of Object.entries(c.failures)) console.log(`      ${n} × ${reason}`);
  }
}
