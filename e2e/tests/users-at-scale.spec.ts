import { type Browser, expect, test } from '@playwright/test';
import { admin, pageSignedIn, type SignedIn, signIn } from '../support.js';

/**
 * An academy with more students than fit a page: /view-users searches and pages on the
 * server, and the student picker finds a student by typing instead of listing everyone.
 */

/** One more than a page of /view-users (USERS_PAGE_SIZE), so a search spans two pages. */
const STUDENTS = 51;
const suffix = Date.now().toString(36);
const two = (n: number) => String(n).padStart(2, '0');
// Names that sort after the other tests' students, so the picker's first 100 stay theirs.
const student = (n: number) => ({
  name: `Zz Pager ${suffix} ${two(n)}`,
  username: `zzpager_${suffix}_${two(n)}`,
  email: `zz.pager.${suffix}.${two(n)}@paging.example`,
});

let adminLogin: SignedIn;
let ids: number[] = [];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL as string,
    extraHTTPHeaders: { Authorization: `Bearer ${adminLogin.token}` },
  });
  try {
    // One after the other, so their ids (the list's newest-first order) follow their numbers.
    for (let n = 1; n <= STUDENTS; n++) {
      const created = await api.post('/api/add-user.php', {
        multipart: { ...student(n), password: 'pager-password', role_id: '2', gender: 'female' },
      });
      expect(created.ok()).toBe(true);
    }
    const found = await (await api.get(`/api/user_list.php?q=${suffix}&limit=100`)).json();
    ids = found.map((s: { id: number }) => s.id);
    expect(ids).toHaveLength(STUDENTS);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async ({ playwright }) => {
  // Out of every other test's picker: only active students are listed there.
  const api = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL as string,
    extraHTTPHeaders: { Authorization: `Bearer ${adminLogin.token}` },
  });
  for (const id of ids)
    await api.post('/api/set_user_active.php', { data: { user_id: id, active: false } });
  await api.dispose();
});

const adminPage = (browser: Browser) => pageSignedIn(browser, adminLogin);

test('/view-users: a search by part of the e-mail spans two pages, then finds one student', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  await page.goto('/view-users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');

  // Part of every one of their e-mails (not of their names or usernames).
  await page.getByLabel('Search users').fill(`pager.${suffix}`);
  // The unfiltered list also shows 50 rows, newest (student 51) first, until the search
  // settles: only the last row tells the searched page apart.
  await expect(rows.last()).toContainText(student(2).email);
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(student(STUDENTS).email);
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(student(1).name);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(50);

  // A new search starts at page 1 again.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  await page.getByLabel('Search users').fill(`${suffix}.37@PAGING`);
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(student(37).name);
  await expect(row).toContainText(student(37).username);
  await expect(row).toContainText('User');
  await expect(row.getByRole('button', { name: `Deactivate ${student(37).name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

  await page.getByLabel('Search users').fill(`no such user ${suffix}`);
  await expect(page.getByText('No users found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' }).first()).toBeVisible();
  await context.close();
});

test('the student picker: a search finds the student, who stays chosen, and the notification goes to them', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  await page.goto('/send-notification');
  const select = page.getByLabel('User');
  await expect(select.locator('option').first()).toHaveText('-- Select a User --');
  await expect(select.locator('option').nth(1)).toHaveText('All students');

  const wanted = student(23);
  const label = `${wanted.name} (${wanted.email})`;
  const search = page.getByLabel('Search students');
  // Enter in the search field does not send the form.
  await search.fill(`pager.${suffix}.23`);
  await search.press('Enter');
  await expect(select.locator('option')).toHaveText(['-- Select a User --', 'All students', label]);
  await select.selectOption({ label });

  // Searching for someone else keeps the chosen student chosen.
  await search.fill(`pager.${suffix}.5`);
  await expect(select.locator('option')).toHaveText([
    '-- Select a User --',
    'All students',
    label,
    `${student(50).name} (${student(50).email})`,
    `${student(51).name} (${student(51).email})`,
  ]);
  await expect(select).toHaveValue(String(ids[22] ?? ''));
  await expect(select.locator('option:checked')).toHaveText(label);
  await search.fill(`nobody ${suffix}`);
  await expect(page.getByText(`No students match “nobody ${suffix}”.`)).toBeVisible();
  await expect(select.locator('option:checked')).toHaveText(label);

  const message = `For student 23 only (${suffix})`;
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send Notification' }).click();
  const sent = page.getByRole('dialog', { name: 'Sent' });
  await expect(sent).toContainText('Notification sent successfully!');

  const answer = await (
    await page.request.get(`/api/get_allnotifications.php?user_id=0&search=${suffix}`, {
      headers: { Authorization: `Bearer ${adminLogin.token}` },
    })
  ).json();
  expect(answer.notifications.filter((n: { message: string }) => n.message === message)).toEqual([
    expect.objectContaining({ user_name: wanted.name }),
  ]);
  await context.close();
});
