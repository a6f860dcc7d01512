import { expect, test } from '@playwright/test';
import { admin, createStudent, logIn } from '../support.js';

test('the admin saves twelve sessions and edits one; the student sees Semester 1 archived and 11–12 current', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await createStudent({ name: `Schedule Student ${Date.now()}` });

  const adminPage = await browser.newPage();
  await logIn(adminPage, admin(), '/admin');
  await adminPage.getByRole('link', { name: 'Send Schedule' }).click();
  await adminPage.getByLabel('Student', { exact: true }).selectOption({ label: student.name });
  await expect(adminPage.getByText('e.g., 10:00 - 11:00').first()).toBeVisible();
  for (let n = 1; n <= 12; n++) {
    if (n > 1) await adminPage.getByRole('button', { name: 'Add session' }).click();
    await expect(adminPage.getByLabel(`Session ${n} number`)).toHaveValue(String(n));
    await adminPage.getByLabel(`Session ${n} day`).selectOption(n % 2 ? 'Monday' : 'Wednesday');
    await adminPage
      .getByLabel(`Session ${n} date`)
      .fill(`2026-${n < 7 ? '09' : '10'}-${String(n + 1).padStart(2, '0')}`);
    await adminPage.getByLabel(`Session ${n} time`).fill('10:00 - 11:00');
    await adminPage
      .getByLabel(`Session ${n} status`)
      .selectOption(n <= 10 ? 'Held' : 'Next Session');
  }
  await expect(adminPage.getByLabel('Session 1 day').locator('option')).toHaveText([
    'Saturday',
    'Sunday',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
  ]);
  await adminPage.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(adminPage.getByRole('status')).toHaveText('Schedule saved successfully!');

  // Edit session 4 to Missed.
  await adminPage.goto('/edit-student-schedule');
  await adminPage.getByLabel('Student', { exact: true }).selectOption({ label: student.name });
  await adminPage.getByLabel('Session number', { exact: true }).fill('4');
  await expect(adminPage.getByLabel('Session 4 status')).toHaveValue('Held');
  await expect(adminPage.getByLabel('Session 5 status')).toHaveCount(0);
  await adminPage.getByLabel('Session 4 status').selectOption('Missed');
  await adminPage.getByRole('button', { name: 'Save session 4' }).click();
  await expect(adminPage.getByRole('status')).toHaveText('Session updated successfully');

  // The student's view.
  const page = await browser.newPage();
  await logIn(page, student, '/user');
  await page.getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Current' })).toHaveAttribute('aria-selected', 'true');
  const current = page.getByRole('list', { name: 'Current sessions' });
  await expect(current.getByRole('listitem')).toHaveCount(2);
  await expect(current).toContainText('Session 11');
  await expect(current).toContainText('Session 12');
  await expect(current).toContainText('October 12, 2026');
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page.getByRole('heading', { name: 'Semester 1' })).toBeVisible();
  const archived = page.getByRole('list', { name: 'Semester 1' });
  await expect(archived.getByRole('listitem')).toHaveCount(10);
  await expect(archived.getByRole('listitem').filter({ hasText: 'Session 4' })).toContainText(
    'Missed',
  );
  await expect(archived).toContainText('September 2, 2026');

  // Renumber session 12 to 20 with the number filter on: the message stays, and so does the
  // session (the filter follows it to its new number).
  await adminPage.getByLabel('Session number', { exact: true }).fill('12');
  await adminPage.getByLabel('Session 12 number').fill('20');
  await adminPage.getByRole('button', { name: 'Save session 12' }).click();
  await expect(adminPage.getByRole('status')).toHaveText('Session updated successfully');
  await expect(adminPage.getByLabel('Session number', { exact: true })).toHaveValue('20');
  await expect(adminPage.getByRole('group', { name: 'Session 20' })).toBeVisible();
  await expect(adminPage.getByLabel('Session 20 number')).toHaveValue('20');
  await expect(adminPage.getByRole('status')).toHaveText('Session updated successfully');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Current sessions' })).toContainText('Session 20');
  await expect(page.getByRole('list', { name: 'Current sessions' })).not.toContainText(
    'Session 12',
  );
  await page.close();
  await adminPage.close();
});
