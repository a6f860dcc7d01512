#!/usr/bin/env node
// npm run bench:tuition — issue 52's figures on the seeded academy (npm run seed:bench), against
// the real built server: the debtors list and its totals p95 under 100 ms with three
// instalments per student; 20 desks recording payments at once, each payment's p99 under
// 100 ms with no receipt number missing or repeated; 1,000 reminders through the outbox.
//
// 1. Setup, through the app's own calls as an administrator: the currency (IRR, Rial, 0
//    decimals) when none is set; a fee plan of three parts for every seeded class ("Class NN",
//    the archived ones too, so every seeded student is charged) in the seeded current term,
//    "Bench Term" (terms may not overlap, and it holds today: a term of the bench's own could
//    not); and every class charged. Charging makes a part due no earlier than the day it is
//    charged (the joining day), so the charges are made by the app built in this process
//    (buildApp + inject, as bench:lists runs it) on a clock BENCH_JOINED_DAYS_AGO (35) days
//    back: the first part is due on joining (35 days ago), the second 4 weeks after (7 days
//    ago), the third 8 weeks after (in 3 weeks), written as the plan editor writes them (on
//    joining, then weeks after the term's start). Then, on the real server, nine students in
//    ten pay part of it (a deterministic share drawn from the student's id, so that every
//    class holds every kind: nothing, the first part, two parts, all, and amounts between),
//    so balances and days overdue vary. A database charged by an earlier run
//    is found charged (the calls skip everyone) and not paid again.
// 2. The debtors: listDebtors' first page unfiltered, by a class, by min_days_overdue, by the
//    term, and page 10, BENCH_RUNS (40) times each after 3 warm-ups (each answer carries the
//    totals over every filtered row); p50/p95/p99, with the server's CPU per call and the
//    share of the time its event loop waited for a core; exportDebtors and exportDebtorsXlsx
//    once.
// 3. Reminders (before the desks, whose random payments would pay some of them down): the
//    payers BENCH_REMIND_DAYS (30) or more days overdue (about a tenth: those who paid
//    nothing, ~1,000 on the full seed) are given a guardian with a phone each
//    (saveGuardian), payments are added to the guardians' kinds and an SMS gateway on loopback
//    is set up (a server in this process answering 200; the server runs with
//    LOOPBACK_GATEWAYS=true); estimateDebtorReminder, then remindDebtors with that filter, timed,
//    and the time until the outbox's SMS rows for it are all sent (read from the outbox table,
//    as the tests read it). Afterwards the guardians (their outbox rows go with them), the
//    kinds and the gateway are put back and the reminders' notifications deleted.
//    BENCH_DAY=1: beside the school day, bench:day's own load (its client processes,
//    bench/day-client.mjs, driven as bench:quiz-day drives them): BENCH_DAY_STUDENTS (1,000) of
//    the first seeded students and BENCH_ADMINS (10) administrators arriving at 100 a second,
//    BENCH_SETTLE_SECONDS (15) to settle, then the reminders; the day's calls are measured over
//    the reminders' window (from the call to the outbox's last SMS) and stopped before the
//    desks. Its speaking question is deleted at the end; the day's work handed in stays.
// 4. 20 desks (BENCH_DESKS) at once, each an administrator recording payments back to back
//    (random students of the charged, amounts, methods; a cheque with its number and date) for
//    BENCH_SECONDS (30) after BENCH_WARMUP_SECONDS (3); per-call p50/p95/p99 and errors; then
//    every receipt number the run was given (the setup's and the desks') is checked with the
//    contract's receiptGaps (none repeated) and for gaps between the run's first and last (no
//    other writer takes numbers meanwhile), and the year through the app's receiptCheck.
//    On PostgreSQL the desks run a second time (BENCH_CHECKPOINT_DESKS=0 leaves it out) with a
//    CHECKPOINT called one second into the measured window: the pages a payment first touches
//    after a checkpoint starts are written to the WAL whole, which is what a school's desk
//    meets every few minutes (checkpoint_timeout). An immediate checkpoint, as CHECKPOINT is,
//    writes its dirty pages at full speed: harsher than the timed one, which spreads them.
//
// Settling (PostgreSQL, after the setup; BENCH_SETTLE=0 leaves it out): the setup writes tens
// of thousands of money rows in a minute. A PostgreSQL left to itself would then analyse them
// (autovacuum; it is off on these machines) and checkpoint the gigabyte of WAL the seed and the
// setup wrote, back to back for minutes, and desks measured inside those checkpoints measure the
// bulk load rather than a school's day (bench/README, "Each payer's standing kept"). So the
// bench does what autovacuum and the checkpointer would: ANALYZE of every table of the schema
// with rows changed since its last analysis, then CHECKPOINT, both timed.
//
// Money rows can never be deleted (triggers refuse): the bench leaves its plans, charges and
// payments. For figures, seed first (npm run seed:bench); a re-run on the same seed works, on
// a ledger holding the earlier runs' payments too. SQLite in DATA_DIR (bench/data); with
// DATABASE_URL (and DATABASE_SCHEMA, and the seed's DATA_DIR) on PostgreSQL. BENCH_NODE_ARGS:
// Node's flags for the server ('--cpu-prof --cpu-prof-dir=/tmp/tuition'). Results:
// bench/results/tuition-<database>.json. Exits 1 when a target is missed. BENCH_PARTS
// (debtors,reminders,desks) runs some of the parts only, after the setup (a profile of one).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  callFigures,
  callRoute,
  cpuMicros,
  cpuPressureMicros,
  dayFiles,
  issueTokens,
  now,
  percentile,
  quiet,
  revokeTokens,
  root,
  round,
  runQueueMicros,
  sleep,
  startClient,
  startServer,
} from './kit.mjs';

