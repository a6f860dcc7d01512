#!/usr/bin/env node
import fs from 'node:fs';
// npm run bench:quiz-day — 2,000 students take the same 20-item quiz at once, on phones, beside
// the ordinary school day (issue 51, "Figures"): every answer save's p99 under 250 ms on one
// instance. On the seeded academy (npm run seed:bench), against the real built server:
//
// - The quiz is built and sent through the app's own calls, as an administrator would: 20 fixed
//   items of the bank (one-answer and several-answer choice, true or false, short answers, gap
//   fills typed and chosen, matching, ordering), a quiz of them (items and options shuffled per
//   attempt, 30 minutes, one attempt), sent to the seeded Academy Class (2,000 students).
// - The day beside it is bench:day's own load (its client processes, bench/day-client.mjs):
//   BENCH_DAY_STUDENTS (1,000; 0 for none) of the first seeded students and BENCH_ADMINS (10)
//   administrators, arriving at 100 a second, then BENCH_SETTLE_SECONDS (15) to settle. Not the
//   hour's rolls nor the typed marks: those need bench:day's own putting back of the rolls and
//   scores, which lives in bench/day.mjs (a script, not a module to compose).
// - Then BENCH_STUDENTS (2,000, the Academy Class's first) take the quiz in BENCH_QUIZ_CLIENTS
//   (1) client processes of this script: each arrives at a moment within BENCH_ARRIVAL_SECONDS
//   (60), holds the app's live stream, opens their quizzes, starts the attempt and reads it,
//   then answers the items in order, a think time per answer (exponential, mean
//   BENCH_ANSWER_MS, 5 s), each save carrying 1 answer (70%), 2 (20%) or 3 (10%) as the taking
//   screen sends them (web/src/features/quizzes/taking/use-answers.ts: a choice at once, typing
//   after a pause, what is due when the student moves on or comes back online); one in five
//   goes back and changes an answer; then the summary, submits, and opens the review and their
//   quizzes again. The window is from the first arrival to the last review.
//
// Printed: per call p50/p95/p99/max and errors, the quiz's and the day's requests a second,
// the server's CPU, the load average, and the slowest save by 5 s of the window. SQLite in
// DATA_DIR (bench/data); with DATABASE_URL (and DATABASE_SCHEMA, and the seed's DATA_DIR) on
// PostgreSQL; one instance (BENCH_INSTANCES) either way, as the issue's figure says.
// BENCH_NODE_ARGS: Node's flags for the server ('--cpu-prof --cpu-prof-dir=/tmp/quiz').
// The bench deletes the quiz (with its attempts) and its items at the end, and takes its
// tokens back; the day's work handed in stays, as bench:day's does. Results go to
// bench/results/quiz-day-<database>.json. Exits 1 when the saves' p99 misses the line.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { LIVE_STREAM_HEADER, LIVE_TOPIC_GAP_MS } from '@academy/contract/live';
import { openEventStream } from './event-stream.mjs';
import {
  callFigures,
  callRoute,
  cpuMicros,
  cpuPressureMicros,
  dayFiles,
  issueTokens,
  now,
  quiet,
  revokeTokens,
  root,
  round,
  runQueueMicros,
  sleep,
  startClient,
  startServer,
  think,
} from './kit.mjs';

const P99_LINE_MS = 250;
const SAVE = 'saveQuizAnswers';
const TIMELINE_MS = 5_000;

if (process.argv[2] === '--client') await quizClient();
else await bench();

// ---------------------------------------------------------------------------------------------
// The parent: the academy's quiz, the server, the day's clients and the quiz's.

