import { expect, request as newRequest, test } from '@playwright/test';
import { admin, createStudent, logIn } from '../support.js';

test('a student changes their password and logs in with the new one', async ({ page }) => {
  const student = await createStudent();
  await logIn(page, student, '/user');
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Repeat the new password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The current password is not correct.');

  await page.getByLabel('Current password').fill(student.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password changed successfully.');

  await page.getByRole('link', { name: 'Back to Home Screen' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await logIn(page, { ...student, password: 'brand-new-password' }, '/user');
});

test('the audit log says who did what to whom, and when, in words: no JSON, epoch numbers or ids', async ({
  page,
}) => {
  const student = await createStudent({ name: 'Audited Student' });
  await logIn(page, admin(), '/admin');
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const headers = { Authorization: `Bearer ${token}` };
  const users = await (await page.request.get('/api/get-users.php', { headers })).json();
  const target = users.users.find((u: { username: string }) => u.username === student.username);
  const reset = await page.request.post('/api/reset_password.php', {
    headers,
    data: { user_id: target.id, new_password: 'reset-by-admin' },
  });
  expect(reset.ok()).toBe(true);
  const opens = Date.UTC(2030, 0, 15, 9, 30);
  const saved = await page.request.post('/api/save_skill_item.php', {
    headers,
    multipart: {
      kind: 'reading',
      title: 'The Old Man and the Sea',
      access_start: new Date(opens).toISOString(),
      access_end: new Date(opens + 86_400_000).toISOString(),
      link_url: 'https://files.example.com/sea.pdf',
      student_ids: JSON.stringify([target.id]),
    },
  });
  expect(saved.ok()).toBe(true);

  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  const changes = page.getByRole('list', { name: 'Changes, newest first' });
  const item = changes.getByRole('listitem').filter({ hasText: 'The Old Man and the Sea' }).first();
  await expect(item).toContainText(
    'Administrator (admin) created the reading “The Old Man and the Sea”',
  );
  // The moment it opens as a date, and the student it is for by name.
  await expect(item).toContainText(/January 1[45], 2030 at/);
  await expect(item).toContainText('Audited Student');
  const resetItem = changes
    .getByRole('listitem')
    .filter({ hasText: 'reset the password of Audited Student' })
    .first();
  await expect(resetItem).toContainText(
    'Administrator (admin) reset the password of Audited Student',
  );
  await expect(resetItem).toContainText(/\w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
  // Only this test's entries: other tests write to the same log meanwhile.
  for (const shown of [await item.textContent(), await resetItem.textContent()]) {
    expect(shown).not.toContain('reset-by-admin');
    expect(shown).not.toMatch(/[{}]|\[hidden\]|"\w+":|\d{12}|student_ids|user_id/);
  }
});

test('a phone that signed in before still signs in after guessers locked its username out', async ({
  page,
  context,
  baseURL,
}) => {
  const student = await createStudent();
  await logIn(page, student, '/user');
  // The app's own login left the device cookie: httpOnly, for the login call only.
  const device = (await context.cookies()).find((c) => c.name.startsWith('academy_device_'));
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login.php' });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');

  // A guesser (no cookie of this device) locks the username at this address, then is refused
  // even with the right password.
  const guesser = await newRequest.newContext({ baseURL });
  for (let i = 0; i < 5; i++) {
    const guess = await guesser.post('/api/login.php', {
      form: { username: student.username, password: `guess ${i}` },
    });
    expect(guess.status()).toBe(401);
  }
  const locked = await guesser.post('/api/login.php', {
    form: { username: student.username, password: student.password },
  });
  expect(locked.status()).toBe(429);
  await guesser.dispose();

  // The student's phone carries its cookie and gets in through the login screen.
  await logIn(page, student, '/user');
});
