import { randomBytes } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { addAccount, admin, pageSignedIn, postOk, signIn } from '../support.js';

/**
 * Issue 49, point 2: a future session is never archived. A student of a class whose 12-session
 * timetable began last week (a session every day) finds today's session and the next ones under
 * Current, in Semester 1 beside Semester 2, and nothing archived: a semester holding a session
 * to come stays current.
 */

/** A date `days` from today (UTC), YYYY-MM-DD. */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** 'December 2, 2026', as the Schedule writes a date. */
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

test('a 12-session timetable begun last week: today’s and the next sessions are Current', async ({
  browser,
}) => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const adminToken = (await signIn(admin())).token;
  const suffix = randomBytes(3).toString('hex');
  const account = {
    name: `Current Student ${suffix}`,
    username: `current_${suffix}`,
    password: 'current-student-password',
  };
  const studentId = await addAccount(api, adminToken, { ...account, roleId: '2' });
  const { class_id: classId } = await postOk(api, adminToken, '/api/create_class.php', {
    data: { name: `Current Class ${suffix}` },
  });
  await postOk(api, adminToken, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [studentId] },
  });
  // Every day from a week ago: sessions 1–7 are past, 8 is today (±1 by the academy's zone).
  await postOk(api, adminToken, '/api/save_class_schedule.php', {
    data: {
      class_id: classId,
      weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      first_date: dayFromToday(-7),
      count: 12,
      time: '09:00 - 10:00',
    },
  });
  await api.dispose();

  const { context, page } = await pageSignedIn(browser, await signIn(account));
  await page.goto('/schedule');
  await expect(page.getByRole('tab', { name: 'Current' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Current' });
  const first = panel.getByRole('list', { name: 'Semester 1' });
  const second = panel.getByRole('list', { name: 'Semester 2' });
  await expect(panel.getByRole('heading', { name: 'Semester 1' })).toBeVisible();
  await expect(first.getByRole('listitem')).toHaveCount(10);
  await expect(second.getByRole('listitem')).toHaveCount(2);
  // Today's session and the next one are there, under Current.
  await expect(first).toContainText(longDate(dayFromToday(0)));
  await expect(first).toContainText(longDate(dayFromToday(1)));
  await expect(second).toContainText('Session 12');

  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Archived' })).toContainText(
    'No archived semesters yet.',
  );
  await context.close();
});
