import { expect, test } from '@playwright/test';
import { admin, createStudent, pageSignedIn, type SignedIn, signIn } from '../support.js';

/**
 * Issue 29, point 4: a class's timetable. The administrator makes it from a weekly pattern,
 * is told when the same pattern would double it, moves one session and cancels another from
 * the class's page; the student, with their schedule open, sees both change without reloading.
 */

const suffix = Date.now().toString(36);
let adminLogin: SignedIn;
let student: SignedIn;
const studentName = `Zz Timetable ${suffix} Ada`;
// Next year's March: always to come, whatever day the suite runs.
const firstDate = `${new Date().getFullYear() + 1}-03-02`;

test.beforeAll(async () => {
  adminLogin = await signIn(admin());
  student = await signIn(await createStudent({ name: studentName }));
});

test('a class timetable is made once, and a moved or cancelled session changes for its student live', async ({
  browser,
}) => {
  const { page } = await pageSignedIn(browser, adminLogin);
  await page.goto('/classes');
  const className = `Timetable ${suffix}`;
  await page.getByLabel('Class name').fill(className);
  await page.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByRole('heading', { name: className, level: 1 })).toBeVisible();
  const timetable = page.getByRole('region', { name: 'Timetable' });
  await expect(
    timetable.getByText('No sessions to come. Make them from a weekly pattern below.'),
  ).toBeVisible();

  const add = page.getByRole('region', { name: 'Add students' });
  await add.getByLabel('Search students').fill(studentName);
  await add.getByRole('checkbox', { name: studentName }).check();
  await add.getByRole('button', { name: 'Add 1 student' }).click();
  await expect(add.getByText(`1 student added to ${className}.`)).toBeVisible();

  const pattern = page.getByRole('region', { name: 'Weekly schedule' });
  await pattern.getByRole('checkbox', { name: 'Tuesday' }).check();
  await pattern.getByLabel('Start time').fill('18:00');
  await pattern.getByLabel('First date').fill(firstDate);
  await pattern.getByLabel('Number of sessions').fill('2');
  await pattern.getByRole('button', { name: 'Add to every student' }).click();
  await expect(
    pattern.getByText(`Added 2 sessions to the 1 student of ${className}.`),
  ).toBeVisible();
  const sessions = timetable.getByRole('list', { name: 'Sessions to come' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);

  // The same pattern again adds nothing, and says so.
  await pattern.getByRole('button', { name: 'Add to every student' }).click();
  await expect(
    pattern.getByText(`All 2 sessions are already in the timetable of ${className}.`),
  ).toBeVisible();
  await expect(sessions).toHaveCount(2);

  // The student opens their schedule and keeps it open.
  const { page: own } = await pageSignedIn(browser, student);
  await own.goto('/user');
  await own.getByRole('link', { name: 'Schedule', exact: true }).click();
  const current = own.getByRole('list', { name: 'Current sessions' });
  await expect(current.getByRole('listitem')).toHaveCount(2);
  await expect(current.getByRole('listitem').first()).toContainText('18:00');

  // Move the first to 19:30 for everyone.
  await sessions.first().getByRole('button', { name: 'Move' }).click();
  await sessions.first().getByLabel('New time').fill('19:30');
  await sessions.first().getByRole('button', { name: 'Move for everyone' }).click();
  await expect(timetable.getByText('Session moved for every student of the class.')).toBeVisible();
  await expect(sessions.first()).toContainText('19:30');
  await expect(current.getByRole('listitem').first()).toContainText('19:30');

  // Cancel the second, after a question.
  await sessions.nth(1).getByRole('button', { name: 'Cancel session' }).click();
  const ask = page.getByRole('dialog', { name: 'Cancel this session?' });
  await ask.getByRole('button', { name: 'Yes, Cancel It' }).click();
  await expect(
    timetable.getByText('Session cancelled for every student of the class.'),
  ).toBeVisible();
  await expect(sessions.nth(1).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(current.getByRole('listitem').nth(1)).toContainText('Cancelled');
});
