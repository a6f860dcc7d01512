import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { admin, type SignedIn, signIn } from '../support.js';

/**
 * An administrator's first week, on a phone (320 px): import 30 students from a CSV file
 * with one bad row (fix it and choose it again), download their passwords, edit one student,
 * delete another, export every user.
 */

const suffix = Date.now().toString(36);
const two = (n: number) => String(n).padStart(2, '0');
// Names that sort after the other tests' students, so their pickers' first 100 stay theirs.
const student = (n: number) => ({
  name: `Zz Import ${suffix} ${two(n)}`,
  username: `zzimport_${suffix}_${two(n)}`,
  email: `zz.import.${suffix}.${two(n)}@import.example`,
});
const STUDENTS = 30;

/** The file as a teacher would write it; row `badRow` (if any) has a broken e-mail. */
function csvFile(badRow?: number) {
  const lines = ['name,username,email,gender,password'];
  for (let n = 1; n <= STUDENTS; n++) {
    const s = student(n);
    const email = n === badRow ? `broken-at-${suffix}` : s.email;
    // Student 1 brings their own password; the others get generated ones.
    lines.push(
      `${s.name},${s.username},${email},${n % 2 ? 'female' : 'male'},${n === 1 ? 'own-password-1' : ''}`,
    );
  }
  return {
    name: badRow ? 'students-with-a-mistake.csv' : 'students.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  };
}

/** Whether anything on the page scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

let adminLogin: SignedIn;
const created: number[] = [];

test.beforeAll(async () => {
  adminLogin = await signIn(admin());
});

test.afterAll(async ({ playwright }) => {
  // Out of every other test's pickers.
  const api = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL as string,
    extraHTTPHeaders: { Authorization: `Bearer ${adminLogin.token}` },
  });
  const found = await (await api.get(`/api/user_list.php?q=${suffix}&limit=100`)).json();
  for (const s of found as { id: number }[]) created.push(s.id);
  for (const id of created) await api.post('/api/delete_user.php', { data: { user_id: id } });
  await api.dispose();
});

test('import 30 students from a CSV (one bad row fixed), hand out passwords, edit, delete, export', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    storageState: adminLogin.state,
    viewport: { width: 320, height: 720 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  try {
    await page.goto('/view-users');
    await expect(page.getByRole('heading', { name: 'View Users' })).toBeVisible();

    // Import: the file with a mistake is previewed, its row named, and nothing can be imported.
    await page.getByRole('button', { name: 'Import students (CSV)' }).click();
    const popup = page.getByRole('dialog', { name: 'Import students from a CSV file' });
    await expect(popup).toBeVisible();
    const importButton = popup.getByRole('button', { name: /^Import/ });
    await expect(importButton).toBeDisabled();
    await popup.getByLabel('CSV file').setInputFiles(csvFile(7));
    await expect(popup.getByText('1 of 30 rows have problems.')).toBeVisible();
    const preview = popup.getByRole('table', { name: 'Students in the file' });
    const badRow = preview.getByRole('row').filter({ hasText: student(7).username });
    await expect(badRow).toContainText('e-mail is not a valid address');
    await expect(preview.getByRole('row').filter({ hasText: student(8).username })).toContainText(
      'None',
    );
    await expect(importButton).toBeDisabled();
    expect(await scrollsSideways(page)).toBe(false);

    // Fixed and chosen again: every row is good, and the import writes them all.
    await popup.getByLabel('CSV file').setInputFiles(csvFile());
    await expect(popup.getByText('All 30 students can be imported.')).toBeVisible();
    await expect(importButton).toHaveText('Import 30 students');
    await importButton.click();
    await expect(popup.getByText('Imported 30 students.', { exact: false })).toBeVisible();

    // The passwords, once, as a CSV to hand out; they open the new accounts.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      popup.getByRole('button', { name: 'Download passwords (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('new-students-passwords.csv');
    const credentials = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(credentials[0]).toBe('username,password');
    expect(credentials).toHaveLength(STUDENTS + 1);
    expect(credentials[1]).toBe(`${student(1).username},own-password-1`);
    const [username, password] = (credentials[2] as string).split(',');
    expect(username).toBe(student(2).username);
    const second = await signIn({
      username: username as string,
      password: password as string,
      name: '',
    });
    expect(second.userId).toBeGreaterThan(0);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();

    // The new students are in the list.
    const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
    await page.getByLabel('Search users').fill(`zz.import.${suffix}`);
    await expect(rows.filter({ hasText: student(30).username })).toBeVisible();

    // Edit one: a new name and gender.
    await page.getByLabel('Search users').fill(student(3).username);
    await expect(rows).toHaveCount(1);
    await rows
      .first()
      .getByRole('button', { name: `Edit ${student(3).name}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit ${student(3).name}` });
    await edit.getByLabel('Name').fill(`Zz Renamed ${suffix}`);
    await edit.getByLabel('Gender').selectOption('male');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Zz Renamed ${suffix} was saved.`)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(rows.first()).toContainText(`Zz Renamed ${suffix}`);

    // Delete another, after a confirmation that says what happens to their work.
    await page.getByLabel('Search users').fill(student(4).username);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(student(4).name);
    await rows
      .first()
      .getByRole('button', { name: `Delete ${student(4).name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete ${student(4).name}?` });
    await expect(confirm).toContainText(
      'deleted with everything that is theirs: their submissions and files',
    );
    await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(
      page.getByText(`${student(4).name} was deleted, with their work and files.`),
    ).toBeVisible();
    await expect(page.getByText('No users found.')).toBeVisible();

    // Export: every user as CSV, the renamed student included, the deleted one gone.
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export users (CSV)' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await exported.path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('name,username,email,gender,role,active,created');
    expect(csv).toContain(
      `Zz Renamed ${suffix},${student(3).username},${student(3).email},male,User,yes,`,
    );
    expect(csv).toContain(student(30).username);
    expect(csv).not.toContain(student(4).username);
    await expect(page.getByText(/^Exported \d+ users\.$/)).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
  } finally {
    await context.close();
  }
});
