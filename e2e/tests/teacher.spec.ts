import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  addAccount,
  admin,
  logIn,
  pageSignedIn,
  postOk,
  type SignedIn,
  signIn,
  streamSettles,
} from '../support.js';

/**
 * Issue 29: a teacher's side, on a phone. A teacher signs in and lands on their home, sees
 * today's session of their class and takes its roll from there; they cannot open the page of a
 * student outside their classes, nor an administrator's screen.
 */

const suffix = Date.now().toString(36);
const password = 'teacher-password';
const teacher = { name: `Tess Teacher ${suffix}`, username: `teacher_${suffix}` };
const pupils = [`Zz Taught ${suffix} A`, `Zz Taught ${suffix} B`];
const outsider = `Zz Outsider ${suffix}`;
const className = `Teacher's class ${suffix}`;
let adminLogin: SignedIn;
let teacherLogin: SignedIn;
let outsiderId: number;
let classId: number;

/** An administrator's call that must succeed. */
const call = (api: APIRequestContext, path: string, data: object) =>
  postOk(api, adminLogin.token, path, { data });

/** Makes an account through the admin's call and answers its id. */
const addUser = (api: APIRequestContext, name: string, username: string, roleId: '2' | '3') =>
  addAccount(api, adminLogin.token, { name, username, password, roleId });

test.beforeAll(async ({ playwright }) => {
  adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const teacherId = await addUser(api, teacher.name, teacher.username, '3');
  const pupilIds = [];
  for (const [i, name] of pupils.entries())
    pupilIds.push(await addUser(api, name, `taught_${suffix}_${i}`, '2'));
  outsiderId = await addUser(api, outsider, `outsider_${suffix}`, '2');

  classId = (await call(api, '/api/create_class.php', { name: className })).class_id;
  await call(api, '/api/add_class_students.php', { class_id: classId, user_ids: pupilIds });
  await call(api, '/api/set_class_teachers.php', { class_id: classId, teacher_ids: [teacherId] });
  // One session today, on the academy's clock (the teaching day says which day that is).
  const { today } = await (
    await api.get('/api/get_teaching_day.php', {
      headers: { Authorization: `Bearer ${adminLogin.token}` },
    })
  ).json();
  await call(api, '/api/save_class_schedule.php', {
    class_id: classId,
    weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    first_date: today,
    count: 1,
    time: '09:00 - 10:30',
  });
  teacherLogin = await signIn({ ...teacher, password });
  await api.dispose();
});

test("a teacher takes the roll of today's session from their home, and reaches only their classes", async ({
  page,
}) => {
  await logIn(page, { username: teacher.username, password }, '/teacher');
  await expect(
    page.getByRole('heading', { name: `Hello, ${teacher.name}!`, level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'My classes' }).getByRole('link', { name: className }),
  ).toBeVisible();

  const today = page.getByRole('region', { name: 'Today' });
  const session = today.getByRole('listitem').filter({ hasText: className });
  await expect(session).toContainText('09:00 - 10:30 · 2 students');
  await session.getByRole('link', { name: 'Take the roll' }).click();

  await expect(page.getByRole('heading', { name: `Roll: ${className}`, level: 1 })).toBeVisible();
  await page
    .getByRole('list', { name: 'Students' })
    .getByRole('group', { name: pupils[1] })
    .getByRole('radio', { name: 'Absent' })
    .check();
  await expect(page.getByText('1 present, 1 absent', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save roll' }).click();
  await expect(page.getByText('Roll saved: 1 present, 1 absent.')).toBeVisible();
  await expect(page.getByText(new RegExp(`^Taken by ${teacher.name} `))).toBeVisible();

  // Back home, the session says its roll is taken, and asks for it no more.
  await page.goBack();
  await expect(page).toHaveURL('/teacher');
  await expect(session.getByText('Roll taken', { exact: true })).toBeVisible();
  await expect(session.getByRole('link', { name: 'Take the roll' })).toHaveCount(0);

  // Their class's page leaves out what only an administrator does.
  await page
    .getByRole('region', { name: 'My classes' })
    .getByRole('link', { name: className })
    .click();
  await expect(page.getByRole('heading', { name: className, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Students' }).getByRole('link', { name: pupils[0] }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Add students' })).toHaveCount(0);

  // A student outside their classes: the server's refusal, not the student's page.
  await page.goto(`/students/${outsiderId}`);
  await expect(
    page.getByText('You can only do this for the students of your classes.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: outsider })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();

  // An administrator's screen sends them home.
  await page.goto('/settings');
  await expect(page).toHaveURL('/teacher');
  await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
});

test('the screens a teacher shares with administrators ask nothing only an administrator may', async ({
  browser,
}) => {
  const { page, context } = await pageSignedIn(browser, teacherLogin);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  const screens: [path: string, heading: string][] = [
    ['/teacher', `Hello, ${teacher.name}!`],
    ['/classes', 'Classes'],
    [`/classes/${classId}`, className],
    ['/inbox', 'Inbox'],
    ['/students-correction', 'Students Correction'],
    ['/send-assignment', 'Send Assignment'],
    ['/send-notification', 'Send Notification'],
    ['/speaking-answers', 'Speaking'],
    ['/attendance-warnings', 'Absence warnings'],
    ['/result-sheets', 'Result Sheets'],
    [`/classes/${classId}/results`, 'Results'],
  ];
  for (const [path, heading] of screens) {
    const settles = streamSettles(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await settles();
    // Each screen's way back leads to the teacher's home, not the dashboard they cannot open.
    if (path !== '/teacher' && !path.startsWith('/classes/'))
      await expect(page.getByRole('link', { name: /^Back to Home/ }).first()).toHaveAttribute(
        'href',
        '/teacher',
      );
  }
  expect(refused).toEqual([]);
  await context.close();
});

/** A datetime-local value `hours` from now, in the browser's zone (Playwright runs in the machine's). */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test('a teacher asks their class a speaking question, and only its students are asked', async ({
  browser,
}) => {
  const { page } = await pageSignedIn(browser, teacherLogin);
  await page.goto('/speaking-answers');
  await page.getByRole('button', { name: 'New speaking question' }).click();
  const question = `Tell your class about your weekend ${suffix}`;
  await page.getByLabel('Question', { exact: true }).fill(question);
  // Everyone is an administrator's to ask: a teacher starts from a class of theirs.
  await expect(page.getByRole('option', { name: 'Everyone' })).toHaveCount(0);
  await page.getByLabel('Class', { exact: true }).selectOption(String(classId));
  await page.getByLabel('Opens').fill(localInput(-1));
  await page.getByLabel('Closes').fill(localInput(2));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The question was created for ${className}.`)).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: question }).getByText(`For: ${className}`),
  ).toBeVisible();

  const pupil = await signIn({ username: `taught_${suffix}_0`, password, name: pupils[0] ?? '' });
  const { page: own } = await pageSignedIn(browser, pupil);
  await own.goto('/speaking-screen');
  await expect(own.getByRole('region', { name: question })).toBeVisible();

  // The student outside the class is not asked: their list (the server's) does not hold it.
  const outside = await signIn({ username: `outsider_${suffix}`, password, name: outsider });
  const { page: theirs } = await pageSignedIn(browser, outside);
  const listed = theirs.waitForResponse('**/api/get_open_speaking_questions.php*');
  await theirs.goto('/speaking-screen');
  const answer = await (await listed).json();
  expect(answer.questions.map((q: { question_text: string }) => q.question_text)).not.toContain(
    question,
  );
});
