import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  request,
  test,
} from '@playwright/test';
import { KEPT_ANSWER_PATHS, TEACHER_KEPT_ANSWER_PATHS } from '../../contract/src/kept-answers.js';
import { hrefs, paths } from '../../web/src/shared/paths.js';
import { type Account, addAccount, admin, logIn, postOk, signIn } from '../support.js';

/**
 * Issue 48, point 7: personal answers stay off the device when they are not needed offline.
 * The offline worker keeps only the student's answers the contract names as kept
 * (contract/src/kept-answers.ts), and never one the server marks no-store. After a walk
 * through every staff screen, with a report card, the sheet's CSV and XLSX and the users'
 * and a class's attendance exports downloaded, the device keeps no API answer at all; after
 * the student's, only their kept answers, which go at logout.
 */

test.use({ serviceWorkers: 'allow' });

/** The API calls the walks make whose answers must never be kept: the list. */
const PERSONAL = /report_card|certificate|export_|list_outbox|email_settings|sms_gateway/;

interface World {
  student: Account & { id: number };
  teacher: Account;
  classId: number;
  sendingId: number;
  classSessionId: number;
  termId: number;
  /** A quiz sent to the student: one attempt handed in, one going on (issue 51). */
  quizId: number;
  quizClosedAttemptId: number;
  quizOpenAttemptId: number;
}

const HOUR = 3_600_000;

/**
 * A class with a student and a teacher, an assignment sent to it, a session a week ago whose
 * roll is taken, and a term long ago whose results of the class are published.
 */
