import { expect, request, test } from '@playwright/test';
import { admin, createStudent, logIn, pageSignedIn, signIn } from '../support.js';

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

test('Send Schedule: the next student picked gets a form of their own, and a save gives them none of the last student’s sessions', async ({
  browser,
}) => {
  const adminLogin = await signIn(admin());
  const [first, second] = [
    await createStudent({ name: `First Timetable ${Date.now()}` }),
    await createStudent({ name: `Second Timetable ${Date.now()}` }),
  ];
  const headers = { Authorization: `Bearer ${adminLogin.token}` };
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const idOf = async (name: string) =>
    (
      await (await api.get(`/api/user_list.php?q=${encodeURIComponent(name)}`, { headers })).json()
    )[0].id as number;
  const secondId = await idOf(second.name);
  // The second student already has sessions 1 and 2.
  const seeded = await api.post('/api/save_schedule.php', {
    headers,
    data: {
      user_id: secondId,
      schedule: [1, 2].map((n) => ({
        session_number: n,
        session_day: 'Monday',
        session_date: `2026-09-0${n}`,
        session_time: '09:00 - 10:00',
        status: 'Held',
      })),
    },
  });
  expect(seeded.ok()).toBe(true);

  const { context, page } = await pageSignedIn(browser, adminLogin);
  await page.goto('/send-schedule');
  await page.getByLabel('Student', { exact: true }).selectOption({ label: first.name });
  await expect(page.getByText('This student has no sessions yet.')).toBeVisible();
  await page.getByLabel('Session 1 date').fill('2026-12-01');
  await page.getByLabel('Session 1 time').fill('16:00 - 17:00');
  await page.getByRole('button', { name: 'Add session' }).click();
  await page.getByLabel('Session 2 date').fill('2026-12-08');
  await page.getByLabel('Session 2 time').fill('16:00 - 17:00');
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByRole('status')).toHaveText('Schedule saved successfully!');

  await page.getByLabel('Student', { exact: true }).selectOption({ label: second.name });
  await expect(page.getByText('This student has 2 sessions, up to session 2.')).toBeVisible();
  // One new session, after their last, and nothing typed for the first student.
  await expect(page.getByRole('group', { name: /^Session \d+$/ })).toHaveCount(1);
  await expect(page.getByLabel('Session 1 number')).toHaveValue('3');
  await expect(page.getByLabel('Session 1 date')).toHaveValue('');
  await expect(page.getByLabel('Session 1 time')).toHaveValue('');
  await expect(page.getByRole('status')).toHaveCount(0);

  await page.getByLabel('Session 1 date').fill('2026-12-03');
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByRole('status')).toHaveText('Schedule saved successfully!');
  const saved = await (
    await api.post('/api/get_schedule.php', { headers, data: { user_id: secondId } })
  ).json();
  expect(
    saved.schedule.map((s: { session_number: number; session_date: string }) => [
      s.session_number,
      s.session_date,
    ]),
  ).toEqual([
    [1, '2026-09-01'],
    [2, '2026-09-02'],
    [3, '2026-12-03'],
  ]);

  // Editing: a change typed for one student is not shown for the next.
  await page.goto('/edit-student-schedule');
  await page.getByLabel('Student', { exact: true }).selectOption({ label: first.name });
  await page.getByLabel('Session 1 date').fill('typed, not saved');
  await page.getByLabel('Student', { exact: true }).selectOption({ label: second.name });
  await expect(page.getByLabel('Session 1 date')).toHaveValue('2026-09-01');
  await context.close();
  await api.dispose();
});
