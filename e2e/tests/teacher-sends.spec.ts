import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  addAccount,
  admin,
  pageSignedIn,
  postOk,
  type SignedIn,
  signIn,
  streamSettles,
} from '../support.js';

/**
 * Issue 29, point 2, on a phone: a teacher sends a schedule to one of their students, edits a
 * session of it, and follows what they sent their class on Sent Items. The student pickers
 * list their classes' students only; another teacher's sent item is not theirs to open.
 */

const suffix = Date.now().toString(36);
const password = 'teacher-password';
const teacher = { name: `Sena Sender ${suffix}`, username: `sender_${suffix}` };
const otherTeacher = { name: `Olya Other ${suffix}`, username: `other_sender_${suffix}` };
const pupils = [`Zz Sched ${suffix} A`, `Zz Sched ${suffix} B`];
const outsider = `Zz Sched Outsider ${suffix}`;
let adminLogin: SignedIn;
let teacherLogin: SignedIn;
let othersSendingId: number;

const post = (api: APIRequestContext, token: string, path: string, data: object) =>
  postOk(api, token, path, { data });

/** Makes an account through the admin's call and answers its id. */
const addUser = (api: APIRequestContext, name: string, username: string, roleId: '2' | '3') =>
  addAccount(api, adminLogin.token, { name, username, password, roleId });

/** A class of these students, taught by this teacher; its id. */
async function classOf(api: APIRequestContext, name: string, students: number[], by: number) {
  const classId = (await post(api, adminLogin.token, '/api/create_class.php', { name })).class_id;
  await post(api, adminLogin.token, '/api/add_class_students.php', {
    class_id: classId,
    user_ids: students,
  });
  await post(api, adminLogin.token, '/api/set_class_teachers.php', {
    class_id: classId,
    teacher_ids: [by],
  });
  return classId as number;
}

/** A notification to a class, sent with the teacher's own call: one sent item of theirs. */
async function notifyClass(api: APIRequestContext, who: SignedIn, classId: number, text: string) {
  const sent = await api.post('/api/add_notification.php', {
    headers: { Authorization: `Bearer ${who.token}` },
    form: { class_id: String(classId), message: text },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const list = await (
    await api.get('/api/get_sendings.php?kind=notification', {
      headers: { Authorization: `Bearer ${who.token}` },
    })
  ).json();
  return list.sendings.find((s: { title: string }) => s.title === text).id as number;
}

test.beforeAll(async ({ playwright }) => {
  adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const teacherId = await addUser(api, teacher.name, teacher.username, '3');
  const otherId = await addUser(api, otherTeacher.name, otherTeacher.username, '3');
  const pupilIds = [];
  for (const [i, name] of pupils.entries())
    pupilIds.push(await addUser(api, name, `sched_${suffix}_${i}`, '2'));
  const outsiderId = await addUser(api, outsider, `sched_out_${suffix}`, '2');
  const classId = await classOf(api, `Sena's class ${suffix}`, pupilIds, teacherId);
  const otherClass = await classOf(api, `Olya's class ${suffix}`, [outsiderId], otherId);

  teacherLogin = await signIn({ ...teacher, password });
  const otherLogin = await signIn({ ...otherTeacher, password });
  await notifyClass(api, teacherLogin, classId, `Bring your books ${suffix}`);
  othersSendingId = await notifyClass(api, otherLogin, otherClass, `Olya's news ${suffix}`);
  await api.dispose();
});

/** The calls a page had refused (403): a screen a teacher opens asks nothing of an admin's. */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  return refused;
}

test('a teacher sends a schedule to one of their students, edits it, and follows what they sent', async ({
  browser,
}) => {
  const { page, context } = await pageSignedIn(browser, teacherLogin);
  const refused = refusals(page);

  // Send Schedule: the picker lists their students only; the way back is their home.
  const settles = streamSettles(page);
  await page.goto('/send-schedule');
  await expect(page.getByRole('heading', { name: 'Send Schedule', level: 1 })).toBeVisible();
  await settles();
  await expect(page.getByRole('link', { name: /^Back to Home/ }).first()).toHaveAttribute(
    'href',
    '/teacher',
  );
  const student = page.getByLabel('Student', { exact: true });
  await expect(student.getByRole('option', { name: pupils[0] })).toHaveCount(1);
  await expect(student.getByRole('option', { name: outsider })).toHaveCount(0);
  await student.selectOption({ label: pupils[0] ?? '' });
  await expect(page.getByText('This student has no sessions yet.')).toBeVisible();
  await page.getByLabel('Session 1 day').selectOption('Tuesday');
  await page.getByLabel('Session 1 date').fill('2026-12-01');
  await page.getByLabel('Session 1 time').fill('16:00 - 17:00');
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByRole('status')).toHaveText('Schedule saved successfully!');

  // Edit Student Schedule: the session they sent, marked held.
  await page.goto('/edit-student-schedule');
  await expect(page.getByRole('link', { name: /^Back to Home/ }).first()).toHaveAttribute(
    'href',
    '/teacher',
  );
  await page.getByLabel('Student', { exact: true }).selectOption({ label: pupils[0] ?? '' });
  await expect(page.getByLabel('Session 1 time')).toHaveValue('16:00 - 17:00');
  await page.getByLabel('Session 1 status').selectOption('Held');
  await page.getByRole('button', { name: 'Save session 1' }).click();
  await expect(page.getByRole('status')).toHaveText('Session updated successfully');

  // Sent Items: what they sent their class, and nothing another teacher sent.
  await page.goto('/sent-items?kind=notification');
  await expect(page.getByRole('heading', { name: 'Sent Items', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Back to Home/ }).first()).toHaveAttribute(
    'href',
    '/teacher',
  );
  const item = page.getByRole('listitem').filter({ hasText: `Bring your books ${suffix}` });
  await expect(item.getByText('0 of 2 read')).toBeVisible();
  await expect(page.getByText(`Olya's news ${suffix}`)).toHaveCount(0);
  await item.getByRole('button', { name: `Open Bring your books ${suffix}` }).click();
  await expect(page).toHaveURL(/\/sent-items\/\d+$/);
  const states = page.getByRole('list', { name: 'Students and whether they read it' });
  await expect(states.getByRole('listitem')).toHaveCount(2);
  await expect(states.getByRole('listitem').filter({ hasText: pupils[1] })).toContainText(
    'Not read yet',
  );
  expect(refused).toEqual([]);
  await context.close();
});

test("a teacher opening another teacher's sent item by its address is told it is not there", async ({
  browser,
}) => {
  const { page, context } = await pageSignedIn(browser, teacherLogin);
  await page.goto(`/sent-items/${othersSendingId}`);
  await expect(page.getByText('Sent item not found.')).toBeVisible();
  await expect(page.getByText(`Olya's news ${suffix}`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Sent Items' }).click();
  await expect(page.getByRole('heading', { name: 'Sent Items', level: 1 })).toBeVisible();
  await context.close();
});
