#!/usr/bin/env node
// npm run bench:quiz-analysis — a quiz's item analysis (issue 51, point 7) over ATTEMPTS
// students' attempts (2,000) at ITEMS items (40): 80,000 answers. The academy is written
// straight into a fresh database (SQLite in a temporary folder; PostgreSQL when DATABASE_URL
// is set, in a schema of its own, dropped at the end): a teacher teaching every student, the
// items (multiple choice, true or false, short answers), the quiz, and one closed attempt per
// student whose answers follow the student's ability and the item's difficulty (a seeded
// random draw, so every run measures the same data). Then:
//   - the analysis' own work in this process (analysis-data.js: its three queries and the
//     statistics), RUNS times;
//   - the call over HTTP to the built server, as an administrator and as the teacher (whose
//     attempts are narrowed to their students by a subquery), RUNS times each;
//   - the CSV export over HTTP.
// Target: the analysis call's median under 500 ms. Exits 1 when it is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueTokens, median, percentile, root, startServer } from './kit.mjs';

const ATTEMPTS = Number(process.env.ATTEMPTS ?? 2000);
const ITEMS = Number(process.env.ITEMS ?? 40);
const RUNS = Number(process.env.RUNS ?? 11);
const TARGET_MS = 500;

const { loadConfig } = await import(path.join(root, 'server/dist/config.js'));
const { openDatabase } = await import(path.join(root, 'server/dist/db/index.js'));
const { createQuiz } = await import(
  path.join(root, 'server/dist/features/quizzes/taking/quizzes-data.js')
);
const { analyseQuiz } = await import(
  path.join(root, 'server/dist/features/quizzes/analysis/analysis-data.js')
);
const { ROLE_ID } = await import('@academy/contract/constants');
const { DEFAULT_REVIEW } = await import('@academy/contract/quizzes/review');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-analysis-'));
const schema = process.env.DATABASE_URL ? `bench_analysis_${process.pid}` : undefined;
const env = {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(schema ? { DATABASE_SCHEMA: schema } : {}),
};
const config = loadConfig({ ...process.env, ...env });

