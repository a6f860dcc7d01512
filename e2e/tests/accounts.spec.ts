import { expect, test } from '@playwright/test';
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

test('the audit log shows an admin’s change with who, what and on whom', async ({ page }) => {
  const student = await createStudent({ name: 'Audited Student' });
  await logIn(page, admin(), '/admin');
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const users = await (
    await page.request.get('/api/get-users.php', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const target = users.users.find((u: { username: string }) => u.username === student.username);
  const reset = await page.request.post('/api/reset_password.php', {
    headers: { Authorization: `Bearer ${token}` },
    data: { user_id: target.id, new_password: 'reset-by-admin' },
  });
  expect(reset.ok()).toBe(true);

  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Audited Student' });
  await expect(row).toContainText('Reset password');
  await expect(row).toContainText('Administrator');
  await expect(row).toContainText('[hidden]');
  await expect(row).not.toContainText('reset-by-admin');
});
