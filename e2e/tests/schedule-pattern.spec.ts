import { expect, request, test } from '@playwright/test';
import { admin, createStudent, pageSignedIn, type SignedIn, signIn } from '../support.js';

/**
 * Issue 20 point 4: the admin makes a schedule from a weekly pattern on /send-schedule,
 * reviews it in the form, saves it; the student sees the sessions on their days; the admin
 * deletes one on /edit-student-schedule and the student no longer sees it.
 */

let adminLogin: SignedIn;
test.beforeAll(async () => {
  adminLogin = await signIn(admin());
});

test('8 sessions on Monday and Wednesday at 18:00, numbered after the last, saved, seen by the student; one deleted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await createStudent({ name: `Pattern Student ${Date.now()}` });
  const studentLogin = await signIn(student);
  // Two sessions already: the pattern's are numbered 3 to 10.
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const seeded = await api.post('/api/save_schedule.php', {
    headers: { Authorization: `Bearer ${adminLogin.token}` },
    data: {
      user_id: studentLogin.userId,
      schedule: [1, 2].map((n) => ({
        session_number: n,
        session_day: 'Saturday',
        session_date: `2026-11-${n === 1 ? '28' : '29'}`,
        session_time: '10:00 - 11:00',
        status: 'Held',
      })),
    },
  });
  expect(seeded.ok(), await seeded.text()).toBe(true);
  await api.dispose();

  const { page: adminPage } = await pageSignedIn(browser, adminLogin);
  await adminPage.goto('/send-schedule');
  await adminPage.getByLabel('Student', { exact: true }).selectOption({ label: student.name });
  await expect(adminPage.getByText('This student has 2 sessions, up to session 2.')).toBeVisible();

  const pattern = adminPage.getByRole('group', { name: 'Make from a weekly pattern' });
  // Nothing chosen yet: the form says what is missing and makes nothing.
  await pattern.getByRole('button', { name: 'Make sessions' }).click();
  await expect(pattern.getByRole('alert')).toHaveText('Choose at least one weekday.');
  await pattern.getByLabel('Monday').check();
  await pattern.getByLabel('Wednesday').check();
  await pattern.getByLabel('Start time').fill('18:00');
  // A Thursday: the first session is the Monday after.
  await pattern.getByLabel('First date').fill('2026-12-10');
  await pattern.getByLabel('Number of sessions').fill('8');
  await pattern.getByRole('button', { name: 'Make sessions' }).click();
  await expect(pattern.getByRole('status')).toHaveText(
    'Made 8 sessions (numbers 3 to 10). Review them below, then save.',
  );

  // The review: the form's sessions, dated, the day from the date.
  const expected = [
    ['2026-12-14', 'Monday'],
    ['2026-12-16', 'Wednesday'],
    ['2026-12-21', 'Monday'],
    ['2026-12-23', 'Wednesday'],
    ['2026-12-28', 'Monday'],
    ['2026-12-30', 'Wednesday'],
    ['2027-01-04', 'Monday'],
    ['2027-01-06', 'Wednesday'],
  ] as const;
  for (const [i, [date, day]] of expected.entries()) {
    const n = i + 1;
    await expect(adminPage.getByLabel(`Session ${n} number`)).toHaveValue(String(n + 2));
    await expect(adminPage.getByLabel(`Session ${n} date`)).toHaveValue(date);
    await expect(adminPage.getByLabel(`Session ${n} day`)).toHaveValue(day);
    await expect(adminPage.getByLabel(`Session ${n} time`)).toHaveValue('18:00');
    await expect(adminPage.getByLabel(`Session ${n} status`)).toHaveValue('Next Session');
  }
  await expect(adminPage.getByLabel('Session 9 number')).toHaveCount(0);
  // The fields stay free text: the admin adjusts one before saving.
  await adminPage.getByLabel('Session 8 time').fill('18:00 - 19:30');
  await adminPage.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(adminPage.getByText('Schedule saved successfully!')).toBeVisible();

  // The student's schedule: sessions 1 to 10, one semester, the new ones on their days.
  const { page } = await pageSignedIn(browser, studentLogin);
  await page.goto('/schedule');
  const current = page.getByRole('list', { name: 'Current sessions' });
  await expect(current.getByRole('listitem')).toHaveCount(10);
  const item = (n: number) => current.getByRole('listitem').filter({ hasText: `Session ${n}` });
  await expect(item(3)).toContainText('Monday, December 14, 2026');
  await expect(item(4)).toContainText('Wednesday, December 16, 2026');
  await expect(item(9)).toContainText('Monday, January 4, 2027');
  await expect(item(10)).toContainText('Wednesday, January 6, 2027');
  await expect(item(10)).toContainText('18:00 - 19:30');
  await expect(item(3)).toContainText('18:00');

  // Delete session 4 on the editor, after a confirmation; Cancel first keeps it.
  await adminPage.goto('/edit-student-schedule');
  await adminPage.getByLabel('Student', { exact: true }).selectOption({ label: student.name });
  await adminPage.getByRole('button', { name: 'Delete session 4' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Delete session 4?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(adminPage.getByLabel('Session 4 number')).toHaveValue('4');
  await adminPage.getByRole('button', { name: 'Delete session 4' }).click();
  await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(adminPage.getByText('Session 4 deleted successfully')).toBeVisible();
  await expect(adminPage.getByLabel('Session 4 number')).toHaveCount(0);
  await expect(adminPage.getByLabel('Session 5 number')).toHaveValue('5');

  await page.reload();
  await expect(current.getByRole('listitem')).toHaveCount(9);
  await expect(item(4)).toHaveCount(0);
  await expect(item(5)).toContainText('Monday, December 21, 2026');
});