const LIST_P95_MS = 100;
const DESK_P99_MS = 100;
/** When the desks' second window calls its CHECKPOINT (PostgreSQL), after the window opens. */
const CHECKPOINT_AT_SECONDS = 1;
const DAY_MS = 86_400_000;
const CLASS_NAME = /^Class \d+$/;
const PART = 10_000_000; // rials: a part of 30,000,000 IRR a term
const GUARDIAN_NAME = 'bench:tuition guardian';

const runs = Number(process.env.BENCH_RUNS ?? 40);
const desks = Number(process.env.BENCH_DESKS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const joinedDaysAgo = Number(process.env.BENCH_JOINED_DAYS_AGO ?? 35);
const remindDays = Number(process.env.BENCH_REMIND_DAYS ?? 30);
const outboxTimeoutSeconds = Number(process.env.BENCH_OUTBOX_SECONDS ?? 300);
const parts = new Set((process.env.BENCH_PARTS ?? 'debtors,reminders,desks').split(','));
const dayOn = process.env.BENCH_DAY === '1';
const dayStudents = Number(process.env.BENCH_DAY_STUDENTS ?? 1000);
const dayAdmins = Number(process.env.BENCH_ADMINS ?? 10);
const dayClientCount = Number(process.env.BENCH_CLIENTS ?? 2);
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 15);
const serverNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const onPostgres = Boolean(process.env.DATABASE_URL);
const settleOn = onPostgres && process.env.BENCH_SETTLE !== '0';
const checkpointDesksOn = onPostgres && process.env.BENCH_CHECKPOINT_DESKS !== '0';
const dataDir = process.env.DATA_DIR ?? 'bench/data';
const database = onPostgres ? 'postgres' : 'sqlite';
const resultsDir = path.join(root, 'bench/results');
const loadNow = () => os.loadavg().map((l) => round(l, 2));

const { loadConfig } = await import(path.join(root, 'server/dist/config.js'));
const { openDatabase } = await import(path.join(root, 'server/dist/db/index.js'));
const { receiptGaps, readReceiptNumber } = await import('@academy/contract/tuition/ledger');

if (!onPostgres && !fs.existsSync(path.resolve(root, dataDir, 'academy.db'))) {
  console.error('Seed first: npm run seed:bench');
  process.exit(2);
}
fs.mkdirSync(resultsDir, { recursive: true });
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...process.env });

