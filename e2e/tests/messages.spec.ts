import { expect, test } from '@playwright/test';
import { admin, createStudent, pageSignedIn, signIn } from '../support.js';

/**
 * Issue 31, point 6: on a phone, a student opens Message Choices from their home, chooses per
 * kind of message, gives a number (refused in words until it has its country code) and their
 * own quiet hours, saves, and finds them kept. The administrator's Outbox says what it holds.
 */

test('a student chooses how the app reaches them, and the choices are kept', async ({
  browser,
}) => {
  const studentLogin = await signIn(await createStudent({ name: `Msg Student ${Date.now()}` }));
  const context = await browser.newContext({
    storageState: studentLogin.state,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/user');
  const popup = page.getByRole('dialog', { name: 'Message for You' });
  await page.getByRole('link', { name: 'Message Choices' }).click();
  if (await popup.isVisible()) await popup.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  const reach = page.getByRole('list', { name: 'What can reach you' });
  await expect(reach).toContainText('no device of yours has notifications turned on yet');

  const feedback = page.getByRole('group', {
    name: 'Corrections, replies and cards from your teacher',
  });
  await expect(feedback.getByRole('checkbox', { name: 'Push' })).toBeChecked();
  await feedback.getByRole('checkbox', { name: 'Push' }).uncheck();

  const phone = page.getByLabel('Mobile number for SMS');
  await phone.fill('07700 900123');
  await page.getByRole('checkbox', { name: 'My own quiet hours' }).check();
  await page.getByLabel('Quiet from').fill('21:30');
  await page.getByLabel('Quiet until').fill('07:15');
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByText('country code', { exact: false }).first()).toBeVisible();

  await phone.fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Your choices are saved.');

  await page.reload();
  await expect(
    page
      .getByRole('group', { name: 'Corrections, replies and cards from your teacher' })
      .getByRole('checkbox', { name: 'Push' }),
  ).not.toBeChecked();
  await expect(page.getByLabel('Mobile number for SMS')).toHaveValue('+447700900123');
  await expect(page.getByLabel('Quiet from')).toHaveValue('21:30');
  await expect(page.getByLabel('Quiet until')).toHaveValue('07:15');
  // No sideways scrolling on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await context.close();
});

test('the administrator opens the Outbox from the dashboard', async ({ browser }) => {
  const { context, page } = await pageSignedIn(browser, await signIn(admin()));
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByLabel('Show')).toBeVisible();
  await page.getByLabel('Show').selectOption('failed');
  await expect(
    page
      .getByText('No messages here.', { exact: false })
      .or(page.getByRole('table', { name: 'Messages by push, e-mail and SMS' })),
  ).toBeVisible();
  await context.close();
});
