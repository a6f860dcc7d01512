import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { addAccount, admin, postOk, type SignedIn, signIn } from '../support.js';

/**
 * Issue 51, point 7, on a phone: a teacher's quiz is taken by three of their students (through
 * the API, as the app's own calls), then the teacher opens its item analysis: the marks' mean,
 * median and chart, each item's share right and its most common wrong answer, and the CSV.
 */

const phone = { width: 360, height: 780 };
const suffix = Date.now().toString(36);
const HOUR = 3_600_000;
let teacherLogin: SignedIn;
let quizId: number;

const person = (role: string, i = 0) => ({
  name: `${role} ${i} ${suffix}`,
  username: `${role.toLowerCase()}${i}_${suffix}`,
  password: `${role.toLowerCase()}-password`,
});

/** A student takes the quiz: item 1 by option id, item 2 true or false, then submits. */
async function take(api: APIRequestContext, who: SignedIn, capital: string, sunIsAStar: boolean) {
  const user_id = who.userId;
  const started = await postOk(api, who.token, '/api/start_quiz_attempt.php', {
    data: { user_id, quiz_id: quizId },
  });
  const attempt_id = started.attempt_id as number;
  await postOk(api, who.token, '/api/save_quiz_answers.php', {
    data: {
      user_id,
      attempt_id,
      answers: [
        { position: 0, response: { type: 'choice', chosen: [capital] } },
        { position: 1, response: { type: 'true_false', answer: sunIsAStar } },
      ],
    },
  });
  await postOk(api, who.token, '/api/submit_quiz_attempt.php', { data: { user_id, attempt_id } });
}

test.beforeAll(async ({ playwright }) => {
  const adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const teacher = person('Teacher');
  const teacherId = await addAccount(api, adminLogin.token, { ...teacher, roleId: '3' });
  teacherLogin = await signIn(teacher);
  const students: SignedIn[] = [];
  const studentIds: number[] = [];
  for (const i of [1, 2, 3]) {
    const student = person('Student', i);
    studentIds.push(await addAccount(api, adminLogin.token, { ...student, roleId: '2' }));
    students.push(await signIn(student));
  }
  const made = await postOk(api, adminLogin.token, '/api/create_class.php', {
    data: { name: `Analysis ${suffix}` },
  });
  const class_id = made.class_id as number;
  await postOk(api, adminLogin.token, '/api/add_class_students.php', {
    data: { class_id, user_ids: studentIds },
  });
  await postOk(api, adminLogin.token, '/api/set_class_teachers.php', {
    data: { class_id, teacher_ids: [teacherId] },
  });

  const item = async (version: object) =>
    (await postOk(api, teacherLogin.token, '/api/save_quiz_item.php', { data: { version } }))
      .id as number;
  const capital = await item({
    prompt: `The capital of France? (${suffix})`,
    body: {
      type: 'choice',
      multiple: false,
      options: [
        { id: 'a', text: 'Paris' },
        { id: 'b', text: 'Rome' },
        { id: 'c', text: 'Madrid' },
      ],
    },
    key: { type: 'choice', credit: { a: 100 } },
    points: 1,
  });
  const sun = await item({
    prompt: `The sun is a star. (${suffix})`,
    body: { type: 'true_false' },
    key: { type: 'true_false', answer: true },
    points: 1,
  });
  const now = Date.now();
  const quiz = await postOk(api, teacherLogin.token, '/api/save_quiz.php', {
    data: {
      title: `Analysis check ${suffix}`,
      access_start: new Date(now - HOUR).toISOString(),
      access_end: new Date(now + 24 * HOUR).toISOString(),
      parts: [{ item_id: capital }, { item_id: sun }],
    },
  });
  quizId = quiz.id as number;
  await postOk(api, teacherLogin.token, '/api/send_quiz.php', {
    data: { quiz_id: quizId, class_id },
  });
  // 100 %, 50 % and 0 %: a mean and a median of 50 %; Rome is the common wrong answer.
  const [first, second, third] = students as [SignedIn, SignedIn, SignedIn];
  await take(api, first, 'a', true);
  await take(api, second, 'b', true);
  await take(api, third, 'b', false);
  await api.dispose();
});

test('a teacher reads a quiz’s item analysis and downloads it, on a phone', async ({ browser }) => {
  const context = await browser.newContext({
    storageState: teacherLogin.state,
    viewport: phone,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(`/quizzes/${quizId}/analysis`);
  await expect(page.getByRole('heading', { name: 'Item analysis', level: 1 })).toBeVisible();
  await expect(page.getByText(`Of “Analysis check ${suffix}”.`)).toBeVisible();

  const marks = page.getByRole('region', { name: 'Marks' });
  await expect(marks.getByRole('definition').first()).toHaveText('3');
  await expect(marks.getByText('Mean mark')).toBeVisible();
  await expect(marks.locator('dd').nth(1)).toHaveText('50 %');
  await expect(marks.locator('dd').nth(2)).toHaveText('50 %');
  // The chart's bands, each with its count in words: one at 0 %, one at 50 %, one at 100 %.
  const bands = marks.getByRole('listitem');
  await expect(bands).toHaveCount(10);
  await expect(bands.filter({ hasText: '0–10 %' })).toContainText('1 attempt');
  await expect(bands.filter({ hasText: '50–60 %' })).toContainText('1 attempt');
  await expect(bands.filter({ hasText: '90–100 %' })).toContainText('1 attempt');
  await expect(bands.filter({ hasText: '20–30 %' })).toContainText('0 attempts');

  const items = page.getByRole('table', { name: 'Items' });
  const capitalRow = items.getByRole('row').filter({ hasText: 'The capital of France?' });
  await expect(capitalRow).toContainText('33 %');
  await expect(capitalRow).toContainText('“Rome” (chosen by 2 students)');
  await expect(capitalRow).toContainText('Too few attempts');
  const sunRow = items.getByRole('row').filter({ hasText: 'The sun is a star.' });
  await expect(sunRow).toContainText('67 %');
  await expect(sunRow).toContainText('“False” (chosen by 1 student)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^item-analysis-analysis-check-.*\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('most common wrong answer');
  expect(csv).toMatch(/The capital of France\? \([a-z0-9]+\),Multiple choice,no,3,33,,Rome,2,/);
  await expect(page.getByText('Exported the analysis of 2 items.')).toBeVisible();
  await context.close();
});