async function seed(api: APIRequestContext): Promise<World> {
  const token = (await signIn(admin())).token;
  const suffix = randomBytes(3).toString('hex');
  const student = {
    name: `Kept Student ${suffix}`,
    username: `kept_${suffix}`,
    password: 'kept-student-password',
  };
  const studentId = await addAccount(api, token, { ...student, roleId: '2' });
  const teacher = {
    name: `Kept Teacher ${suffix}`,
    username: `keptt_${suffix}`,
    password: 'kept-teacher-password',
  };
  const teacherId = await addAccount(api, token, { ...teacher, roleId: '3' });
  const { class_id: classId } = await postOk(api, token, '/api/create_class.php', {
    data: { name: `Kept Class ${suffix}` },
  });
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [studentId] },
  });
  await postOk(api, token, '/api/set_class_teachers.php', {
    data: { class_id: classId, teacher_ids: [teacherId] },
  });
  await postOk(api, token, '/api/send_assignment.php', {
    multipart: {
      class_id: String(classId),
      title: `Kept essay ${suffix}`,
      description: 'Due soon',
      file_links: '[]',
    },
  });
  const bearer = { Authorization: `Bearer ${token}` };
  const { sendings } = await (
    await api.get('/api/get_sendings.php', { headers: bearer, params: { kind: 'assignment' } })
  ).json();
  const sendingId = sendings.find((s: { class_id: number }) => s.class_id === classId).id;
  await postOk(api, token, '/api/save_class_schedule.php', {
    data: {
      class_id: classId,
      weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      first_date: new Date(Date.now() - 7 * 24 * HOUR).toISOString().slice(0, 10),
      count: 1,
      time: '10:00 - 11:00',
    },
  });
  const { sessions } = await (
    await api.get('/api/get_class_sessions.php', {
      headers: bearer,
      params: { class_id: classId, when: 'past' },
    })
  ).json();
  const classSessionId = sessions[0].id as number;
  await postOk(api, token, '/api/save_roll.php', {
    data: { class_session_id: classSessionId, marks: [{ user_id: studentId, mark: 'present' }] },
  });
  // A term of one day long ago, a day of its own (terms may not share one).
  let termId = 0;
  for (let attempt = 0; termId === 0 && attempt < 5; attempt++) {
    const offset = (Number.parseInt(suffix, 16) + attempt * 7919) % 9000;
    const day = new Date(Date.UTC(1960, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    const saved = await api.post('/api/save_term.php', {
      headers: bearer,
      data: { name: `Kept Term ${suffix}`, first_day: day, last_day: day },
    });
    if (saved.ok()) termId = (await saved.json()).id;
  }
  expect(termId, 'a term of its own').toBeGreaterThan(0);
  await postOk(api, token, '/api/save_result_scheme.php', {
    data: {
      class_id: classId,
      components: [{ name: 'Final', weight: 100, source: 'typed', final: true }],
    },
  });
  const { components } = await (
    await api.get('/api/get_result_scheme.php', { headers: bearer, params: { class_id: classId } })
  ).json();
  await postOk(api, token, '/api/save_result_scores.php', {
    data: {
      class_id: classId,
      term_id: termId,
      scores: [{ student_id: studentId, component_key: components[0].key, score: '90' }],
    },
  });
  await postOk(api, token, '/api/publish_results.php', {
    data: { class_id: classId, term_id: termId },
  });
  const item = await postOk(api, token, '/api/save_quiz_item.php', {
    data: {
      version: {
        prompt: `Kept question ${suffix}`,
        body: { type: 'true_false' },
        key: { type: 'true_false', answer: true },
        points: 1,
      },
    },
  });
  const quiz = await postOk(api, token, '/api/save_quiz.php', {
    data: {
      title: `Kept quiz ${suffix}`,
      access_start: new Date(Date.now() - HOUR).toISOString(),
      access_end: new Date(Date.now() + 24 * HOUR).toISOString(),
      attempts_allowed: 2,
      parts: [{ item_id: item.id }],
    },
  });
  await postOk(api, token, '/api/send_quiz.php', {
    data: { quiz_id: quiz.id, user_id: studentId },
  });
  const studentToken = (await signIn(student)).token;
  const start = async () =>
    (
      await postOk(api, studentToken, '/api/start_quiz_attempt.php', {
        data: { user_id: studentId, quiz_id: quiz.id },
      })
    ).attempt_id as number;
  const quizClosedAttemptId = await start();
  await postOk(api, studentToken, '/api/submit_quiz_attempt.php', {
    data: { user_id: studentId, attempt_id: quizClosedAttemptId },
  });
  const quizOpenAttemptId = await start();
  return {
    quizId: quiz.id,
    quizClosedAttemptId,
    quizOpenAttemptId,
    student: { ...student, id: studentId },
    teacher,
    classId,
    sendingId,
    classSessionId,
    termId,
  };
}

interface Visit {
  /** The route (paths), for the check that the walk covers every screen. */
  path: string;
  /** The address to open, where it is not the path itself. */
  to?: (world: World) => string;
  /** What to do on the screen once it has loaded: a download. */
  act?: (page: Page, world: World) => Promise<void>;
  /** Calls the issue names that this screen must ask for (downloads, exports, settings). */
  asks?: string[];
}

/** Clicks a button that saves a file, and waits for the file. */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(await file.failure()).toBeNull();
}

