import { type Browser, expect, request, test } from '@playwright/test';
import {
  admin,
  createStudent,
  dropped,
  pageSignedIn,
  type SignedIn,
  serverError,
  signIn,
} from '../support.js';

/**
 * The schedule screens' error states with the spec's texts (answers replaced with
 * page.route), numbering on /send-schedule, and the keyboard on /schedule's tabs.
 */

let adminLogin: SignedIn;
test.beforeAll(async () => {
  adminLogin = await signIn(admin());
});

const adminPage = (browser: Browser) => pageSignedIn(browser, adminLogin);

/** Calls the API as the admin (setting a test up, or checking what was saved). */
async function asAdmin(path: string, data: object) {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const answer = await api.post(path, {
      headers: { Authorization: `Bearer ${adminLogin.token}` },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return answer.json();
  } finally {
    await api.dispose();
  }
}

const session = (n: number, status = 'Held') => ({
  session_number: n,
  session_day: 'Monday',
  session_date: `2026-09-${String(n).padStart(2, '0')}`,
  session_time: '10:00 - 11:00',
  status,
});

/** A new student with sessions 1..count, signed in. */
async function studentWithSessions(count: number) {
  const account = await createStudent({ name: `Schedule States ${Date.now()}` });
  const login = await signIn(account);
  if (count > 0)
    await asAdmin('/api/save_schedule.php', {
      user_id: login.userId,
      schedule: Array.from({ length: count }, (_, i) => session(i + 1)),
    });
  return { account, login };
}

test("/send-schedule: 'Error fetching students', 'Error saving schedule.', 'Error connecting to the server.'", async ({
  browser,
}) => {
  const { account } = await studentWithSessions(0);
  const { context, page } = await adminPage(browser);
  await page.route('**/api/user_list.php*', serverError);
  await page.goto('/send-schedule');
  await expect(page.getByRole('alert')).toHaveText('Error fetching students');

  await page.unroute('**/api/user_list.php*');
  await page.reload();
  await page.getByLabel('Student', { exact: true }).selectOption({ label: account.name });
  await expect(page.getByText('This student has no sessions yet.')).toBeVisible();
  await page.route('**/api/save_schedule.php', serverError);
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error saving schedule.');

  await page.unroute('**/api/save_schedule.php');
  await page.route('**/api/save_schedule.php', dropped);
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error connecting to the server.');
  await context.close();
});

test("/edit-student-schedule: 'Error fetching students', 'Error fetching schedule information', 'Error updating session'", async ({
  browser,
}) => {
  const { account } = await studentWithSessions(2);
  const { context, page } = await adminPage(browser);
  await page.route('**/api/user_list.php*', dropped);
  await page.goto('/edit-student-schedule');
  await expect(page.getByRole('alert')).toHaveText('Error fetching students');

  await page.unroute('**/api/user_list.php*');
  await page.route('**/api/get_schedule.php', serverError);
  await page.reload();
  await page.getByLabel('Student', { exact: true }).selectOption({ label: account.name });
  await expect(page.getByRole('alert')).toHaveText('Error fetching schedule information');

  await page.unroute('**/api/get_schedule.php');
  await page.reload();
  await page.getByLabel('Student', { exact: true }).selectOption({ label: account.name });
  await page.route('**/api/update_schedule.php', serverError);
  await page.getByLabel('Session 2 status').selectOption('Missed');
  await page.getByRole('button', { name: 'Save session 2' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error updating session');
  await context.close();
});

test('/send-schedule numbers new sessions after the student’s last one and asks before replacing one', async ({
  browser,
}) => {
  const { account, login } = await studentWithSessions(3);
  const { context, page } = await adminPage(browser);
  await page.goto('/send-schedule');
  await page.getByLabel('Student', { exact: true }).selectOption({ label: account.name });
  await expect(page.getByText('This student has 3 sessions, up to session 3.')).toBeVisible();
  await expect(page.getByLabel('Session 1 number')).toHaveValue('4');
  await page.getByRole('button', { name: 'Add session' }).click();
  await expect(page.getByLabel('Session 2 number')).toHaveValue('5');

  // Typing a number the student already has asks first; Cancel saves nothing.
  await page.getByLabel('Session 1 number').fill('2');
  await page.getByLabel('Session 1 status').selectOption('Missed');
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  const confirm = page.getByRole('dialog', { name: 'Replace existing sessions?' });
  await expect(confirm).toContainText(
    'This student already has session 2. Saving replaces it with what you entered.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  const before = await asAdmin('/api/get_schedule.php', { user_id: login.userId });
  expect(before.schedule.map((s: { session_number: number }) => s.session_number)).toEqual([
    1, 2, 3,
  ]);
  expect(before.schedule[1].status).toBe('Held');

  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await confirm.getByRole('button', { name: 'Yes, Replace' }).click();
  await expect(page.getByRole('status')).toHaveText('Schedule saved successfully!');
  const after = await asAdmin('/api/get_schedule.php', { user_id: login.userId });
  expect(
    after.schedule.map((s: { session_number: number; status: string }) => [
      s.session_number,
      s.status,
    ]),
  ).toEqual([
    [1, 'Held'],
    [2, 'Missed'],
    [3, 'Held'],
    [5, 'Next Session'],
  ]);
  await context.close();
});

test('/schedule tabs follow the ARIA pattern: one Tab stop, arrows, Home and End', async ({
  browser,
}) => {
  const { login } = await studentWithSessions(12);
  const context = await browser.newContext({ storageState: login.state });
  const page = await context.newPage();
  await page.goto('/schedule');
  const current = page.getByRole('tab', { name: 'Current' });
  const archived = page.getByRole('tab', { name: 'Archived' });
  await expect(current).toHaveAttribute('tabindex', '0');
  await expect(archived).toHaveAttribute('tabindex', '-1');
  await current.focus();

  await page.keyboard.press('ArrowRight');
  await expect(archived).toBeFocused();
  await expect(archived).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Semester 1' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Archived' })).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(current).toBeFocused();
  await expect(current).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(archived).toBeFocused();
  await page.keyboard.press('Home');
  await expect(current).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(archived).toBeFocused();

  // Tab leaves the tab list for the panel, not for the other tab.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Archived' })).toBeFocused();
  await context.close();
});