async function bench() {
  const { loadConfig } = await import(path.join(root, 'server/dist/config.js'));
  const { openDatabase } = await import(path.join(root, 'server/dist/db/index.js'));
  const { activeStudentIdsOfClass } = await import(
    path.join(root, 'server/dist/domain/classes.js')
  );

  const quizStudents = Number(process.env.BENCH_STUDENTS ?? 2000);
  const arrivalSeconds = Number(process.env.BENCH_ARRIVAL_SECONDS ?? 60);
  const answerMs = Number(process.env.BENCH_ANSWER_MS ?? 5_000);
  const quizClientCount = Number(process.env.BENCH_QUIZ_CLIENTS ?? 1);
  const dayStudents = Number(process.env.BENCH_DAY_STUDENTS ?? 1000);
  const adminCount = Number(process.env.BENCH_ADMINS ?? 10);
  const clientCount = Number(process.env.BENCH_CLIENTS ?? 2);
  const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 15);
  const thinkMs = Number(process.env.BENCH_THINK_MS ?? 10_000);
  const adminThinkMs = Number(process.env.BENCH_ADMIN_THINK_MS ?? 3_000);
  const photoKb = Number(process.env.BENCH_PHOTO_KB ?? 1_200);
  const serverNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const instanceCount = Number(process.env.BENCH_INSTANCES ?? 1);
  const dataDir = process.env.DATA_DIR ?? 'bench/data';
  const database = onPostgres ? 'postgres' : 'sqlite';
  const resultsDir = path.join(root, 'bench/results');
  // The classes seed:bench gave results to: the quiz goes to the Academy Class, and the day's
  // administrators send to the classes in use but these, as in bench:day.
  const QUIZ_CLASS = 'Academy Class';
  const RESULT_CLASSES = ['Results Class', QUIZ_CLASS];

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
  const loadNow = () => os.loadavg().map((l) => round(l, 2));

  const { db } = await openDatabase(config);
  let classId;
  let classIds;
  let members;
  try {
    const quizClass = await db
      .selectFrom('classes')
      .select('id')
      .where('name', '=', QUIZ_CLASS)
      .executeTakeFirst();
    if (!quizClass) throw new Error(`No ${QUIZ_CLASS}: seed again (npm run seed:bench).`);
    classId = quizClass.id;
    members = await activeStudentIdsOfClass(db, classId);
    classIds = (
      await db
        .selectFrom('classes')
        .select('id')
        .where('is_archived', '=', 0)
        .where('name', 'not in', RESULT_CLASSES)
        .execute()
    ).map((c) => c.id);
  } finally {
    await db.destroy();
  }
  if (members.length < quizStudents)
    throw new Error(`The ${QUIZ_CLASS} has ${members.length} students, not ${quizStudents}.`);

  console.log(
    `bench:quiz-day: ${quizStudents} students take a 20-item quiz, arriving over ${arrivalSeconds} s, an answer every ${answerMs / 1000} s (mean); beside the day of ${dayStudents} students and ${dayStudents ? adminCount : 0} administrators; ${database}, ${instanceCount} instance(s) of ${config.PROCESSES} process(es); load average ${loadNow().join(' ')} on ${os.cpus().length} CPUs`,
  );

  const dayTokens = await issueTokens(config, { students: dayStudents, admins: adminCount });
  const quizTokens = await issueTokens(config, {
    students: quizStudents,
    admins: 0,
    studentIds: members,
  });
  const admin = dayTokens.admins[0];

  const servers = [];
  const dayClients = [];
  const quizClients = [];
  const built = { itemIds: [], quizId: null, questionId: null };
  const result = {
    date: new Date().toISOString(),
    database,
    instances: instanceCount,
    processes: config.PROCESSES,
    quizStudents,
    arrivalSeconds,
    answerMs,
    dayStudents,
    admins: dayStudents ? adminCount : 0,
    cpus: os.cpus().length,
    loadAverageBefore: loadNow(),
  };
  let failed = false;
  try {
    for (let i = 0; i < instanceCount; i++)
      servers.push(
        await startServer(String.fromCharCode(65 + i), { dataDir, nodeArgs: serverNodeArgs }),
      );
    for (const server of servers) await quiet(server.pid);
    const url = servers[0].url;
    const staffCall = async (name, payload) => {
      const answer = await callRoute(url, admin.token, name, payload);
      if (answer.status !== 200 || !answer.json?.success)
        throw new Error(`${name} was refused: ${answer.status} ${answer.text.slice(0, 300)}`);
      return answer.json;
    };

    // The quiz, built and sent as an administrator does it.
    const building = now();
    for (const [n, item] of quizItems().entries())
      built.itemIds.push(
        (
          await staffCall('saveQuizItem', {
            level: 'B1',
            skill: 'grammar',
            unit: 'bench:quiz-day',
            version: { prompt: `${n + 1}. ${item.prompt}`, points: 1, ...item },
          })
        ).id,
      );
    built.quizId = (
      await staffCall('saveQuiz', {
        title: 'bench:quiz-day: Unit 9 check',
        access_start: new Date(Date.now() - 3_600_000).toISOString(),
        access_end: new Date(Date.now() + 86_400_000).toISOString(),
        time_limit_minutes: 30,
        attempts_allowed: 1,
        shuffle_items: true,
        shuffle_options: true,
        one_per_page: true,
        parts: built.itemIds.map((item_id) => ({ item_id })),
      })
    ).id;
    await staffCall('sendQuiz', { quiz_id: built.quizId, class_id: classId });
    console.log(
      `the quiz: ${built.itemIds.length} items, built and sent to the ${QUIZ_CLASS} in ${((now() - building) / 1000).toFixed(1)} s`,
    );

    // The day beside it, as bench:day runs it (its speaking question open, as there).
    const placed = (list) =>
      list.map((actor, i) => ({
        userId: actor.userId,
        token: actor.token,
        url: servers[i % instanceCount].url,
        client: i % clientCount,
      }));
    const strip = ({ client, ...actor }) => actor;
    if (dayStudents > 0) {
      built.questionId = (
        await staffCall('saveSpeakingQuestion', {
          question_text: 'bench:quiz-day: tell us about your weekend.',
          start_time: new Date(Date.now() - 3_600_000).toISOString(),
          end_time: new Date(Date.now() + 86_400_000).toISOString(),
        })
      ).id;
      for (let i = 0; i < clientCount; i++)
        dayClients.push(startClient(path.join(root, 'bench/day-client.mjs'), i));
      const students = placed(dayTokens.students);
      const admins = placed(dayTokens.admins);
      const setup = {
        thinkMs,
        adminThinkMs,
        classIds,
        ...dayFiles(photoKb),
      };
      await Promise.all(
        dayClients.map((client) =>
          client.ask('add', 'added', {
            setup,
            perSecond: 100 / clientCount,
            students: students.filter((s) => s.client === client.index).map(strip),
            admins: admins.filter((a) => a.client === client.index).map(strip),
            markers: [],
          }),
        ),
      );
      console.log(
        `the day: ${dayStudents} students arriving over ${(dayStudents / 100).toFixed(0)} s, then ${settleSeconds} s to settle`,
      );
      await sleep((dayStudents / 100 + settleSeconds) * 1000);
      await Promise.all(dayClients.map((client) => client.ask('mark', 'marked')));
    }

    // The quiz's students, from the first arrival to the last review.
    for (let i = 0; i < quizClientCount; i++)
      quizClients.push(
        startClient(path.join(root, 'bench/quiz-day.mjs'), i, { args: ['--client'] }),
      );
    const takers = placed(quizTokens.students).map((s, i) => ({
      ...s,
      client: i % quizClientCount,
      arriveMs: Math.random() * arrivalSeconds * 1000,
    }));
    const loadBefore = loadNow();
    const cpuBefore = servers.map((s) => cpuMicros(s.pid));
    const waitBefore = servers.map((s) => runQueueMicros(s.pid));
    const pressureBefore = cpuPressureMicros();
    const clientCpuBefore = [...dayClients, ...quizClients].map((c) => cpuMicros(c.child.pid));
    const started = now();
    const progress = setInterval(() => {
      console.log(`  ${((now() - started) / 1000).toFixed(0)} s: load average ${loadNow()[0]}`);
    }, 30_000);
    const taken = await Promise.all(
      quizClients.map((client) =>
        client.ask('run', 'ran', {
          quizId: built.quizId,
          answerMs,
          students: takers.filter((s) => s.client === client.index).map(strip),
        }),
      ),
    );
    clearInterval(progress);
    const dayCollected = await Promise.all(
      dayClients.map((client) => client.ask('collect', 'collected')),
    );
    const elapsedMicros = (now() - started) * 1000;
    const serverCpu = servers.reduce((n, s, i) => n + cpuMicros(s.pid) - cpuBefore[i], 0);
    const serverWait = servers.reduce((n, s, i) => n + runQueueMicros(s.pid) - waitBefore[i], 0);
    const pressure = cpuPressureMicros();
    const clientCpu = [...dayClients, ...quizClients].reduce(
      (n, c, i) => n + cpuMicros(c.child.pid) - clientCpuBefore[i],
      0,
    );

    const figures = (collected) => {
      const names = new Set(
        collected.flatMap((c) => [...Object.keys(c.samples), ...Object.keys(c.errors)]),
      );
      return [...names].sort().map((name) => {
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
    };
    const requests = (calls) =>
      calls.filter((c) => c.name !== 'events').reduce((n, c) => n + c.count + c.errors, 0);
    const seconds = elapsedMicros / 1e6;
    const quizCalls = figures(taken);
    const dayCalls = figures(dayCollected);
    const saves = quizCalls.find((c) => c.name === SAVE);
    Object.assign(result, {
      seconds: round(seconds),
      loadAverage: { before: loadBefore, after: loadNow() },
      serverCores: round(serverCpu / elapsedMicros, 3),
      // The servers' event loops ready to run but waiting for a core, as a share of the
      // window, and the share of it the machine was short of cores.
      serverWaitShare: round(serverWait / elapsedMicros, 3),
      cpuPressureShare:
        pressure === null ? null : round((pressure - pressureBefore) / elapsedMicros, 3),
      clientCores: round(clientCpu / elapsedMicros, 3),
      quiz: {
        requestsPerSecond: round(requests(quizCalls) / seconds),
        submitted: taken.reduce((n, c) => n + c.submitted, 0),
        answersSaved: taken.reduce((n, c) => n + c.answers, 0),
        lastSubmitSeconds: round((Math.max(...taken.map((c) => c.lastSubmitAt)) - started) / 1000),
        timeline: Array.from({ length: Math.max(...taken.map((c) => c.timeline.length)) }, (_, i) =>
          taken.reduce(
            (at, c) => ({
              worst: round(Math.max(at.worst, c.timeline[i]?.worst ?? 0)),
              count: at.count + (c.timeline[i]?.count ?? 0),
            }),
            { worst: 0, count: 0 },
          ),
        ),
        calls: quizCalls,
      },
      day: {
        requestsPerSecond: round(requests(dayCalls) / seconds),
        calls: dayCalls,
      },
    });
    result.savesUnderLine = Boolean(saves && saves.errors === 0 && saves.p99 < P99_LINE_MS);
    failed = !result.savesUnderLine;
    print(result);
  } finally {
    await Promise.all(
      [...dayClients, ...quizClients].map((client) =>
        Promise.race([client.ask('stop', 'stopped'), sleep(5_000)]),
      ),
    );
    if (servers.length > 0) {
      // The quiz with its attempts, then its items (no quiz names them any more).
      const url = servers[0].url;
      const take = (name, payload) => callRoute(url, admin.token, name, payload);
      if (built.quizId) await take('deleteQuiz', { id: built.quizId });
      for (const item_id of built.itemIds) await take('deleteQuizItem', { item_id });
      if (built.questionId) await take('deleteSpeakingQuestion', { id: built.questionId });
    }
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await revokeTokens(config, [
      ...dayTokens.admins,
      ...dayTokens.students,
      ...quizTokens.students,
    ]);
  }
  result.loadAverageAfter = loadNow();
  const file = path.join(resultsDir, `quiz-day-${database}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Results: ${path.relative(root, file)}`);
  process.exit(failed ? 1 : 0);
}

function print(r) {
  console.log(
    `\n${r.quizStudents} students took the quiz in ${r.seconds} s (${r.quiz.submitted} submitted, ${r.quiz.answersSaved} answers saved, the last submit at ${r.quiz.lastSubmitSeconds} s): the quiz ${r.quiz.requestsPerSecond} requests/s, the day ${r.day.requestsPerSecond} requests/s; server CPU ${r.serverCores} cores, clients ${r.clientCores} cores; load average ${r.loadAverage.before[0]} -> ${r.loadAverage.after[0]}`,
  );
  console.log(
    `  the server's event loop waited for a core ${r.serverWaitShare} of the window; the machine was short of cores ${r.cpuPressureShare ?? '-'} of it (CPU pressure)`,
  );
  console.log(
    `  the slowest save by 5 s of the window (ms): ${r.quiz.timeline.map((at) => Math.round(at.worst)).join(' ')}`,
  );
  console.log(`  saves begun by 5 s: ${r.quiz.timeline.map((at) => at.count).join(' ')}`);
  const table = (title, calls) => {
    console.log(
      `  ${title.padEnd(28)} ${'count'.padStart(7)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)} ${'errors'.padStart(6)}`,
    );
    for (const c of calls) {
      console.log(
        `  ${c.name.padEnd(28)} ${String(c.count).padStart(7)} ${`${c.p50 ?? '-'} ms`.padStart(9)} ${`${c.p95 ?? '-'} ms`.padStart(9)} ${`${c.p99 ?? '-'} ms`.padStart(9)} ${`${c.max ?? '-'} ms`.padStart(9)} ${String(c.errors).padStart(6)}${c.p99 !== null && c.p99 >= P99_LINE_MS ? '  over the line' : ''}`,
      );
      for (const [reason, n] of Object.entries(c.failures)) console.log(`      ${n} × ${reason}`);
    }
  };
  table('the quiz', r.quiz.calls);
  if (r.day.calls.length > 0) table('the day beside it', r.day.calls);
  const saves = r.quiz.calls.find((c) => c.name === SAVE);
  console.log(
    `Target: every save's p99 under ${P99_LINE_MS} ms: ${r.savesUnderLine ? 'met' : 'MISSED'} (${saves?.p99 ?? '-'} ms, ${saves?.errors ?? '-'} errors).`,
  );
}

// ---------------------------------------------------------------------------------------------
// The quiz's items: a B1 grammar check of several kinds, each with its key (what marks it).

function quizItems() {
  const choice = (prompt, options, right) => ({
    prompt,
    body: {
      type: 'choice',
      multiple: false,
      options: options.map((text, i) => ({ id: 'abcd'[i], text })),
    },
    key: { type: 'choice', credit: { [right]: 100 } },
  });
  const several = (prompt, options, credit) => ({
    prompt,
    body: {
      type: 'choice',
      multiple: true,
      options: options.map((text, i) => ({ id: 'abcd'[i], text })),
    },
    key: { type: 'choice', credit },
  });
  const trueFalse = (prompt, answer) => ({
    prompt,
    body: { type: 'true_false' },
    key: { type: 'true_false', answer },
  });
  const short = (prompt, accepted) => ({
    prompt,
    body: { type: 'short' },
    key: {
      type: 'short',
      accepted: accepted.map((text) => ({ text, percent: 100 })),
      typo: 'half',
    },
  });
  const gaps = (text, typed, chosen) => ({
    prompt: 'Fill the gaps.',
    body: { type: 'gaps', text, gaps: [{ id: 'g1' }, { id: 'g2', choices: chosen.choices }] },
    key: { type: 'gaps', gaps: { g1: typed, g2: [chosen.right] }, typo: 'none' },
  });
  const matching = (prompt, pairs, extra) => ({
    prompt,
    body: {
      type: 'matching',
      prompts: pairs.map(([p], i) => ({ id: `p${i + 1}`, text: p })),
      answers: [...pairs.map(([, a]) => a), extra].map((text, i) => ({ id: `x${i + 1}`, text })),
    },
    key: {
      type: 'matching',
      pairs: Object.fromEntries(pairs.map((_, i) => [`p${i + 1}`, `x${i + 1}`])),
    },
  });
  const ordering = (prompt, unit, pieces) => ({
    prompt,
    body: {
      type: 'ordering',
      unit,
      pieces: pieces.map((text, i) => ({ id: 'abcdef'[i], text })),
    },
    key: { type: 'ordering', order: pieces.map((_, i) => 'abcdef'[i]) },
  });
  return [
    choice('Yesterday I ___ to the cinema.', ['went', 'go', 'gone', 'going'], 'a'),
    choice('She has lived here ___ 2019.', ['for', 'since', 'from', 'at'], 'b'),
    choice('If it rains, we ___ at home.', ['stay', 'will stay', 'stayed', 'would stay'], 'b'),
    choice('He is ___ than his brother.', ['tall', 'taller', 'tallest', 'more tall'], 'b'),
    choice('I am looking forward ___ you.', ['to see', 'see', 'to seeing', 'seeing'], 'c'),
    several('Which are past participles?', ['written', 'wrote', 'taken', 'took'], {
      a: 50,
      b: -50,
      c: 50,
      d: -50,
    }),
    several('Which sentences are correct?', ['I have eaten.', 'I have ate.', 'She has gone.'], {
      a: 50,
      b: -50,
      c: 50,
    }),
    trueFalse('"Much" goes with countable nouns.', false),
    trueFalse('"Since" can name a point in time.', true),
    trueFalse('"Would" can talk about past habits.', true),
    short('The past tense of "buy"?', ['bought']),
    short('The opposite of "borrow"?', ['lend']),
    short('The plural of "child"?', ['children']),
    gaps('I {g1} my keys, so I {g2} get in.', ['lost', 'had lost'], {
      choices: ["couldn't", "can't", "mustn't"],
      right: "couldn't",
    }),
    gaps('She {g1} English for ten years and {g2} it well.', ['has studied', 'has been studying'], {
      choices: ['speaks', 'speak', 'is speaking'],
      right: 'speaks',
    }),
    gaps('They {g1} dinner when the phone {g2}.', ['were having', 'were eating'], {
      choices: ['rang', 'rings', 'was ringing'],
      right: 'rang',
    }),
    matching(
      'Match the verb to its past tense.',
      [
        ['go', 'went'],
        ['see', 'saw'],
        ['take', 'took'],
      ],
      'seen',
    ),
    matching(
      'Match the beginning to its end.',
      [
        ['If I were you,', 'I would ask.'],
        ['Unless you hurry,', 'you will be late.'],
      ],
      'I will have asked.',
    ),
    ordering('Put the words in order.', 'words', ['Where', 'did', 'you', 'go', 'yesterday?']),
    ordering('Put the sentences in order.', 'sentences', [
      'First, I woke up late.',
      'Then I missed the bus.',
      'In the end, I walked to school.',
    ]),
  ];
}

/** A student's answer to an item as the attempt shows it (typed ones right about two in three). */
function answerTo(item) {
  const body = item.body;
  const one = (list) => list[Math.floor(Math.random() * list.length)];
  const right = Math.random() < 0.65;
  switch (body.type) {
    case 'choice':
      return {
        type: 'choice',
        chosen: body.multiple
          ? body.options.filter(() => Math.random() < 0.5).map((o) => o.id)
          : [one(body.options).id],
      };
    case 'true_false':
      return { type: 'true_false', answer: Math.random() < 0.5 };
    case 'short':
      return { type: 'short', text: right ? one(['bought', 'lend', 'children']) : 'buyed' };
    case 'gaps':
      return {
        type: 'gaps',
        gaps: Object.fromEntries(
          body.gaps.map((g) => [g.id, g.choices ? one(g.choices) : right ? 'lost' : 'loosed']),
        ),
      };
    case 'matching': {
      const answers = body.answers.map((a) => a.id);
      return {
        type: 'matching',
        pairs: Object.fromEntries(body.prompts.map((p) => [p.id, one(answers)])),
      };
    }
    case 'ordering':
      return {
        type: 'ordering',
        order: body.pieces.map((p) => p.id).sort(() => Math.random() - 0.5),
      };
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// A client process: its share of the quiz's students, each a phone taking the quiz.
//   run {quizId, answerMs, students: [{userId, token, url}]} -> ran, once every student has
//       opened their review: {samples, errors, timeline, submitted, answers, lastSubmitAt}
//   stop {} -> stopped, and exits.

async function quizClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const samples = new Map();
  const errors = new Map();
  const timeline = [];
  const responses = [];
  let running = true;
  let markedAt = now();
  let submitted = 0;
  let answers = 0;
  let lastSubmitAt = 0;

  /** A call timed under its name; the save's slowest by TIMELINE_MS of the window too. */
  async function call(s, name, payload, { origin = false } = {}) {
    const headers = origin && s.stream ? { [LIVE_STREAM_HEADER]: s.stream } : {};
    const answer = await callRoute(s.url, s.token, name, payload, { agent, headers });
    if (answer.status < 200 || answer.status >= 400) {
      const reason = answer.error ?? `status ${answer.status}: ${answer.text.slice(0, 80)}`;
      const byReason = errors.get(name) ?? new Map();
      byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
      errors.set(name, byReason);
      return null;
    }
    const list = samples.get(name) ?? [];
    list.push(answer.ms);
    samples.set(name, list);
    if (name === SAVE) {
      const slice = Math.max(0, Math.floor((now() - answer.ms - markedAt) / TIMELINE_MS));
      timeline[slice] ??= { worst: 0, count: 0 };
      timeline[slice].worst = Math.max(timeline[slice].worst, answer.ms);
      timeline[slice].count += 1;
    }
    return answer.json;
  }

  /**
   * The app's live stream, held for the whole attempt: a `quizzes` change (the quiz changed or
   * closed, the student's attempt started or submitted elsewhere) asks again what the screen
   * shows, at a random moment within the spread it names, at most once a second.
   */
  async function holdStream(s) {
    let lastAsked = 0;
    const started = now();
    const outcome = await openEventStream(s.url, s.token, {
      onResponse: (response) => responses.push(response),
      onReady: (name) => {
        s.stream = name;
      },
      onEvent: (event) => {
        if (event.event !== 'change' || !running) return;
        const { topic, spreadMs = 0 } = JSON.parse(event.data);
        if (topic !== 'quizzes' || now() - lastAsked < LIVE_TOPIC_GAP_MS) return;
        lastAsked = now();
        setTimeout(() => {
          if (!running) return;
          if (s.attemptId)
            call(s, 'getQuizAttempt', { user_id: s.userId, attempt_id: s.attemptId });
          else call(s, 'myQuizzes', { user_id: s.userId });
        }, Math.random() * spreadMs);
      },
    });
    if (outcome === 'opened') {
      const list = samples.get('events') ?? [];
      list.push(now() - started);
      samples.set('events', list);
    } else {
      const byReason = errors.get('events') ?? new Map();
      byReason.set(outcome, (byReason.get(outcome) ?? 0) + 1);
      errors.set('events', byReason);
    }
  }

  /** Answers in a save: one most often; two or three when typing and moving on meet, or offline. */
  const batchSize = () => {
    const r = Math.random();
    return r < 0.7 ? 1 : r < 0.9 ? 2 : 3;
  };

  async function takeQuiz(s, quizId, answerMs) {
    await sleep(s.arriveMs);
    if (!running) return;
    const own = { user_id: s.userId };
    await holdStream(s);
    const mine = await call(s, 'myQuizzes', own);
    if (!mine?.quizzes?.some((q) => q.id === quizId)) return;
    await think(2_000);
    const start = await call(s, 'startQuizAttempt', { ...own, quiz_id: quizId }, { origin: true });
    if (!start) return;
    s.attemptId = start.attempt_id;
    const ids = { ...own, attempt_id: s.attemptId };
    const attempt = (await call(s, 'getQuizAttempt', ids))?.attempt;
    if (!attempt) return;
    const items = attempt.items;
    const given = new Map();
    let savedAt = now();
    const save = async (positions) => {
      const spent = Math.round((now() - savedAt) / 1000 / positions.length);
      savedAt = now();
      const sent = positions.map((position) => {
        const item = items.find((i) => i.position === position);
        const response = answerTo(item);
        given.set(position, response);
        return { position, response, seconds: spent };
      });
      if (await call(s, SAVE, { ...ids, answers: sent })) answers += sent.length;
    };
    for (let at = 0; at < items.length && running; ) {
      const count = Math.min(batchSize(), items.length - at);
      for (let n = 0; n < count; n++) await think(answerMs);
      if (!running) return;
      await save(items.slice(at, at + count).map((i) => i.position));
      at += count;
    }
    if (!running) return;
    // One in five goes back from the summary and changes an answer.
    if (Math.random() < 0.2) {
      await think(answerMs);
      await save([items[Math.floor(Math.random() * items.length)].position]);
    }
    await think(2_000);
    if (!running) return;
    if (await call(s, 'submitQuizAttempt', ids, { origin: true })) {
      submitted += 1;
      lastSubmitAt = Math.max(lastSubmitAt, now());
    }
    // The review opens, and the quizzes' list is asked again (the submit changed it).
    await Promise.all([call(s, 'quizReview', ids), call(s, 'myQuizzes', own)]);
    s.attemptId = undefined;
  }

  process.on('message', (message) => {
    const { cmd, id } = message;
    if (cmd === 'run') {
      markedAt = now();
      Promise.all(
        message.students.map((s) => takeQuiz({ ...s }, message.quizId, message.answerMs)),
      ).then(() =>
        process.send({
          type: 'ran',
          id,
          samples: Object.fromEntries(samples),
          errors: Object.fromEntries([...errors].map(([k, v]) => [k, Object.fromEntries(v)])),
          timeline: Array.from(timeline, (at) => at ?? { worst: 0, count: 0 }),
          submitted,
          answers,
          lastSubmitAt,
        }),
      );
    } else if (cmd === 'stop') {
      running = false;
      for (const response of responses) response.destroy();
      agent.destroy();
      process.send({ type: 'stopped', id });
      setTimeout(() => process.exit(0), 100);
    }
  });
}
