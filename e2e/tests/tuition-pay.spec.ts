import { randomBytes } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { type Currency, formatMoney } from '../../contract/src/tuition/money.js';
import { paths } from '../../web/src/shared/paths.js';
import { addAccount, admin, pageSignedIn, postOk, signIn } from '../support.js';
import { academyCurrency } from '../tuition.js';

/**
 * Issue 52, point 7: teachers' pay from the roll. A teacher takes today's roll of their class
 * (through the API); the administrator opens Teachers' pay, sees the session waiting for a
 * rate, sets one and adds a bonus; the teacher opens My pay and sees the session paid, the
 * bonus and the total.
 */

const suffix = randomBytes(3).toString('hex');
const teacher = {
  name: `Paid Teacher ${suffix}`,
  username: `pay_t_${suffix}`,
  password: 'pay-password',
};
const RATE = 600_000;
/** 90 minutes at RATE an hour. */
const SESSION = 900_000;
const BONUS = 50_000;

let currency: Currency;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = (await signIn(admin())).token;
  const headers = { Authorization: `Bearer ${token}` };
  currency = await academyCurrency(api, token);
  const teacherId = await addAccount(api, token, { ...teacher, roleId: '3' });
  const studentId = await addAccount(api, token, {
    name: `Pay Pupil ${suffix}`,
    username: `pay_s_${suffix}`,
    password: 'pupil-password',
    roleId: '2',
  });
  const { class_id: classId } = await postOk(api, token, '/api/create_class.php', {
    data: { name: `Pay Class ${suffix}` },
  });
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [studentId] },
  });
  await postOk(api, token, '/api/set_class_teachers.php', {
    data: { class_id: classId, teacher_ids: [teacherId] },
  });
  const { today } = await (await api.get('/api/get_teaching_day.php', { headers })).json();
  await postOk(api, token, '/api/save_class_schedule.php', {
    data: {
      class_id: classId,
      weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      first_date: today,
      count: 1,
      time: '09:00 - 10:30',
    },
  });
  const { sessions } = await (
    await api.get('/api/get_class_sessions.php', { headers, params: { class_id: classId } })
  ).json();
  const teacherToken = (await signIn(teacher)).token;
  await postOk(api, teacherToken, '/api/save_roll.php', {
    data: { class_session_id: sessions[0].id, marks: [{ user_id: studentId, mark: 'present' }] },
  });
  await api.dispose();
});

test('the administrator sets a rate and a bonus, and the teacher sees their month', async ({
  browser,
}) => {
  const money = (n: number) => formatMoney(n, currency, { withCode: true });
  const office = await pageSignedIn(browser, await signIn(admin()));
  const page = office.page;
  await page.goto(paths.payments);
  await page.getByRole('link', { name: 'Teachers’ pay' }).click();
  await expect(page.getByRole('heading', { name: 'Teachers’ pay' })).toBeVisible();
  await page.getByRole('button', { name: teacher.name }).click();

  // No rate yet: the session is listed, its amount waiting.
  const sessions = page.getByRole('table', { name: 'Sessions of the month' });
  await expect(sessions.getByRole('row').filter({ hasText: `Pay Class ${suffix}` })).toContainText(
    'No rate set',
  );

  const rate = page.getByRole('region', { name: 'Set a rate' });
  await rate.getByLabel('Rate an hour').fill(formatMoney(RATE, currency));
  await rate.getByRole('button', { name: 'Save the rate' }).click();
  await expect(
    page.getByText(`${teacher.name}’s hourly rate is ${money(RATE)} an hour`),
  ).toBeVisible();
  await expect(sessions.getByRole('row').filter({ hasText: `Pay Class ${suffix}` })).toContainText(
    formatMoney(SESSION, currency),
  );

  const adjust = page.getByRole('region', { name: /Add a bonus or deduction/ });
  await adjust.getByLabel('Amount').fill(formatMoney(BONUS, currency));
  await adjust.getByLabel('Reason').fill('Covered the exam');
  await adjust.getByRole('button', { name: 'Add it' }).click();
  await expect(page.getByText(`Total: ${money(SESSION + BONUS)}.`)).toBeVisible();

  const own = await pageSignedIn(browser, await signIn(teacher));
  await own.page.goto(paths.teacherHome);
  await own.page.getByRole('link', { name: 'My Pay' }).click();
  await expect(own.page.getByRole('heading', { name: 'My pay' })).toBeVisible();
  await expect(own.page.getByText(`Total: ${money(SESSION + BONUS)}.`)).toBeVisible();
  await expect(own.page.getByText('Covered the exam')).toBeVisible();
  // A teacher cannot change their pay: no Cancel, no forms.
  await expect(own.page.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await expect(own.page.getByRole('region', { name: 'Set a rate' })).toHaveCount(0);
  await own.context.close();

  // The office cancels the bonus, with a reason: it stays on the month, struck through.
  await page.getByRole('button', { name: 'Cancel the bonus: Covered the exam' }).click();
  const popup = page.getByRole('dialog', { name: `Cancel the bonus of ${money(BONUS)}?` });
  await popup.getByRole('button', { name: 'Cancel it' }).click();
  await expect(popup).toContainText('Please give the reason for cancelling it.');
  await popup.getByLabel('Reason').fill('Paid in cash instead');
  await popup.getByRole('button', { name: 'Cancel it' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByText(`Total: ${money(SESSION)}.`)).toBeVisible();
  await expect(page.getByText(/Cancelled by .*: Paid in cash instead/)).toBeVisible();
  await office.context.close();
});
