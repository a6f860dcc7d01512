import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  addAccount,
  admin,
  createStudent,
  pageSignedIn,
  postOk,
  type SignedIn,
  signIn,
  streamSettles,
} from '../support.js';

/**
 * Issue 29, point 2, on a phone: a teacher opens the lists an administrator reads of every
 * student (View Assignments, All Notifications, the Student Leitner Box, Sent Corrections) and
 * finds their own student's things there, never those of a student of another class; each
 * screen leads back to the teacher's home.
 */

const suffix = Date.now().toString(36);
const password = 'teacher-password';
const teacher = { name: `Vera Viewer ${suffix}`, username: `viewer_${suffix}` };
let adminLogin: SignedIn;
let teacherLogin: SignedIn;
/** The teacher's student and a student of another class, by name. */
let taught: string;
let elsewhere: string;

/** An administrator's call that must succeed. */
const call = (api: APIRequestContext, path: string, body: Parameters<typeof postOk>[3]) =>
  postOk(api, adminLogin.token, path, body);

/** What each student is sent: their assignment, notification, card and correction. */
const things = (name: string) => ({
  assignment: `Task for ${name}`,
  notification: `Note for ${name}`,
  card: `Card of ${name}`,
  correction: `Correction for ${name}`,
});

test.beforeAll(async ({ playwright }) => {
  adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const teacherId = await addAccount(api, adminLogin.token, { ...teacher, password, roleId: '3' });
  const [mine, other] = [
    await createStudent({ name: `Tina Taught ${suffix}` }),
    await createStudent({ name: `Olga Elsewhere ${suffix}` }),
  ];
  taught = mine.name;
  elsewhere = other.name;
  for (const [student, classOf] of [
    [mine, [teacherId]],
    [other, []],
  ] as const) {
    const { userId } = await signIn(student);
    const classId = (
      await call(api, '/api/create_class.php', { data: { name: `Class of ${student.name}` } })
    ).class_id;
    await call(api, '/api/add_class_students.php', {
      data: { class_id: classId, user_ids: [userId] },
    });
    await call(api, '/api/set_class_teachers.php', {
      data: { class_id: classId, teacher_ids: classOf },
    });
    const sent = things(student.name);
    await call(api, '/api/send_assignment.php', {
      multipart: {
        user_id: String(userId),
        title: sent.assignment,
        description: 'Read the chapter',
        file_links: '[]',
      },
    });
    await call(api, '/api/add_notification.php', {
      form: { user_id: String(userId), message: sent.notification },
    });
    await call(api, '/api/add_card.php', {
      data: { user_id: userId, front_text: sent.card, back_text: 'back' },
    });
    await call(api, '/api/send_correction.php', {
      multipart: { user_id: String(userId), title: sent.correction, description: 'Well done' },
    });
  }
  teacherLogin = await signIn({ ...teacher, password });
  await api.dispose();
});

test("a teacher's lists of every student's things hold their own students' only", async ({
  browser,
}) => {
  const { page, context } = await pageSignedIn(browser, teacherLogin);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  const [mine, theirs] = [things(taught), things(elsewhere)];

  /** Opens a screen, waits for what it shows of the teacher's student, and checks its way back. */
  const open = async (path: string, heading: string, shown: string) => {
    const settles = streamSettles(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText(shown).first()).toBeVisible();
    await settles();
    await expect(page.getByRole('link', { name: /^Back to Home/ }).first()).toHaveAttribute(
      'href',
      '/teacher',
    );
  };

  await open('/view-assignments', 'View Assignments', mine.assignment);
  await expect(page.getByRole('link', { name: taught })).toBeVisible();
  await expect(page.getByText(theirs.assignment)).toHaveCount(0);
  await expect(page.getByText(elsewhere)).toHaveCount(0);

  await open('/all-notifications', 'All Notifications', mine.notification);
  await expect(page.getByText(theirs.notification)).toHaveCount(0);
  // The other student's correction and card told them too: nothing of theirs is listed.
  await expect(page.getByText(elsewhere)).toHaveCount(0);

  await open('/studentleitnerbox', 'Student Leitner Box', taught);
  await expect(page.getByText(elsewhere)).toHaveCount(0);
  await page.getByRole('button', { name: new RegExp(taught) }).click();
  await expect(page.getByRole('cell', { name: mine.card })).toBeVisible();

  await open('/sent', 'Sent Corrections', mine.correction);
  await expect(page.getByText(theirs.correction)).toHaveCount(0);
  await expect(page.getByText(elsewhere)).toHaveCount(0);

  expect(refused).toEqual([]);
  await context.close();
});
