import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { addAccount, admin, createStudent, postOk, type SignedIn, signIn } from '../support.js';

/**
 * Issue 30, point 1 (the rest), on phones: a teacher marks their student's attempt at an exam
 * where the attempts are listed, out of the exam's maximum, and is refused in words a mark over
 * it; the student, on the exam page, sees the mark beside the exam as soon as it is saved. A
 * mark on a reading stays on the reading page once the reading has ended.
 */

const phone = { width: 375, height: 812 };
const DAY = 86_400_000;
const suffix = Date.now().toString(36);
const password = 'teacher-password';
let adminLogin: SignedIn;
let teacherLogin: SignedIn;
let student: { name: string; login: SignedIn };

/** An administrator's call that must succeed. */
const call = (api: APIRequestContext, path: string, body: Parameters<typeof postOk>[3]) =>
  postOk(api, adminLogin.token, path, body);

/** A page of its own on a phone, already signed in. */
async function phonePage(browser: Browser, who: SignedIn) {
  const context = await browser.newContext({ storageState: who.state, viewport: phone });
  return { context, page: await context.newPage() };
}

/** Nothing on the page is wider than the phone (no sideways scrolling). */
const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * An item for the student alone, opened long ago so it is the first the page shows (other
 * tests' items are opened later), marked out of `outOf`; the student has started it.
 */
async function startedItem(
  api: APIRequestContext,
  fields: { kind: 'exam' | 'reading'; title: string; outOf: string; endsAt: number },
) {
  const { id } = await call(api, '/api/save_skill_item.php', {
    multipart: {
      kind: fields.kind,
      title: fields.title,
      access_start: new Date(Date.now() - 30 * DAY).toISOString(),
      access_end: new Date(fields.endsAt).toISOString(),
      link_url: `https://files.example.com/${fields.kind}-${suffix}.pdf`,
      student_ids: JSON.stringify([student.login.userId]),
      mark_out_of: fields.outOf,
    },
  });
  const start =
    fields.kind === 'exam'
      ? { path: '/api/update_attempted.php', data: { user_id: student.login.userId, exam_id: id } }
      : {
          path: '/api/update_reading_attempted.php',
          data: { user_id: student.login.userId, item_id: id },
        };
  await postOk(api, student.login.token, start.path, { data: start.data });
  return id as number;
}

test.beforeAll(async ({ playwright }) => {
  adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const teacher = { name: `Mona Marker ${suffix}`, username: `marker_${suffix}`, password };
  const teacherId = await addAccount(api, adminLogin.token, { ...teacher, roleId: '3' });
  teacherLogin = await signIn(teacher);
  const account = await createStudent({ name: `Pia Marked ${suffix}` });
  student = { name: account.name, login: await signIn(account) };
  const classId = (
    await call(api, '/api/create_class.php', { data: { name: `Marked class ${suffix}` } })
  ).class_id;
  await call(api, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [student.login.userId] },
  });
  await call(api, '/api/set_class_teachers.php', {
    data: { class_id: classId, teacher_ids: [teacherId] },
  });
  await api.dispose();
});

test("a teacher marks their student's exam on a phone, and the student sees it beside the exam", async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const title = `Unit test ${suffix}`;
  await startedItem(api, { kind: 'exam', title, outOf: '20', endsAt: Date.now() + DAY });
  await api.dispose();

  // The student has the exam page open, started and not yet marked.
  const own = await phonePage(browser, student.login);
  await own.page.goto('/exam-page');
  const examCard = own.page.getByRole('heading', { name: title, level: 2 }).locator('..');
  await expect(own.page.getByText('You have already started this exam.')).toBeVisible();
  await expect(own.page.getByText(/^Mark:/)).toHaveCount(0);

  const { context, page } = await phonePage(browser, teacherLogin);
  await page.goto('/teacher');
  await page.getByRole('link', { name: 'Exams and Skill Builder' }).click();
  await expect(
    page.getByRole('heading', { name: 'Exams and Skill Builder', level: 1 }),
  ).toBeVisible();
  const card = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: title }),
  });
  await expect(card.getByText('Marked out of 20')).toBeVisible();
  // Making and editing items is the administrator's.
  await expect(page.getByRole('button', { name: 'New exam' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /Edit/ })).toHaveCount(0);

  await card.getByRole('button', { name: 'Started by 1' }).click();
  const attempt = card.getByRole('listitem').filter({ hasText: student.name });
  await expect(attempt.getByText('Not marked yet')).toBeVisible();
  const field = attempt.getByLabel(`Mark for ${student.name}, out of 20`);
  await field.fill('21');
  await attempt.getByRole('button', { name: 'Save mark' }).click();
  await expect(attempt.getByRole('alert')).toHaveText('The mark can be at most 20.');

  await field.fill('17,5');
  await attempt.getByRole('button', { name: 'Save mark' }).click();
  await expect(attempt.getByRole('status')).toHaveText('The mark was saved.');
  await expect(attempt.getByText('Mark: 17.5 / 20')).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);

  // The student's page, open all along, shows the mark beside the exam.
  await expect(examCard.getByText('Mark: 17.5 / 20')).toBeVisible();
  expect(await fitsThePhone(own.page)).toBe(true);

  // The administrator's item form shows what it is marked out of, fixed while it has marks.
  const adminPage = await phonePage(browser, adminLogin);
  await adminPage.page.goto('/skill-content');
  const adminCard = adminPage.page.getByRole('listitem').filter({
    has: adminPage.page.getByRole('heading', { name: title }),
  });
  await adminCard.getByRole('button', { name: /Edit/ }).click();
  const outOf = adminPage.page.getByLabel('Marked out of');
  await expect(outOf).toHaveValue('20');
  await outOf.fill('0');
  await adminPage.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(adminPage.page.getByRole('alert')).toHaveText(
    'The mark must be out of a whole number from 1 to 1000.',
  );
  await outOf.fill('10');
  await adminPage.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(adminPage.page.getByRole('alert')).toHaveText(
    'This exam has marks out of 20 already: take them away before changing what it is marked out of.',
  );
  await adminPage.context.close();

  // Emptied and saved, the mark is taken away, for the student too.
  await field.fill('');
  await attempt.getByRole('button', { name: 'Save mark' }).click();
  await expect(attempt.getByRole('status')).toHaveText('The mark was taken away.');
  await expect(attempt.getByText('Not marked yet')).toBeVisible();
  await expect(own.page.getByText(/^Mark:/)).toHaveCount(0);
  await context.close();
  await own.context.close();
});

test('a mark on a reading stays on the reading page once the reading has ended', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const title = `Short reading ${suffix}`;
  // Open for a few seconds more: the page shows it, then, once it has ended, its mark apart.
  const id = await startedItem(api, {
    kind: 'reading',
    title,
    outOf: '10',
    endsAt: Date.now() + 8_000,
  });
  await call(api, '/api/mark_skill_attempt.php', {
    data: { item_id: id, user_id: student.login.userId, mark: '9' },
  });
  await api.dispose();

  const { context, page } = await phonePage(browser, student.login);
  await page.goto('/reading-page');
  const past = page.getByRole('region', { name: 'Your marks on earlier readings' });
  // The live stream tells the page when the reading closes; it then lists the mark apart.
  await expect(past).toBeVisible({ timeout: 20_000 });
  await expect(past.getByRole('listitem').filter({ hasText: title })).toContainText('Mark: 9 / 10');
  await expect(page.getByRole('heading', { name: title, level: 2 })).toHaveCount(0);
  expect(await fitsThePhone(page)).toBe(true);
  await context.close();
});
