import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  admin,
  createStudent,
  pageSignedIn,
  type SignedIn,
  serverError,
  signIn,
} from '../support.js';

/**
 * Issue 29, the administrator's side of teachers: a teacher's account made on Create User (the
 * role Teacher), View Users naming the role, the class's page giving the class that teacher,
 * and the dashboard's Today's classes offering a session of today's roll. Then each of the new
 * cards' other states: no teacher accounts at all, a failed load, no classes today.
 */

const suffix = Date.now().toString(36);
let adminLogin: SignedIn;
let classId: number;
const className = `Zz Teaching ${suffix}`;
const teacher = {
  name: `Zz Teacher ${suffix}`,
  username: `zzteacher_${suffix}`,
  email: `zz.teacher.${suffix}@example.com`,
  password: 'teacher-password',
};

async function call(api: APIRequestContext, path: string, data?: object) {
  const headers = { Authorization: `Bearer ${adminLogin.token}` };
  const answer = data ? await api.post(path, { headers, data }) : await api.get(path, { headers });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

test.beforeAll(async ({ playwright }) => {
  adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const student = await signIn(await createStudent({ name: `Zz Teaching ${suffix} Ada` }));
  classId = (await call(api, '/api/create_class.php', { name: className })).class_id;
  await call(api, '/api/add_class_students.php', { class_id: classId, user_ids: [student.userId] });
  // One session, on the academy's today (its own time zone's, as the server answers it).
  const { today } = await call(api, '/api/get_teaching_day.php');
  await call(api, '/api/save_class_schedule.php', {
    class_id: classId,
    weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    first_date: today,
    count: 1,
    time: '07:05',
  });
  await api.dispose();
});

test('the administrator makes a teacher on Create User, sees the role on View Users, and gives a class that teacher', async ({
  browser,
}) => {
  const { page } = await pageSignedIn(browser, adminLogin);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Create User' }).click();
  await page.getByLabel('Name', { exact: true }).fill(teacher.name);
  await page.getByLabel('Username').fill(teacher.username);
  await page.getByLabel('Email').fill(teacher.email);
  await page.getByLabel('Password', { exact: true }).fill(teacher.password);
  const role = page.getByLabel('Role');
  await expect(role.getByRole('option')).toHaveText(['User', 'Teacher', 'Admin']);
  await role.selectOption({ label: 'Teacher' });
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User added successfully.')).toBeVisible();

  await page.goto('/view-users');
  await page.getByLabel('Search users').fill(teacher.username);
  const row = page.getByRole('row').filter({ hasText: teacher.username });
  await expect(row).toContainText(teacher.name);
  await expect(row.locator('td[data-label="Role"]')).toHaveText('Teacher');

  await page.goto(`/classes/${classId}`);
  const card = page.getByRole('region', { name: 'Teachers' });
  await expect(card.getByText('No teachers yet.')).toBeVisible();
  await expect(card.getByText('No teachers chosen yet.')).toBeVisible();
  const save = card.getByRole('button', { name: 'Save teachers' });
  await expect(save).toBeDisabled();
  await card.getByRole('checkbox', { name: teacher.name }).check();
  await expect(card.getByText('1 teacher chosen.')).toBeVisible();
  await save.click();
  await expect(card.getByText(`${className} has 1 teacher now.`)).toBeVisible();
  const named = card.getByRole('list', { name: 'Teachers of this class' });
  await expect(named.getByRole('listitem')).toHaveText([teacher.name]);
  await expect(save).toBeDisabled();

  // The class keeps its teacher: a fresh page names them and ticks their box.
  await page.reload();
  await expect(named.getByRole('listitem')).toHaveText([teacher.name]);
  await expect(card.getByRole('checkbox', { name: teacher.name })).toBeChecked();
});

test("the dashboard's Today's classes offers today's session's roll, and the roll opens from it", async ({
  browser,
}) => {
  const { page } = await pageSignedIn(browser, adminLogin);
  await page.goto('/admin');
  const today = page.getByRole('region', { name: "Today's classes" });
  await expect(today.getByText(/\d+ rolls? not yet taken\./)).toBeVisible();
  const session = today.getByRole('listitem').filter({ hasText: className });
  await expect(session).toContainText('07:05');
  await expect(session).toContainText('1 student');
  await session.getByRole('link', { name: 'Take the roll' }).click();
  await expect(page).toHaveURL(/\/roll\/\d+$/);
  await expect(page.getByRole('heading', { name: `Roll: ${className}`, level: 1 })).toBeVisible();
});

test.describe('the new cards say what they cannot show', () => {
  test('no teacher accounts at all points to Create User; a failed load says so', async ({
    browser,
  }) => {
    const { page } = await pageSignedIn(browser, adminLogin);
    await page.route('**/api/get_teachers.php*', (route) =>
      route.fulfill({ json: { success: true, teachers: [] } }),
    );
    // A class of its own, so the first test's teacher is not among its teachers.
    const api = page.request;
    const own = (await call(api, '/api/create_class.php', { name: `${className} B` })).class_id;
    await page.goto(`/classes/${own}`);
    const card = page.getByRole('region', { name: 'Teachers' });
    await expect(card.getByText('There are no teacher accounts yet.')).toBeVisible();
    await card.getByRole('link', { name: 'Create User' }).click();
    await expect(page.getByRole('heading', { name: 'Create User', level: 1 })).toBeVisible();

    await page.unroute('**/api/get_teachers.php*');
    await page.route('**/api/get_teachers.php*', serverError);
    await page.goto(`/classes/${own}`);
    await expect(card.getByText('The teachers could not be loaded')).toBeVisible();
  });

  test("Today's classes: none today, and a failed load", async ({ browser }) => {
    const { page } = await pageSignedIn(browser, adminLogin);
    await page.route('**/api/get_teaching_day.php*', (route) =>
      route.fulfill({
        json: {
          success: true,
          today: '2026-11-27',
          sessions: [],
          new_submissions: 0,
          waiting_speaking_answers: 0,
        },
      }),
    );
    await page.goto('/admin');
    const today = page.getByRole('region', { name: "Today's classes" });
    await expect(today.getByText('No classes today.')).toBeVisible();

    await page.unroute('**/api/get_teaching_day.php*');
    await page.route('**/api/get_teaching_day.php*', serverError);
    await page.reload();
    await expect(today.getByText("Today's classes could not be loaded")).toBeVisible();
  });
});
