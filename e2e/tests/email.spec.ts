import { expect, type Page, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { sentTo, startTestSmtp, type TestSmtp } from '../../server/src/test-support/smtp.js';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { logIn } from '../support.js';

/**
 * Issue 31, point 3, in Chromium on a phone, with a real SMTP server started in this test's
 * process on a free port (smtp-server, asking for a login): the administrator sets e-mail up
 * on Settings and sends a test e-mail that arrives; a student who forgot their password asks
 * for a link on the login screen, opens the link from the e-mail that arrived, sets a new
 * password and signs in with it; a link the mail server refuses is shown to the administrator
 * on the Outbox. On an academy of its own, as its e-mail is everyone's.
 */

const SMTP_LOGIN = { user: 'bright-office', password: 'smtp pass 42!' };
const student = {
  name: 'Parisa Forgetful',
  username: 'parisa_forgets',
  email: 'parisa@family.example',
  password: 'old-password-1',
  gender: 'female' as const,
};

let server: RunningServer;
let smtp: TestSmtp | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  smtp = await startTestSmtp(SMTP_LOGIN);
  server = await startOwnAcademy(student);
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The first mail delivered to `address`, once it has arrived. */
async function mailTo(address: string): Promise<ParsedMail> {
  return (await (smtp as TestSmtp).waitFor(sentTo(address), 30_000)).mail;
}

async function fillSmtpSettings(page: Page) {
  const card = page.getByRole('region', { name: 'E-mail' });
  await expect(card.getByText('E-mail is off', { exact: false })).toBeVisible();
  await card.getByLabel('SMTP server').fill('127.0.0.1');
  await card.getByLabel('Port').fill(String(smtp?.port));
  await card.getByLabel('Security').selectOption('none');
  await card.getByLabel('User name').fill(SMTP_LOGIN.user);
  await card.getByLabel('Password').fill(SMTP_LOGIN.password);
  await card.getByLabel('Sender name').fill('Bright English Academy');
  await card.getByLabel('Sender address').fill('office@bright.example');
  await card.getByRole('button', { name: 'Save e-mail settings' }).click();
  return card;
}

test('the administrator sets up e-mail on Settings and a test e-mail arrives', async ({ page }) => {
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}/settings`);
  const card = await fillSmtpSettings(page);
  await expect(
    card.getByText('E-mail settings saved. Send a test e-mail to check that they work.'),
  ).toBeVisible();
  await expect(
    card.getByText(`Links in e-mails open ${server.baseUrl}`, { exact: false }),
  ).toBeVisible();
  // The password is kept, never shown: the field starts empty and says so.
  await expect(card.getByLabel('Password')).toHaveValue('');
  await expect(card.getByText('A password is kept (never shown).', { exact: false })).toBeVisible();

  await card.getByLabel('Send a test e-mail to').fill('head@bright.example');
  await card.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(
    card.getByText('The test e-mail was handed to 127.0.0.1 for head@bright.example.', {
      exact: false,
    }),
  ).toBeVisible();
  const mail = await mailTo('head@bright.example');
  expect(mail.subject).toBe('Test e-mail from Bright English Academy');
  expect(mail.from?.value[0]).toEqual({
    name: 'Bright English Academy',
    address: 'office@bright.example',
  });
});

test('a student who forgot their password sets a new one from the e-mailed link', async ({
  page,
}) => {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Username or e-mail').fill(student.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(
    page.getByText('If an account has that username or e-mail, a link to set a new password', {
      exact: false,
    }),
  ).toBeVisible();

  const mail = await mailTo(student.email);
  expect(mail.subject).toBe('Set a new password for Bright English Academy');
  const link = new RegExp(`${server.baseUrl}/reset-password/[A-Za-z0-9_-]{43}`).exec(
    mail.text ?? '',
  )?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link as string);
  await expect(
    page.getByText(`For the account ${student.username}.`, { exact: false }),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new password 2026');
  await page.getByLabel('Repeat the new password').fill('new password 2026');
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page.getByText('Your new password is set', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await logIn(
    page,
    { username: student.username, password: 'new password 2026' },
    '/user',
    server.baseUrl,
  );

  // The link works once.
  await page.goto(link as string);
  await expect(page.getByText('This link was used already', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('a link the mail server refuses: the same answer, and the administrator sees it on the Outbox', async ({
  page,
}) => {
  smtp?.refuse(student.email, 550, '5.1.1 Mailbox unavailable');
  await page.goto(`${server.baseUrl}/forgot-password`);
  await page.getByLabel('Username or e-mail').fill(student.username);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(
    page.getByText('If an account has that username or e-mail, a link to set a new password', {
      exact: false,
    }),
  ).toBeVisible();

  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}/outbox`);
  await page.getByLabel('Show').selectOption('failed');
  const row = page
    .getByRole('table', { name: 'Messages by push, e-mail and SMS' })
    .getByRole('row')
    .filter({ hasText: 'Password link' });
  // Recorded once the e-mail was refused, after the answer: the list is read again until then.
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(row).toContainText(student.name);
  await expect(row).toContainText(
    'The SMTP server refused the e-mail: 550 5.1.1 Mailbox unavailable',
  );
  await expect(row).not.toContainText('reset-password');
  // The link is not kept: nothing to send again.
  await expect(row.getByRole('button', { name: 'Send again' })).toHaveCount(0);
});
