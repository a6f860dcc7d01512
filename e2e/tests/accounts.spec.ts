import { expect, test } from '@playwright/test';
import { createStudent, logIn } from '../support.js';

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