/** Every screen an administrator opens (and, for the screens with an id, the seeded one). */
const adminVisits: Visit[] = [
  { path: paths.adminHome },
  { path: paths.createUser },
  {
    path: paths.viewUsers,
    act: (page) => download(page, page.getByRole('button', { name: 'Export users (CSV)' })),
    asks: ['/api/export_users.php'],
  },
  { path: paths.importSlips },
  { path: paths.sendSchedule },
  { path: paths.editStudentSchedule },
  { path: paths.sendAssignment },
  { path: paths.viewAssignments },
  { path: paths.inbox },
  { path: paths.studentsCorrection },
  { path: paths.sent },
  { path: paths.sendNotification },
  { path: paths.allNotifications },
  { path: paths.outbox, asks: ['/api/list_outbox.php'] },
  { path: paths.onlineUsers },
  { path: paths.studentLeitnerBox },
  ...['exam', 'reading', 'listening', 'story', 'speaking'].map((tab) => ({
    path: paths.skillContent,
    to: () => `${paths.skillContent}?tab=${tab}`,
  })),
  { path: paths.auditLog },
  { path: paths.settings, asks: ['/api/get_email_settings.php', '/api/get_sms_gateway.php'] },
  { path: paths.classes },
  {
    path: paths.classPage,
    to: (world) => hrefs.classPage(world.classId),
    act: async (page, world) => {
      // The Results card with a term to choose (the class page has a second, the sheet's link).
      const results = page
        .getByRole('region', { name: 'Results' })
        .filter({ has: page.getByLabel('Term') });
      // The seeded term, whatever terms other tests have made meanwhile (the newest is chosen
      // first, and its results are not published).
      await results.getByLabel('Term').selectOption(String(world.termId));
      await download(
        page,
        results.getByRole('button', { name: 'Download the report cards (PDF)' }),
      );
      await download(page, page.getByRole('button', { name: 'Export attendance (CSV)' }));
    },
    asks: ['/api/get_class_report_cards.php', '/api/export_class_attendance.php'],
  },
  { path: paths.roll, to: (world) => hrefs.roll(world.classSessionId) },
  { path: paths.speakingAnswers },
  // Tuition (issue 52): money is never kept on a staff member's device.
  { path: paths.feePlan, to: (world) => hrefs.feePlan(world.classId) },
  { path: paths.payments },
  { path: paths.payerStatement, to: (world) => hrefs.payerStatement(world.student.id) },
  { path: paths.debtors },
  { path: paths.moneyRules },
  { path: paths.cardTransfers },
  { path: paths.moneyReports },
  // Teachers' pay (point 7): an administrator's of everyone, never kept.
  { path: paths.teacherPay },
  { path: paths.attendanceWarnings },
  { path: paths.sentItems },
  { path: paths.sentItem, to: (world) => hrefs.sentItem(world.sendingId) },
  // A student's own read, which the student's device keeps, asked for on the student's page.
  {
    path: paths.studentPage,
    to: (world) => hrefs.studentPage(world.student.id),
    asks: ['/api/get_results.php'],
  },
  { path: paths.resultSheets },
  {
    path: paths.resultSheet,
    to: (world) => hrefs.resultSheet(world.classId, world.termId),
    act: async (page) => {
      const files = page.getByRole('region', { name: 'Spreadsheets' });
      await download(page, files.getByRole('button', { name: 'Export (CSV)' }));
      await download(page, files.getByRole('button', { name: 'Export (XLSX)' }));
    },
    asks: ['/api/export_result_sheet.php', '/api/export_result_sheet_xlsx.php'],
  },
  { path: paths.changePassword },
  { path: paths.messageChoices },
];

/** A teacher's own home, and the screens of their class and student. */
const teacherVisits: Visit[] = [
  { path: paths.teacherHome },
  // Their own pay (issue 52, point 7): money is never kept on a staff member's device.
  { path: paths.myPay },
  // The question bank (issue 51): every staff member's. Its export is a download, whose answer
  // must not stay on the device either.
  {
    path: paths.questionBank,
    act: (page) => download(page, page.getByRole('button', { name: 'Export GIFT' })),
    asks: ['/api/export_questions_gift.php'],
  },
  // An item no bank has: the editor's "not in the bank" state (its call must not be kept).
  { path: paths.questionItem, to: () => hrefs.questionItem(2_000_000_000) },
  { path: paths.newQuestionItem },
  { path: paths.questionImport },
  { path: paths.questionPassages },
  // Quizzes (issue 51): a staff member's device keeps none of them, nor the analysis' files.
  { path: paths.quizzes },
  { path: paths.newQuiz },
  { path: paths.quiz, to: (world) => hrefs.quiz(world.quizId) },
  { path: paths.quizAttempts, to: (world) => hrefs.quizAttempts(world.quizId) },
  {
    path: paths.quizAttempt,
    to: (world) => hrefs.quizAttempt(world.quizClosedAttemptId, world.student.id),
  },
  {
    path: paths.quizAnalysis,
    to: (world) => hrefs.quizAnalysis(world.quizId),
    act: async (page) => {
      await download(page, page.getByRole('button', { name: 'Download (CSV)' }));
      await download(page, page.getByRole('button', { name: 'Download (XLSX)' }));
    },
    asks: ['/api/export_quiz_analysis.php', '/api/export_quiz_analysis_xlsx.php'],
  },
  { path: paths.classPage, to: (world) => hrefs.classPage(world.classId) },
  { path: paths.studentPage, to: (world) => hrefs.studentPage(world.student.id) },
  { path: paths.roll, to: (world) => hrefs.roll(world.classSessionId) },
  { path: paths.resultSheet, to: (world) => hrefs.resultSheet(world.classId, world.termId) },
];

