import { expect, type Page, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { sentTo, startTestSmtp, type TestSmtp } from '../../server/src/test-support/smtp.js';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { logIn } from '../support.js';

/**
 * Issue 49, points 14 and 18, in Chromium on a phone, with a real SMTP server in this test's
 * process: the Outbox reads at 390 px and at 1366×900 (no sideways scrolling, a name not cut a
 * letter a line, times with the academy's zone named, a waiting message's tries); and an
 * e-mail's one-click unsubscribe address opens a page whose button turns that kind of e-mail
 * off without signing in. On an academy of its own, as its e-mail is everyone's.
 */

const student = {
  name: 'Sara Ahmadi Rostami-Farahani',
  username: 'sara_outbox',
  email: 'sara@family.example',
  password: 'sara-password-1',
  gender: 'female' as const,
};
/** An address the SMTP server answers "not now" (451): its message waits, with its tries. */
const BUSY = 'busy@family.example';

let server: RunningServer;
let smtp: TestSmtp | undefined;

test.describe.configure({ mode: 'serial' });

async function api(path: string, token: string | null, body: BodyInit, json = false) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  const answer = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

const tokenOf = async (login: { username: string; password: string }) =>
  (await api('/api/login.php', null, new URLSearchParams(login))).token as string;

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  smtp.refuse(BUSY, 451, '4.2.0 Mailbox busy, try later');
  server = await startOwnAcademy(student);
  const admin = await tokenOf(ownAdmin);
  await api(
    '/api/save_email_settings.php',
    admin,
    JSON.stringify({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: '',
      sender_name: 'Bright English Academy',
      sender_address: 'office@bright.example',
    }),
    true,
  );
  // A second student whose mailbox is busy: their message waits for its next try.
  const form = new FormData();
  for (const [key, value] of Object.entries({
    name: 'Busy Mailbox Student',
    username: 'busy_mailbox',
    email: BUSY,
    password: 'busy-password-1',
    gender: 'male',
    role_id: '2',
  }))
    form.set(key, value);
  await api('/api/add-user.php', admin, form);
  await api(
    '/api/add_notification.php',
    admin,
    new URLSearchParams({
      user_id: 'all',
      message:
        'The academy is closed on Friday for the national holiday. Classes move to Saturday at the same times.',
    }),
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function mailTo(address: string): Promise<ParsedMail> {
  return (await (smtp as TestSmtp).waitFor(sentTo(address), 30_000)).mail;
}

/** The page scrolls no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
}

test('the Outbox reads on a phone and at 1366×900, with the zone and the tries', async ({
  page,
}) => {
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}/outbox`);
  const table = page.getByRole('table', { name: 'Messages by push, e-mail and SMS' });
  const waiting = table.getByRole('row').filter({ hasText: 'Busy Mailbox Student' });
  const sent = table.getByRole('row').filter({ hasText: student.name });
  const sentAt = /Sent \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M (UTC|GMT)/;
  // The busy mailbox's message is tried once within a few seconds, and the other student's
  // sent: the screen shows the outbox as it was when opened, so read it again until both are.
  // (Read once the busy one was tried, the other was still "Sending" in a CI run.)
  await expect(async () => {
    await page.reload();
    await expect(waiting).toContainText('Tried 1 of 6 times. Next try', { timeout: 2_000 });
    await expect(sent).toContainText(sentAt, { timeout: 2_000 });
  }).toPass();
  await expect(page.getByText(/^Times are in /)).toBeVisible();
  // Each time names its zone (the academy's: a short name such as UTC or GMT+3).
  await expect(waiting).toContainText(
    /Next try \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M (UTC|GMT)/,
  );
  await expect(waiting).toContainText('451 4.2.0 Mailbox busy, try later');
  await expectNoSidewaysScroll(page);
  // On a phone the time is whole: its line ends within the card.
  const time = waiting.getByText(/Next try/);
  const [timeBox, rowBox] = [await time.boundingBox(), await waiting.boundingBox()];
  expect((timeBox?.x ?? 0) + (timeBox?.width ?? 0)).toBeLessThanOrEqual(
    (rowBox?.x ?? 0) + (rowBox?.width ?? 0) + 0.5,
  );

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(table.getByRole('columnheader', { name: 'To' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The name is not squeezed to a letter a line: a cell wider than its longest word.
  const name = sent.getByRole('cell').first();
  expect((await name.boundingBox())?.width ?? 0).toBeGreaterThan(100);
  const frame = await table.boundingBox();
  expect((frame?.x ?? 0) + (frame?.width ?? 0)).toBeLessThanOrEqual(1366);
});

test("an e-mail's unsubscribe page turns that kind off without signing in", async ({ browser }) => {
  const mail = await mailTo(student.email);
  const header = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
  const link = /<(http[^>]+)>/.exec(header)?.[1] as string;
  expect(link).toContain('/api/unsubscribe.php?token=');
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  );

  // A fresh browser: nobody signed in.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Stop these e-mails?' })).toBeVisible();
  await expect(page.getByText('Messages from the academy')).toBeVisible();
  // Opening the page changed nothing (mail scanners open links on their own).
  const choices = async () => {
    const token = await tokenOf(student);
    const res = await fetch(`${server.baseUrl}/api/get_message_choices.php`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { choices: { kinds: Record<string, { email: string }> } }).choices
      .kinds;
  };
  expect((await choices()).announcement?.email).toBe('now');

  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.getByRole('heading', { name: 'E-mails turned off' })).toBeVisible();
  await expect(
    page.getByText('Done: no more e-mails of this kind (Messages from the academy).', {
      exact: false,
    }),
  ).toBeVisible();
  expect((await choices()).announcement?.email).toBe('off');
  await context.close();
});