/** Reads the database directly (the seeded classes and term, the outbox), as the kit does. */
async function withDb(work) {
  const { db } = await openDatabase(config);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const seeded = await withDb(async (db) => {
  const classes = (
    await db.selectFrom('classes').select(['id', 'name']).orderBy('name').execute()
  ).filter((c) => CLASS_NAME.test(c.name));
  const term = await db
    .selectFrom('terms')
    .select(['id', 'name', 'first_day', 'last_day'])
    .where('name', '=', 'Bench Term')
    .executeTakeFirst();
  return { classes, term };
});
if (seeded.classes.length === 0 || !seeded.term) {
  console.error('No seeded classes or Bench Term: seed again (npm run seed:bench).');
  process.exit(2);
}

const result = {
  date: new Date().toISOString(),
  database,
  deskCount: desks, // `desks` is the desks' figures, below (absent when BENCH_PARTS leaves them out)
  seconds,
  runs,
  cpus: os.cpus().length,
  loadAverageBefore: loadNow(),
  targets: { listP95Ms: LIST_P95_MS, deskP99Ms: DESK_P99_MS },
};
console.log(
  `bench:tuition: ${seeded.classes.length} classes in ${seeded.term.name} (${seeded.term.first_day} to ${seeded.term.last_day}); ${database}; load average ${loadNow().join(' ')} on ${os.cpus().length} CPUs`,
);

const tokens = await issueTokens(config, { students: 0, admins: desks + 1 });
const admin = tokens.admins[0];
const receiptNumbers = [];
let server;
let failed = false;
const made = {
  guardians: [],
  kinds: null,
  gateway: false,
  remindedAt: null,
  reminded: [],
  questionId: null,
  dayTokens: null,
  dayClients: [],
};
let gateway;
try {
  // ------------------------------------------------------------------------------------------
  // 1. The plans and the charges, on a clock `joinedDaysAgo` days back.
  const setup = await chargeOnEarlierClock();
  result.setup = setup.figures;

  server = await startServer('A', {
    dataDir,
    nodeArgs: serverNodeArgs,
    env: { LOOPBACK_GATEWAYS: 'true' },
  });
  await quiet(server.pid);
  const url = server.url;
  const call = async (name, payload, token = admin.token) => {
    const answer = await callRoute(url, token, name, payload);
    if (answer.status !== 200 || answer.json?.success === false)
      throw new Error(`${name} was refused: ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer;
  };
  const today = (await call('listDebtors', {})).json.today;
  result.today = today;

  // Nine in ten pay part of it, once, on the first run on this seed.
  const students = setup.students;
  if (setup.newlyCharged > 0) {
    const started = now();
    const payments = students
      .map((s) => ({ user_id: s.id, amount: setupPayment(s.id, s.charges) }))
      .filter((p) => p.amount > 0);
    await inParallel(payments, 8, async (p) => {
      const answer = await call('recordPayment', {
        ...p,
        day: today,
        method: 'cash',
        reference: 'bench:tuition setup',
      });
      receiptNumbers.push(answer.json.receipt_number);
    });
    result.setup.payments = payments.length;
    result.setup.paymentsSeconds = round((now() - started) / 1000);
    console.log(
      `setup: ${payments.length} payments of part of it (nine students in ten) in ${result.setup.paymentsSeconds} s`,
    );
  } else console.log('setup: charged by an earlier run; its payments are not made again');
  if (settleOn) result.settle = await settle();

  // ------------------------------------------------------------------------------------------
  // 2. The debtors list.
  const someClass = seeded.classes[Math.min(6, seeded.classes.length - 1)];
  const lists = [
    ['first page', {}],
    [`one class (${someClass.name})`, { class_id: someClass.id }],
    [`${remindDays}+ days overdue`, { min_days_overdue: remindDays }],
    ['7+ days overdue', { min_days_overdue: 7 }],
    ['the term', { term_id: seeded.term.id }],
    ['page 10', { page: 10 }],
  ];
  result.debtors = [];
  for (const [name, payload] of parts.has('debtors') ? lists : []) {
    for (let i = 0; i < 3; i++) await call('listDebtors', payload);
    const times = [];
    let last;
    // The server's own CPU and its event loop's wait for a core over the runs: on a shared
    // machine they tell a call's cost from the time it waited for the others.
    const cpuBefore = cpuMicros(server.pid);
    const waitBefore = runQueueMicros(server.pid);
    const started = now();
    for (let i = 0; i < runs; i++) {
      last = await call('listDebtors', payload);
      times.push(last.ms);
    }
    const elapsedMs = now() - started;
    const figures = {
      ...callFigures(name, times),
      serverCpuPerCallMs: round((cpuMicros(server.pid) - cpuBefore) / 1000 / runs),
      serverWaitShare: round((runQueueMicros(server.pid) - waitBefore) / 1000 / elapsedMs, 3),
      totals: last.json.totals,
      rows: last.json.rows.length,
      kb: round(last.text.length / 1000),
    };
    result.debtors.push(figures);
    console.log(
      `debtors, ${name}: p50 ${figures.p50} / p95 ${figures.p95} / p99 ${figures.p99} ms (server CPU ${figures.serverCpuPerCallMs} ms a call, its event loop waiting for a core ${Math.round(figures.serverWaitShare * 100)}% of the time); ${figures.totals.count} payers owing ${figures.totals.balance}, ${figures.totals.overdue} overdue`,
    );
  }
  if (parts.has('debtors')) {
    const csv = await call('exportDebtors', {});
    const xlsx = await callRoute(url, admin.token, 'exportDebtorsXlsx', {});
    result.exports = {
      csv: { ms: round(csv.ms), rows: csv.json.count, kb: round(csv.json.csv.length / 1000) },
      xlsx: { ms: round(xlsx.ms), status: xlsx.status, kb: round(xlsx.text.length / 1000) },
    };
    console.log(
      `exportDebtors: ${result.exports.csv.rows} rows in ${result.exports.csv.ms} ms; exportDebtorsXlsx ${result.exports.xlsx.ms} ms`,
    );
  }

  // ------------------------------------------------------------------------------------------
  // 3. Reminders through the outbox (before the desks, which would pay some of them down).
  if (parts.has('reminders')) {
    if (dayOn) await startDay(call, url);
    result.reminders = await remind(call, url);
    if (dayOn) result.day = await collectDay();
  }

  // ------------------------------------------------------------------------------------------
  // 4. 20 desks at once.
  const deskTokens = tokens.admins.slice(1, desks + 1);
  if (parts.has('desks')) result.desks = await runDesks(url, deskTokens, students, today);
  if (parts.has('desks') && checkpointDesksOn)
    result.desksThroughCheckpoint = await runDesks(url, deskTokens, students, today, {
      name: 'recordPayment through a CHECKPOINT',
      during: checkpointSoon,
    });
  const receiptYear = Number(today.slice(0, 4));
  const check = (await call('receiptCheck', { year: receiptYear })).json;
  result.receipts = {
    ...checkRunNumbers(receiptNumbers),
    receiptCheck: {
      year: check.year,
      count: check.count,
      highest: check.highest,
      missing_count: check.missing_count,
      repeated_count: check.repeated_count,
      unreadable: check.unreadable.length,
      voided_count: check.voided_count,
    },
  };
  console.log(
    `receipts: ${result.receipts.given} given in the run (${result.receipts.first} to ${result.receipts.last}): ${result.receipts.repeated.length} repeated, ${result.receipts.missing.length} missing between; receiptCheck of ${check.year}: ${check.count} receipts, ${check.missing_count} missing, ${check.repeated_count} repeated`,
  );
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await Promise.all(
    made.dayClients.map((client) => Promise.race([client.ask('stop', 'stopped'), sleep(5_000)])),
  );
  if (server) {
    await putBack(server.url).catch((error) => console.error('putting back:', error));
    server.child.kill('SIGTERM');
    await server.exited;
  }
  gateway?.server.close();
  const dayTokens = made.dayTokens ? [...made.dayTokens.admins, ...made.dayTokens.students] : [];
  await revokeTokens(config, [...tokens.admins, ...dayTokens], async (db) => {
    // The reminders' in-app notices (their outbox rows went with the guardians).
    if (made.remindedAt !== null && made.reminded.length > 0)
      for (let i = 0; i < made.reminded.length; i += 500)
        await db
          .deleteFrom('notifications')
          .where('topic', '=', 'payment')
          .where('created_at', '>=', made.remindedAt)
          .where('user_id', 'in', made.reminded.slice(i, i + 500))
          .execute();
  });
}

result.loadAverageAfter = loadNow();
const missed = judge(result);
result.missed = missed;
const file = path.join(resultsDir, `tuition-${database}.json`);
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
print(result);
console.log(`Results: ${path.relative(root, file)}`);
process.exit(failed || missed.length > 0 ? 1 : 0);

// ---------------------------------------------------------------------------------------------

/**
 * The plans and charges through the app built here on a clock `joinedDaysAgo` days back
 * (buildApp's `now`), its background work off; the currency first when none is set.
 */
async function chargeOnEarlierClock() {
  const { buildApp } = await import(path.join(root, 'server/dist/app.js'));
  const { routes } = await import('@academy/contract/routes');
  const shift = joinedDaysAgo * DAY_MS;
  const appConfig = {
    ...config,
    REMINDERS_EVERY_SECONDS: 0,
    SENDINGS_EVERY_SECONDS: 0,
    OUTBOX_EVERY_SECONDS: 0,
    QUIZZES_EVERY_SECONDS: 0,
  };
  const app = await buildApp({ config: appConfig, logger: false, now: () => Date.now() - shift });
  await app.ready();
  const inject = async (name, payload) => {
    const meta = routes[name];
    const headers = { authorization: `Bearer ${admin.token}` };
    let url = meta.path;
    let body;
    if (meta.encoding === 'query') url += `?${new URLSearchParams(payload)}`;
    else if (meta.encoding === 'json') {
      body = JSON.stringify(payload);
      headers['content-type'] = 'application/json';
    } else if (meta.encoding === 'multipart') {
      const boundary = 'benchtuition';
      body = `${Object.entries(payload)
        .map(
          ([k, v]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
        )
        .join('')}--${boundary}--\r\n`;
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    } else throw new Error(`not sent here: ${meta.encoding}`);
    const answer = await app.inject({ method: meta.method, url, payload: body, headers });
    if (answer.statusCode !== 200)
      throw new Error(`${name} was refused: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    return answer.json();
  };
  try {
    const started = now();
    const term = seeded.term;
    const first = seeded.classes[0].id;
    const { currency } = await inject('getFeePlan', { class_id: first, term_id: term.id });
    if (!currency)
      await inject('saveSettings', {
        currency_code: 'IRR',
        currency_name: 'Rial',
        currency_decimals: '0',
      });
    // Joined `joinedDaysAgo` days back: parts due then, 4 weeks after, 8 weeks after, written
    // as weeks after the term's first day (the plan editor's rule).
    const joined = dayNumber(new Date(Date.now() - shift).toISOString().slice(0, 10));
    const weeks = Math.round((joined + 28 - dayNumber(term.first_day)) / 7);
    if (weeks < 1 || weeks + 4 > 104)
      throw new Error(`${term.name} starts ${term.first_day}: seed again (npm run seed:bench).`);
    const plan = {
      term_id: term.id,
      tuition: 3 * PART,
      items: [],
      parts: [
        { label: 'On joining', due: { kind: 'on_joining' }, amount: PART },
        { label: 'Second part', due: { kind: 'weeks_after_start', weeks }, amount: PART },
        {
          label: 'Third part',
          due: { kind: 'weeks_after_start', weeks: weeks + 4 },
          amount: PART,
        },
      ],
    };
    let newlyCharged = 0;
    let skipped = 0;
    const planIds = [];
    for (const c of seeded.classes) {
      planIds.push((await inject('saveFeePlan', { ...plan, class_id: c.id })).id);
      const charged = await inject('chargeClassFees', { class_id: c.id, term_id: term.id });
      newlyCharged += charged.charged;
      skipped += charged.skipped;
    }
    const setupSeconds = round((now() - started) / 1000);
    // Each charged student, with how many of these charges they have (two classes: two).
    const students = await withDb((db) =>
      db
        .selectFrom('ledger_rows')
        .select(['student_id as id', (eb) => eb.fn.countAll().as('charges')])
        .where('kind', '=', 'charge')
        .where('fee_plan_id', 'in', planIds)
        .groupBy('student_id')
        .orderBy('student_id')
        .execute(),
    );
    const instalments = students.reduce((n, s) => n + 3 * Number(s.charges), 0);
    console.log(
      `setup: ${seeded.classes.length} fee plans of ${(3 * PART).toLocaleString('en')} IRR in 3 parts (due on joining ${joinedDaysAgo} days ago, weeks ${weeks} and ${weeks + 4} of the term); ${newlyCharged} charged now, ${skipped} charged already: ${students.length} students, ${instalments} instalments; ${setupSeconds} s`,
    );
    return {
      newlyCharged,
      students: students.map((s) => ({ id: s.id, charges: Number(s.charges) })),
      figures: {
        plans: seeded.classes.length,
        charged: newlyCharged,
        skipped,
        students: students.length,
        instalments,
        seconds: setupSeconds,
      },
    };
  } finally {
    await app.close();
  }
}

/** Days since 1970 of a 'YYYY-MM-DD'. */
function dayNumber(day) {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/**
 * What a charged student pays at setup, of `charges` charges of three parts, by a share drawn
 * from their id (mixed: seed:bench puts student n in class n mod 40, so a share by the order
 * of ids would give each class one kind of payer, and a class's list no one overdue): one in
 * ten nothing (owing since joining), four a part and some of the next (7 days overdue), three
 * two parts and some of the third (nothing overdue), one all, one a part exactly (7 days
 * overdue, the whole second part). Deterministic: the same seed pays the same.
 */
function setupPayment(id, charges) {
  const share = Math.floor(mix(Math.imul(id, 0x85ebca6b) + 0x2545f491) * 10);
  const some = Math.floor(mix(Math.imul(id, 0xc2b2ae35) + 0x27d4eb2f) * 9) * 1_000_000; // 0 to 8,000,000
  switch (share) {
    case 0:
      return 0;
    case 1:
    case 2:
    case 3:
    case 4:
      return charges * PART + some;
    case 5:
    case 6:
    case 7:
      return charges * 2 * PART + some;
    case 8:
      return charges * 3 * PART;
    default:
      return charges * PART;
  }
}

/** A number in [0, 1) from an integer, the same every time (seed:bench's 32-bit mix). */
function mix(x) {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97) >>> 0;
  return ((h ^ (h >>> 15)) >>> 0) / 2 ** 32;
}

/** Runs `work` over `items`, `parallel` at a time. */
async function inParallel(items, parallel, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * The desks: each an administrator's keep-alive connection recording payments back to back
 * (random students, amounts and methods) for the warm-up and then `seconds` measured.
 */
async function runDesks(url, deskTokens, students, today, options = {}) {
  const METHODS = [
    'cash',
    'cash',
    'card_reader',
    'card_reader',
    'card_transfer',
    'bank_deposit',
    'cheque',
    'other',
  ];
  const times = [];
  const perDesk = deskTokens.map(() => []);
  const failures = {};
  let measuring = false;
  let stopping = false;
  const payment = (desk, n) => {
    const method = METHODS[Math.floor(Math.random() * METHODS.length)];
    return {
      user_id: students[Math.floor(Math.random() * students.length)].id,
      amount: (1 + Math.floor(Math.random() * 30)) * 100_000,
      day: today,
      method,
      reference: `desk ${desk + 1} #${n}`,
      ...(method === 'cheque' ? { cheque_number: `${100000 + n}`, cheque_day: today } : {}),
    };
  };
  const desk = async (token, index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 1; !stopping; n++) {
      const answer = await callRoute(url, token.token, 'recordPayment', payment(index, n), {
        agent,
      });
      if (answer.status === 200 && answer.json?.receipt_number) {
        receiptNumbers.push(answer.json.receipt_number);
        if (measuring) {
          times.push(answer.ms);
          perDesk[index].push(answer.ms);
        }
      } else if (measuring || answer.status !== 200) {
        const reason = answer.error ?? `status ${answer.status}: ${answer.text.slice(0, 80)}`;
        failures[reason] = (failures[reason] ?? 0) + 1;
      }
    }
    agent.destroy();
  };
  const running = deskTokens.map(desk);
  await sleep(warmupSeconds * 1000);
  const loadBefore = loadNow();
  const cpuBefore = cpuMicros(server.pid);
  const waitBefore = runQueueMicros(server.pid);
  const pressureBefore = cpuPressureMicros();
  const started = now();
  measuring = true;
  const during = options.during?.();
  await sleep(seconds * 1000);
  measuring = false;
  const duringFigures = await during;
  const elapsedMicros = (now() - started) * 1000;
  const serverCpu = cpuMicros(server.pid) - cpuBefore;
  const serverWait = runQueueMicros(server.pid) - waitBefore;
  const pressure = cpuPressureMicros();
  stopping = true;
  await Promise.all(running);
  const figures = callFigures(options.name ?? 'recordPayment', times, failures);
  const deskP99 = perDesk.map((t) => round(percentile(t, 99)));
  const out = {
    ...figures,
    ...(duringFigures ? { during: duringFigures } : {}),
    perSecond: round(times.length / (elapsedMicros / 1e6)),
    worstDeskP99: Math.max(...deskP99.filter((n) => n !== null)),
    deskP99,
    deskCounts: perDesk.map((t) => t.length),
    loadAverage: { before: loadBefore, after: loadNow() },
    serverCores: round(serverCpu / elapsedMicros, 3),
    serverCpuPerPaymentMs: times.length ? round(serverCpu / 1000 / times.length, 2) : null,
    serverWaitShare: round(serverWait / elapsedMicros, 3),
    cpuPressureShare:
      pressure === null ? null : round((pressure - pressureBefore) / elapsedMicros, 3),
  };
  console.log(
    `${figures.name}, ${deskTokens.length} desks for ${seconds} s${duringFigures ? ` (${JSON.stringify(duringFigures)})` : ''}: ${figures.count} payments (${out.perSecond}/s), p50 ${figures.p50} / p95 ${figures.p95} / p99 ${figures.p99} ms (max ${figures.max}), the worst desk's p99 ${out.worstDeskP99} ms, ${figures.errors} errors; server ${out.serverCores} cores`,
  );
  return out;
}

/**
 * What autovacuum and the checkpointer would do after the setup's bulk writes (the header's
 * "Settling"): ANALYZE each table of the schema with rows changed since it was last analysed,
 * then CHECKPOINT.
 */
async function settle() {
  return withDb(async (db) => {
    const started = now();
    const changed = (
      await sql`select relname from pg_stat_user_tables
                where schemaname = current_schema() and n_mod_since_analyze > 0`.execute(db)
    ).rows.map((r) => r.relname);
    for (const table of changed) await sql`analyze ${sql.table(table)}`.execute(db);
    const analyseMs = round(now() - started);
    const checkpointMs = await timedCheckpoint(db);
    console.log(
      `settled: ${changed.length} tables analysed in ${analyseMs} ms, a CHECKPOINT in ${checkpointMs} ms`,
    );
    return { tablesAnalysed: changed.length, analyseMs, checkpointMs };
  });
}

/** PostgreSQL's CHECKPOINT, which returns once it is done; resolves to its length in ms. */
async function timedCheckpoint(db) {
  const started = now();
  await sql`checkpoint`.execute(db);
  return round(now() - started);
}

/** A CHECKPOINT into the desks' window; resolves to when it was called and its length. */
async function checkpointSoon() {
  await sleep(CHECKPOINT_AT_SECONDS * 1000);
  const checkpointMs = await withDb(timedCheckpoint);
  return { checkpointAtSeconds: CHECKPOINT_AT_SECONDS, checkpointMs };
}

/**
 * The run's receipt numbers: none twice (the contract's receiptGaps) and, since nothing else
 * took numbers during the run, none missing between its first and last of each year.
 */
function checkRunNumbers(numbers) {
  const gaps = receiptGaps(numbers);
  const byYear = new Map();
  for (const text of numbers) {
    const read = readReceiptNumber(text);
    if (!read) continue;
    const places = byYear.get(read.year) ?? new Set();
    places.add(read.n);
    byYear.set(read.year, places);
  }
  const missing = [];
  let first = null;
  let last = null;
  for (const [year, places] of byYear) {
    const sorted = [...places].sort((a, b) => a - b);
    first ??= `${year}-${String(sorted[0]).padStart(6, '0')}`;
    last = `${year}-${String(sorted.at(-1)).padStart(6, '0')}`;
    for (let n = sorted[0]; n <= sorted.at(-1); n++)
      if (!places.has(n)) missing.push(`${year}-${String(n).padStart(6, '0')}`);
  }
  return {
    given: numbers.length,
    first,
    last,
    repeated: gaps.repeated,
    unreadable: gaps.unreadable,
    missing: missing.slice(0, 50),
    missingCount: missing.length,
  };
}

/**
 * Reminders to the payers `remindDays` or more days overdue, through the outbox's SMS to a
 * guardian of each, on a gateway on loopback: the call's time and the outbox's.
 */
async function remind(call, url) {
  const filter = { min_days_overdue: remindDays };
  const existing = (await call('getSmsGateway', {})).json.gateway;
  if (existing) {
    console.log('reminders: an SMS gateway is set up on this academy already; not measured.');
    return { skipped: 'an SMS gateway was set up already' };
  }
  // Who the filter keeps, page by page.
  const ids = [];
  for (let page = 1; ; page++) {
    const answer = (await call('listDebtors', { ...filter, page })).json;
    ids.push(...answer.rows.map((r) => r.student_id));
    if (!answer.has_more) break;
  }
  gateway = await startGateway();
  await call('saveSmsGateway', {
    method: 'POST',
    url: `${gateway.url}/send`,
    secret_headers: '',
    content_type: 'json',
    body: '{"to": "{to}", "text": "{text}", "ref": "{id}"}',
    monthly_cap: 0,
  });
  made.gateway = true;
  const kinds = (await call('getGuardianKinds', {})).json.kinds;
  made.kinds = kinds;
  if (!kinds.includes('payments'))
    await call('saveGuardianKinds', { kinds: [...kinds, 'payments'] });
  const settingUp = now();
  await inParallel(
    ids.map((id, i) => ({ id, i })),
    8,
    async ({ id, i }) => {
      const saved = await call('saveGuardian', {
        user_id: id,
        name: GUARDIAN_NAME,
        phone: `+98912${String(1_000_000 + i).slice(-7)}`,
      });
      made.guardians.push({ user_id: id, guardian_id: saved.json.id });
    },
  );
  console.log(
    `reminders: ${ids.length} payers ${remindDays}+ days overdue, a guardian with a phone each in ${round((now() - settingUp) / 1000)} s`,
  );
  const estimate = await call('estimateDebtorReminder', filter);
  made.reminded = ids;
  made.remindedAt = Date.now() - 1;
  const received = gateway.received;
  const reminded = await call('remindDebtors', filter);
  const answeredAt = now();
  // The outbox: its SMS rows for the reminder, until none is queued or being sent.
  let states = {};
  let drainedMs = null;
  let firstSentMs = null;
  const deadline = answeredAt + outboxTimeoutSeconds * 1000;
  await withDb(async (db) => {
    for (;;) {
      const rows = await db
        .selectFrom('outbox')
        .select(['state', (eb) => eb.fn.countAll().as('n')])
        .where('kind', '=', 'payments')
        .where('channel', '=', 'sms')
        .where('created_at', '>=', made.remindedAt)
        .groupBy('state')
        .execute();
      states = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
      if (firstSentMs === null && (states.sent ?? 0) > 0) firstSentMs = now() - answeredAt;
      const pending = (states.queued ?? 0) + (states.sending ?? 0);
      const rowsMade = Object.values(states).reduce((a, b) => a + b, 0);
      // Done when every payer told has a row (one guardian's phone each) and none is waiting.
      if (rowsMade >= reminded.json.told && pending === 0) {
        drainedMs = now() - answeredAt;
        break;
      }
      if (now() > deadline) break;
      await sleep(250);
    }
  });
  const out = {
    filter,
    payers: ids.length,
    estimate: estimate.json,
    told: reminded.json.told,
    remindMs: round(reminded.ms),
    outbox: states,
    firstSentSeconds: firstSentMs === null ? null : round(firstSentMs / 1000),
    allSentSeconds: drainedMs === null ? null : round(drainedMs / 1000),
    gatewayReceived: received.count,
  };
  console.log(
    `remindDebtors: ${out.told} payers told in ${out.remindMs} ms; the outbox's SMS: ${JSON.stringify(states)}, the first sent ${out.firstSentSeconds} s after the answer, all ${out.allSentSeconds ?? `not within ${outboxTimeoutSeconds}`} s; the gateway received ${received.count}`,
  );
  return out;
}

/** An SMS gateway on loopback that answers 200 and counts. */
function startGateway() {
  const received = { count: 0 };
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.count += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"queued"}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, received, url: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

/** The guardians, the kinds and the gateway as they were. */
async function putBack(url) {
  const take = async (name, payload) => {
    const answer = await callRoute(url, admin.token, name, payload);
    if (answer.status !== 200 || answer.json?.success === false)
      console.error(
        `putting back: ${name} ${JSON.stringify(payload)} was refused: ${answer.status} ${answer.error ?? answer.text.slice(0, 200)}`,
      );
    return answer;
  };
  await inParallel(made.guardians, 8, (g) => take('deleteGuardian', g));
  if (made.kinds && !made.kinds.includes('payments'))
    await take('saveGuardianKinds', { kinds: made.kinds });
  if (made.gateway) await take('removeSmsGateway', {});
  if (made.questionId) await take('deleteSpeakingQuestion', { id: made.questionId });
}

/**
 * The school day beside the reminders: bench:day's clients, its students arriving at 100 a
 * second and its administrators, then `settleSeconds` before the reminders start.
 */
async function startDay(call, url) {
  made.dayTokens = await issueTokens(config, { students: dayStudents, admins: dayAdmins });
  const classIds = await withDb(async (db) =>
    (
      await db
        .selectFrom('classes')
        .select('id')
        .where('is_archived', '=', 0)
        .where('name', 'not in', ['Results Class', 'Academy Class'])
        .execute()
    ).map((c) => c.id),
  );
  made.questionId = (
    await call('saveSpeakingQuestion', {
      question_text: 'bench:tuition: tell us about your weekend.',
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 86_400_000).toISOString(),
    })
  ).json.id;
  for (let i = 0; i < dayClientCount; i++)
    made.dayClients.push(startClient(path.join(root, 'bench/day-client.mjs'), i));
  const placed = (list) =>
    list.map((a, i) => ({ userId: a.userId, token: a.token, url, client: i % dayClientCount }));
  const strip = ({ client, ...actor }) => actor;
  const students = placed(made.dayTokens.students);
  const admins = placed(made.dayTokens.admins);
  const setup = {
    thinkMs: Number(process.env.BENCH_THINK_MS ?? 10_000),
    adminThinkMs: Number(process.env.BENCH_ADMIN_THINK_MS ?? 3_000),
    classIds,
    ...dayFiles(Number(process.env.BENCH_PHOTO_KB ?? 1_200)),
  };
  await Promise.all(
    made.dayClients.map((client) =>
      client.ask('add', 'added', {
        setup,
        perSecond: 100 / dayClientCount,
        students: students.filter((s) => s.client === client.index).map(strip),
        admins: admins.filter((a) => a.client === client.index).map(strip),
        markers: [],
      }),
    ),
  );
  console.log(
    `the day: ${dayStudents} students arriving over ${(dayStudents / 100).toFixed(0)} s and ${dayAdmins} administrators, then ${settleSeconds} s to settle`,
  );
  await sleep((dayStudents / 100 + settleSeconds) * 1000);
  await Promise.all(made.dayClients.map((client) => client.ask('mark', 'marked')));
  made.dayMarkedAt = now();
}

/** The day's calls since it was marked (the reminders' window), then its clients stopped. */
async function collectDay() {
  const collected = await Promise.all(
    made.dayClients.map((client) => client.ask('collect', 'collected')),
  );
  const windowSeconds = (now() - made.dayMarkedAt) / 1000;
  await Promise.all(
    made.dayClients.map((client) => Promise.race([client.ask('stop', 'stopped'), sleep(5_000)])),
  );
  made.dayClients = [];
  const names = new Set(
    collected.flatMap((c) => [...Object.keys(c.samples), ...Object.keys(c.errors)]),
  );
  const calls = [...names].sort().map((name) => {
    const failures = {};
    for (const c of collected)
      for (const [reason, n] of Object.entries(c.errors[name] ?? {}))
        failures[reason] = (failures[reason] ?? 0) + n;
    return callFigures(
      name,
      collected.flatMap((c) => c.samples[name] ?? []),
      failures,
    );
  });
  const requests = calls
    .filter((c) => c.name !== 'events')
    .reduce((n, c) => n + c.count + c.errors, 0);
  const worst = calls
    .filter((c) => c.name !== 'events' && c.p99 !== null)
    .sort((a, b) => b.p99 - a.p99)[0];
  console.log(
    `the day beside the reminders: ${round(requests / windowSeconds)} requests/s over ${round(windowSeconds)} s; the worst p99 ${worst?.p99 ?? '-'} ms (${worst?.name ?? '-'}), ${calls.reduce((n, c) => n + c.errors, 0)} errors`,
  );
  return {
    students: dayStudents,
    admins: dayAdmins,
    seconds: round(windowSeconds),
    requestsPerSecond: round(requests / windowSeconds),
    calls,
  };
}

/** The targets missed, in words. */
function judge(r) {
  const missed = [];
  for (const d of r.debtors ?? [])
    if (d.p95 === null || d.p95 >= LIST_P95_MS)
      missed.push(`debtors, ${d.name}: p95 ${d.p95} ms (line ${LIST_P95_MS})`);
  const judgeDesks = (label, d) => {
    if (d.p99 === null || d.worstDeskP99 >= DESK_P99_MS || d.p99 >= DESK_P99_MS)
      missed.push(`${label}: p99 ${d.p99} ms, the worst desk's ${d.worstDeskP99} ms`);
    if (d.errors > 0) missed.push(`${label}: ${d.errors} errors`);
  };
  if (r.desks) judgeDesks('desks', r.desks);
  else if (parts.has('desks')) missed.push('desks: not run');
  if (r.desksThroughCheckpoint) judgeDesks('desks through a checkpoint', r.desksThroughCheckpoint);
  const rc = r.receipts;
  if (rc) {
    if (rc.repeated.length + rc.missingCount + rc.unreadable.length > 0)
      missed.push('receipts given in the run: some repeated, missing or unreadable');
    if (rc.receiptCheck.missing_count + rc.receiptCheck.repeated_count > 0)
      missed.push('receiptCheck: numbers missing or repeated');
  }
  const rm = r.reminders;
  if (rm && !rm.skipped) {
    if (rm.told !== rm.payers) missed.push(`reminders: ${rm.told} told of ${rm.payers}`);
    if (rm.allSentSeconds === null) missed.push('reminders: the outbox did not send them all');
  } else if (!rm && parts.has('reminders')) missed.push('reminders: not run');
  return missed;
}

function print(r) {
  console.log(
    `\nbench:tuition on ${r.database}: load average ${r.loadAverageBefore[0]} -> ${r.loadAverageAfter[0]}`,
  );
  if (r.debtors?.length) {
    console.log(
      `  ${'debtors'.padEnd(28)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)} ${'CPU/call'.padStart(9)} ${'payers'.padStart(7)} ${'kB'.padStart(6)}`,
    );
    for (const d of r.debtors)
      console.log(
        `  ${d.name.padEnd(28)} ${`${d.p50} ms`.padStart(9)} ${`${d.p95} ms`.padStart(9)} ${`${d.p99} ms`.padStart(9)} ${`${d.serverCpuPerCallMs} ms`.padStart(9)} ${String(d.totals.count).padStart(7)} ${String(d.kb).padStart(6)}${d.p95 >= LIST_P95_MS ? '  over the line' : ''}`,
      );
  }
  for (const d of [r.desks, r.desksThroughCheckpoint].filter(Boolean)) {
    console.log(
      `  ${d.name}, ${d.deskP99.length} desks: ${d.count} in ${r.seconds} s, p50 ${d.p50} / p95 ${d.p95} / p99 ${d.p99} ms, the worst desk's p99 ${d.worstDeskP99} ms, ${d.errors} errors`,
    );
    for (const [reason, n] of Object.entries(d.failures ?? {}))
      console.log(`      ${n} × ${reason}`);
  }
  if (r.settle)
    console.log(
      `  settled first: ${r.settle.tablesAnalysed} tables analysed (${r.settle.analyseMs} ms), CHECKPOINT ${r.settle.checkpointMs} ms`,
    );
  if (r.day) {
    console.log(`  the day beside the reminders (${r.day.seconds} s):`);
    for (const c of r.day.calls)
      console.log(
        `    ${c.name.padEnd(26)} ${String(c.count).padStart(6)} ${`${c.p50} ms`.padStart(9)} ${`${c.p95} ms`.padStart(9)} ${`${c.p99} ms`.padStart(9)} ${String(c.errors).padStart(5)}`,
      );
  }
  if (r.reminders && !r.reminders.skipped)
    console.log(
      `  reminders: ${r.reminders.told} told in ${r.reminders.remindMs} ms; the outbox's SMS all sent ${r.reminders.allSentSeconds ?? '-'} s after the answer (${JSON.stringify(r.reminders.outbox)})`,
    );
  if (r.missed.length === 0) console.log('Targets: all met.');
  else for (const m of r.missed) console.log(`MISSED: ${m}`);
}