/** Every screen a student opens. */
const studentVisits: Visit[] = [
  paths.userHome,
  paths.schedule,
  paths.downloadAssignment,
  paths.submitAssignment,
  paths.assignmentResults,
  paths.notification,
  paths.examPage,
  paths.game,
  paths.skillBuilder,
  paths.speakingScreen,
  paths.readingPage,
  paths.listeningPage,
  paths.storyPage,
  paths.leitnerBox,
  paths.addCard,
  paths.cardLibrary,
  paths.flashcardBox,
  paths.myQuizzes,
  paths.myPayments,
  paths.cardTransfer,
]
  .map((path): Visit => ({ path }))
  .concat([
    // An attempt going on and a review: kept, bodies and what the review shows only (issue 51).
    { path: paths.quizTaking, to: (world) => hrefs.quizTaking(world.quizOpenAttemptId) },
    { path: paths.quizReview, to: (world) => hrefs.quizReview(world.quizClosedAttemptId) },
  ]);

/** The screens anyone opens, signed in or not: nothing of anyone's to keep. */
const publicPaths: string[] = [
  paths.root,
  paths.login,
  paths.loading,
  paths.verify,
  paths.verifyCertificate,
  paths.forgotPassword,
  paths.resetPassword,
];

test('the walks cover every screen of the app', () => {
  const walked = new Set(
    [...adminVisits, ...teacherVisits, ...studentVisits, { path: paths.results }].map(
      (v) => v.path,
    ),
  );
  expect(
    Object.values(paths).filter((path) => !walked.has(path) && !publicPaths.includes(path)),
  ).toEqual([]);
});

/** Every API address any of the page's caches holds (the worker's, the precache's, the pages'). */
function cachedApiUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        if (new URL(request.url).pathname.startsWith('/api/')) urls.push(request.url);
    }
    return urls;
  });
}

const pathOf = (url: string) => new URL(url).pathname;

/** The API paths the page asks for from now on. */
function watchCalls(page: Page): Set<string> {
  const asked = new Set<string>();
  page.on('request', (r) => {
    const path = pathOf(r.url());
    if (path.startsWith('/api/')) asked.add(path);
  });
  return asked;
}

async function waitForControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
}

/** Opens each screen and waits until it has drawn its heading and finished loading. */
async function walk(page: Page, world: World, visits: Visit[]) {
  for (const visit of visits) {
    const address = visit.to ? visit.to(world) : visit.path;
    await test.step(address, async () => {
      await page.goto(address);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await visit.act?.(page, world);
    });
  }
}

let world: World;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  world = await seed(api);
  await api.dispose();
});

/**
 * The administrator's walk in parts of a few screens each, each part a test of its own (a
 * device of its own, signed in afresh): the whole walk, some forty screens, took longer than
 * one test may on a busy machine.
 */
const ADMIN_WALK_PARTS = 4;
const partOf = (i: number) =>
  adminVisits.slice(
    Math.floor((i * adminVisits.length) / ADMIN_WALK_PARTS),
    Math.floor(((i + 1) * adminVisits.length) / ADMIN_WALK_PARTS),
  );

