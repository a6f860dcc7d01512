import path from 'node:path';
import { expect, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { logIn } from '../support.js';

// Due-date reminders (issue 21 point 6) on an academy of their own: the administrator
// chooses the lead time on the Settings screen, and a student who has not handed in gets the
// reminder as a notification, live. The scheduler looks every second here instead of every
// minute, so the test waits for what the student's screen shows, not for a clock.
let server: RunningServer;
const student = {
  username: 'remi_student',
  password: 'student-password',
  email: 'remi@example.com',
};
const url = (p: string) => `${server.baseUrl}${p}`;

test.beforeAll(async () => {
  server = await startOwnAcademy(
    { ...student, name: 'Remi Reminded', gender: 'male' },
    { REMINDERS_EVERY_SECONDS: '1' },
  );
});
test.afterAll(async () => server?.stop());

/** Sends the student an assignment due in half an hour, as if given two hours ago. */
async function assignmentGivenEarlier(title: string) {
  const login = await fetch(url('/api/login.php'), {
    method: 'POST',
    body: new URLSearchParams(ownAdmin),
  }).then((r) => r.json() as Promise<{ token: string }>);
  const auth = { authorization: `Bearer ${login.token}` };
  const users = await fetch(url('/api/user_list.php'), { headers: auth }).then(
    (r) => r.json() as Promise<{ id: number; email: string }[]>,
  );
  const studentId = users.find((u) => u.email === student.email)?.id;
  const form = new FormData();
  form.set('user_id', String(studentId));
  form.set('title', title);
  form.set('description', 'Before the next class');
  form.set('file_links', '[]');
  form.set('due_at', new Date(Date.now() + 30 * 60_000).toISOString());
  const sent = await fetch(url('/api/send_assignment.php'), {
    method: 'POST',
    headers: auth,
    body: form,
  });
  expect(sent.status, await sent.text()).toBe(200);
  // Given two hours ago: before its reminder time (a lead of an hour), so it is reminded.
  const db = new SQLite(path.join(server.dataDir, 'academy.db'));
  try {
    db.prepare('update assignments set created_at = ? where title = ?').run(
      Date.now() - 2 * 3_600_000,
      title,
    );
  } finally {
    db.close();
  }
}

test('the administrator chooses the lead time; a student who has not handed in is reminded', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, ownAdmin, '/admin', server.baseUrl);
  await adminPage.goto(url('/settings'));
  const card = adminPage.getByRole('region', { name: 'Due-date reminders' });
  const lead = card.getByLabel('Remind students');
  await expect(lead).toHaveValue('24');
  await expect(lead.locator('option:checked')).toHaveText('1 day before (the default)');
  await lead.selectOption({ label: '1 hour before' });
  await card.getByRole('button', { name: 'Save reminders' }).click();
  await expect(card.getByText('Reminders saved: 1 hour before the due time.')).toBeVisible();
  await adminPage.reload();
  await expect(adminPage.getByLabel('Remind students')).toHaveValue('1');
  // The assignment form says what will happen.
  await adminPage.goto(url('/send-assignment'));
  await expect(
    adminPage.getByText('Students who have not handed in are reminded 1 hour before.'),
  ).toBeVisible();

  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  await logIn(studentPage, student, '/user', server.baseUrl);
  await assignmentGivenEarlier('Short story draft');
  const popup = studentPage.getByRole('dialog', { name: 'Message for You' });
  await expect(popup).toContainText('Reminder: "Short story draft" is due');
  await expect(popup).toContainText('Hand in your work before then.');
  await adminContext.close();
  await studentContext.close();
});