/** A small seeded random number generator (mulberry32): the same academy every run. */
function seeded(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(51);

async function inBatches(db, table, rows, size = 500) {
  for (let i = 0; i < rows.length; i += size)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
}

/** The academy, the quiz and its attempts; the quiz's id and when it was seeded. */
async function seed(db) {
  const now = Date.now();
  const person = (name, username, role_id) => ({
    name,
    username,
    email: `${username}@example.com`,
    password_hash: 'not-a-hash: nobody logs in here',
    role_id,
    gender: 'female',
    created_at: now,
    updated_at: now,
    last_seen_at: null,
  });
  await inBatches(db, 'users', [
    person('Bench Admin', 'bench.admin', ROLE_ID.admin),
    person('Bench Teacher', 'bench.teacher', ROLE_ID.teacher),
    ...Array.from({ length: ATTEMPTS }, (_, i) =>
      person(`Student ${i + 1}`, `bench.student.${i + 1}`, ROLE_ID.user),
    ),
  ]);
  const ids = (role) =>
    db
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', role)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => r.id));
  const [adminId] = await ids(ROLE_ID.admin);
  const [teacherId] = await ids(ROLE_ID.teacher);
  const students = await ids(ROLE_ID.user);
  const cls = await db
    .insertInto('classes')
    .values({ name: 'Bench class', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await inBatches(
    db,
    'class_students',
    students.map((user_id) => ({ class_id: cls.id, user_id, added_at: now })),
  );
  await db
    .insertInto('class_teachers')
    .values({ class_id: cls.id, teacher_id: teacherId, added_at: now })
    .execute();

  // Items: three in four multiple choice (four options, 'a' right), then true or false, then
  // short answers; each with a difficulty from −1.5 to 1.5.
  const items = [];
  for (let n = 0; n < ITEMS; n++) {
    const kind = n % 8 < 6 ? 'choice' : n % 8 === 6 ? 'true_false' : 'short';
    const body =
      kind === 'choice'
        ? {
            type: 'choice',
            multiple: false,
            options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Option ${id} of ${n + 1}` })),
          }
        : { type: kind };
    const key =
      kind === 'choice'
        ? { type: 'choice', credit: { a: 100 } }
        : kind === 'true_false'
          ? { type: 'true_false', answer: true }
          : { type: 'short', accepted: [{ text: 'went', percent: 100 }], typo: 'none' };
    const item = await db
      .insertInto('quiz_items')
      .values({
        type: kind,
        current_version: 1,
        created_by: adminId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = await db
      .insertInto('quiz_item_versions')
      .values({
        item_id: item.id,
        version: 1,
        prompt: `Question ${n + 1}: which is right?`,
        body: JSON.stringify(body),
        key: JSON.stringify(key),
        points: 1,
        created_by: adminId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    items.push({ id: item.id, versionId: version.id, kind, difficulty: (n / ITEMS) * 3 - 1.5 });
  }
  const quizId = await createQuiz(
    db,
    {
      title: 'Bench quiz',
      description: '',
      kind: 'quiz',
      accessStart: now - 86_400_000,
      accessEnd: now + 86_400_000,
      timeLimitSeconds: null,
      attemptsAllowed: 1,
      counts: 'highest',
      shuffleItems: false,
      shuffleOptions: false,
      onePerPage: true,
      review: DEFAULT_REVIEW,
      cards: 'offer',
      outOf: 100,
      bands: null,
    },
    items.map((item) => ({ item_id: item.id })),
    adminId,
    now,
  );
  await inBatches(
    db,
    'quiz_recipients',
    students.map((user_id) => ({ quiz_id: quizId, user_id })),
  );

  const layout = JSON.stringify(
    items.map((item, position) => ({
      position,
      item_id: item.id,
      version_id: item.versionId,
      ...(item.kind === 'choice' ? { option_order: ['a', 'b', 'c', 'd'] } : {}),
    })),
  );
  const answers = [];
  const attempts = students.map((user_id) => {
    const ability = random() * 4 - 2;
    let right = 0;
    const given = items.map((item, position) => {
      const isRight = random() < 1 / (1 + Math.exp(item.difficulty - ability));
      if (isRight) right++;
      const wrong = ['b', 'c', 'd'][Math.floor(random() * 3)];
      const response =
        item.kind === 'choice'
          ? { type: 'choice', chosen: [isRight ? 'a' : wrong] }
          : item.kind === 'true_false'
            ? { type: 'true_false', answer: isRight }
            : { type: 'short', text: isRight ? 'went' : random() < 0.6 ? 'goed' : 'gone' };
      return {
        position,
        version_id: item.versionId,
        response: JSON.stringify(response),
        saved_at: now,
        seconds: 5 + Math.floor(random() * 85),
        hundredths: isRight ? 100 : 0,
      };
    });
    return {
      row: {
        quiz_id: quizId,
        user_id,
        number: 1,
        layout,
        started_at: now - 3_600_000,
        deadline: now + 86_400_000,
        submitted_at: now - 600_000,
        closed_by: 'student',
        hundredths: Math.round((right * 100 * 100) / items.length),
        out_of: 100,
        awaiting_marks: 0,
      },
      given,
    };
  });
  await inBatches(
    db,
    'quiz_attempts',
    attempts.map((a) => a.row),
  );
  const attemptIds = await db
    .selectFrom('quiz_attempts')
    .select(['id', 'user_id'])
    .where('quiz_id', '=', quizId)
    .execute();
  const idOf = new Map(attemptIds.map((a) => [a.user_id, a.id]));
  for (const a of attempts)
    for (const answer of a.given) answers.push({ attempt_id: idOf.get(a.row.user_id), ...answer });
  await inBatches(db, 'quiz_answers', answers, 1000);
  return { quizId, answers: answers.length };
}

const stats = (times) => ({
  median: median(times),
  p95: percentile(times, 95),
  max: Math.max(...times),
});
const line = (what, s) =>
  `  ${what}: median ${s.median.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms, max ${s.max.toFixed(0)} ms`;

async function timed(fn) {
  await fn(); // warm-up: the first call compiles the code paths
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return stats(times);
}

let server;
let failed = false;
const { db } = await openDatabase(config);
try {
  const seeding = performance.now();
  const { quizId, answers } = await seed(db);
  console.log(
    `Item analysis, ${ATTEMPTS} attempts × ${ITEMS} items (${answers} answers) on ${schema ? 'PostgreSQL' : 'SQLite'}, ${RUNS} runs, Node ${process.version} (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s):`,
  );
  const quiz = { id: quizId, title: 'Bench quiz', out_of: 100 };
  let items = 0;
  const inProcess = await timed(async () => {
    items = (await analyseQuiz(db, quiz, undefined)).items.length;
  });
  if (items !== ITEMS) throw new Error(`the analysis found ${items} items, not ${ITEMS}`);
  console.log(line('analysis-data.js in this process', inProcess));

  server = await startServer('analysis', { dataDir, env });
  const tokens = await issueTokens(config, { students: 0, admins: 1, teachers: 1 });
  const get = (route, token) => async () => {
    const res = await fetch(`${server.url}${route}?quiz_id=${quizId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(body)}`);
    if (body.marks && body.marks.count !== ATTEMPTS)
      throw new Error(`${route} counted ${body.marks.count} attempts, not ${ATTEMPTS}`);
  };
  const asAdmin = await timed(get('/api/quiz_analysis.php', tokens.admins[0].token));
  const asTeacher = await timed(get('/api/quiz_analysis.php', tokens.teachers[0].token));
  const csv = await timed(get('/api/export_quiz_analysis.php', tokens.admins[0].token));
  console.log(line('quizAnalysis over HTTP, an administrator', asAdmin));
  console.log(line('quizAnalysis over HTTP, the teacher', asTeacher));
  console.log(line('exportQuizAnalysis (CSV) over HTTP', csv));
  const worst = Math.max(asAdmin.median, asTeacher.median);
  failed = worst >= TARGET_MS;
  console.log(
    `  target: median under ${TARGET_MS} ms: ${failed ? 'MISSED' : 'met'} (${worst.toFixed(0)} ms)`,
  );
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (schema) await db.schema.dropSchema(schema).ifExists().cascade().execute();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