test('the administrator’s walk asks for every download, export and setting the issue names', () => {
  const named = [
    '/api/get_class_report_cards.php',
    '/api/export_users.php',
    '/api/export_class_attendance.php',
    '/api/export_result_sheet.php',
    '/api/export_result_sheet_xlsx.php',
    '/api/list_outbox.php',
    '/api/get_email_settings.php',
    '/api/get_sms_gateway.php',
    '/api/get_results.php',
  ];
  const asks = new Set(adminVisits.flatMap((visit) => visit.asks ?? []));
  expect(named.filter((path) => !asks.has(path))).toEqual([]);
  const walked = Array.from({ length: ADMIN_WALK_PARTS }, (_, i) => partOf(i)).flat();
  expect(walked).toEqual(adminVisits);
});

for (let part = 0; part < ADMIN_WALK_PARTS; part++)
  test(`after a walk through every staff screen and its downloads, the device keeps no API answer (part ${part + 1} of ${ADMIN_WALK_PARTS})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const visits = partOf(part);
    await logIn(page, admin(), '/admin');
    await waitForControl(page);
    const asked = watchCalls(page);
    await walk(page, world, visits);

    // The part asked for what the issue names on its screens: downloads, exports, settings.
    const named = visits.flatMap((visit) => visit.asks ?? []);
    expect(named.filter((path) => !asked.has(path))).toEqual([]);

    const cached = await cachedApiUrls(page);
    expect(cached.filter((url) => !KEPT_ANSWER_PATHS.has(pathOf(url)))).toEqual([]);
    expect(cached.filter((url) => PERSONAL.test(url))).toEqual([]);
    // No staff screen is kept for use offline: nothing of anyone's stays on this device.
    expect(cached).toEqual([]);
  });

test("a teacher's device keeps none of their students' answers either, only their day and its rolls", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, world.teacher, '/teacher');
  await waitForControl(page);
  const asked = watchCalls(page);
  await walk(page, world, teacherVisits);
  expect(asked).toContain('/api/get_results.php');
  // Issue 49, point 1: their teaching day and its rolls are kept for a classroom with no signal.
  const cached = await cachedApiUrls(page);
  expect(cached.filter((url) => !TEACHER_KEPT_ANSWER_PATHS.has(pathOf(url)))).toEqual([]);
});

test("a student's device keeps only their answers kept for offline use, never their report card, and forgets them at logout", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await logIn(page, world.student, '/user');
  await waitForControl(page);
  const asked = watchCalls(page);
  await walk(page, world, studentVisits);
  await page.goto(paths.results);
  const card = page.getByRole('article').first();
  await download(page, card.getByRole('button', { name: 'Download the report card (PDF)' }));
  await download(page, card.getByRole('button', { name: 'Download the certificate (PDF)' }));
  expect(asked).toContain('/api/get_report_card.php');
  expect(asked).toContain('/api/get_certificate.php');

  // What the screens kept for offline use read is kept (written as each answer arrives):
  // every kept call the walk made, the schedule's, results' and notifications' among them.
  const keptAsked = [...KEPT_ANSWER_PATHS].filter((path) => asked.has(path));
  expect(keptAsked).toEqual(
    expect.arrayContaining([
      '/api/get_attendance.php',
      '/api/get_results.php',
      '/api/get_notifications.php',
      '/api/students_get_corrections.php',
    ]),
  );
  await expect
    .poll(async () => [...new Set((await cachedApiUrls(page)).map(pathOf))].sort())
    .toEqual(keptAsked.sort());
  const cached = await cachedApiUrls(page);
  expect(cached.filter((url) => !KEPT_ANSWER_PATHS.has(pathOf(url)))).toEqual([]);
  expect(cached.filter((url) => PERSONAL.test(url))).toEqual([]);

  // Logout forgets them: nothing read so far stays for the next person on this phone.
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  // Read first, so the home's popup does not cover its Logout.
  await page.request.post('/api/mark_all_notifications_read.php', {
    headers: { Authorization: `Bearer ${token}` },
  });
  await page.goto(paths.userHome);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(paths.login);
  await expect.poll(() => cachedApiUrls(page)).toEqual([]);
});
