import { expect, type Page, test } from '@playwright/test';
import {
  type SmsGatewayRecorder,
  startSmsGateway,
} from '../../server/src/test-support/sms-gateway.js';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { logIn } from '../support.js';

/**
 * Issue 31, point 4, on a phone: the administrator sets the academy's SMS gateway up on
 * Settings, pointing at a gateway on loopback started in this test process (it records what
 * it is sent), and a test SMS arrives there with the template filled in. Then Send
 * Notification asks before a send that would pass the month's SMS cap, and the SMS the outbox
 * sends arrives too. The gateway and the guardians' choice are the whole academy's: the test
 * runs on an academy of its own, so the other test files' sends are not moved by them.
 */

let server: RunningServer;
let gateway: SmsGatewayRecorder;
const student = {
  name: 'Sami Sms',
  username: 'sms_student',
  email: 'sami.sms@example.com',
  password: 'student-password',
  gender: 'male' as const,
};
const url = (path: string) => `${server.baseUrl}${path}`;

test.beforeAll(async () => {
  gateway = await startSmsGateway();
  server = await startOwnAcademy(student, { ACADEMY_NAME: 'Bright English Academy' });
});
test.afterAll(async () => {
  await server?.stop();
  await gateway?.close();
});

/** The admin's token, for the calls that set the second test up. */
async function adminToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('admin_token') ?? '');
}

test('the administrator sets up the SMS gateway and a test SMS arrives', async ({ page }) => {
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(url('/settings'));
  const card = page.getByRole('region', { name: 'SMS' });
  await expect(
    card.getByText('SMS is off: no SMS is sent until a gateway is saved.'),
  ).toBeVisible();

  // An address on the internet must be https: the server says so in words.
  await card.getByLabel('Gateway address').fill('http://sms.example.com/send');
  await card.getByRole('button', { name: 'Save SMS gateway' }).click();
  await expect(card.getByText(/must start with https:\/\//)).toBeVisible();

  await card.getByLabel('Gateway address').fill(`${gateway.url}/send`);
  await card.getByLabel('Headers').fill('Authorization: Bearer e2e-secret-key');
  await card.getByLabel('Send the body as').selectOption('json');
  await card
    .getByLabel('Body', { exact: true })
    .fill('{"to": "{to}", "text": "{text}", "reference": "{id}"}');
  await card.getByLabel('Monthly cap').fill('100');
  await card.getByRole('button', { name: 'Save SMS gateway' }).click();
  await expect(card.getByText('SMS gateway saved.')).toBeVisible();
  await expect(card.getByText('SMS is on. 0 sent this month of 100.')).toBeVisible();
  // The key is kept, never shown again: not in the field, nor after a reload.
  await expect(card.getByLabel('Headers')).toHaveValue('Authorization: [kept]');
  await page.reload();
  await expect(card.getByLabel('Headers')).toHaveValue('Authorization: [kept]');
  await expect(card.getByText(/Values are kept encrypted and never shown again/)).toBeVisible();
  expect(await page.content()).not.toContain('e2e-secret-key');

  await card.getByLabel('Phone number').fill('+44 7700 900123');
  await card.getByRole('button', { name: 'Send a test SMS' }).click();
  await expect(
    card.getByText(/^The gateway took the test SMS to \+447700900123 \(it answered 200/),
  ).toBeVisible();
  const [sms] = await gateway.waitFor(1);
  expect(sms?.method).toBe('POST');
  expect(sms?.headers.authorization).toBe('Bearer e2e-secret-key');
  const body = JSON.parse(sms?.body ?? '{}');
  expect(body).toMatchObject({
    to: '+447700900123',
    text: 'Bright English Academy: This is a test SMS from the academy app.',
  });
  expect(body.reference).toMatch(/^test-/);

  // A gateway that refuses: its answer is shown as an error.
  gateway.reply({ status: 401, body: '{"error":"Invalid API key"}' });
  await card.getByRole('button', { name: 'Send a test SMS' }).click();
  await expect(
    card.getByText(
      'The gateway did not take the test SMS: it answered 401: {"error":"Invalid API key"}',
    ),
  ).toBeVisible();
  gateway.reply({ status: 200, body: '{"status":"queued"}' });
});

test('Send Notification asks before a send that would pass the month’s SMS cap', async ({
  page,
}) => {
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  const token = await adminToken(page);
  const post = async (path: string, data: object) => {
    const res = await page.request.post(url(path), {
      headers: { Authorization: `Bearer ${token}` },
      data,
    });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const users = await (
    await page.request.get(url(`/api/get-users.php?q=${student.username}`), {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  const studentId = users.users[0].id as number;
  // Two guardians with phones, and messages from the academy go to guardians: 2 SMS a send,
  // against a cap that leaves 1 this month.
  await post('/api/save_guardian.php', { user_id: studentId, name: 'Mum', phone: '+447700900201' });
  await post('/api/save_guardian.php', { user_id: studentId, name: 'Dad', phone: '+447700900202' });
  await post('/api/save_guardian_kinds.php', { kinds: ['announcement', 'attendance', 'results'] });
  await post('/api/save_sms_gateway.php', {
    method: 'POST',
    url: `${gateway.url}/send`,
    content_type: 'json',
    body: '{"to": "{to}", "text": "{text}", "reference": "{id}"}',
    monthly_cap: 1,
  });
  const before = gateway.received.length;

  await page.goto(url('/send-notification'));
  await page.getByLabel('User').selectOption({ label: `${student.name} (${student.email})` });
  await page.getByLabel('Message').fill('The academy is closed on Friday.');
  await page.getByRole('button', { name: 'Send Notification' }).click();
  const ask = page.getByRole('dialog', { name: "Over this month's SMS cap" });
  await expect(ask).toContainText(
    'This sends about 2 SMS; 1 are left this month. Those past the cap will not be sent. Send anyway?',
  );
  // Cancel sends nothing: the message is still there to send.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByLabel('Message')).toHaveValue('The academy is closed on Friday.');

  await page.getByRole('button', { name: 'Send Notification' }).click();
  await ask.getByRole('button', { name: 'Send anyway' }).click();
  await expect(page.getByRole('dialog', { name: 'Sent' })).toContainText(
    'Notification sent successfully!',
  );
  // The outbox sends the first guardian's SMS; the cap stops the second.
  const received = await gateway.waitFor(before + 1, 20_000);
  const sms = JSON.parse(received[before]?.body ?? '{}');
  expect(sms.to).toMatch(/^\+44770090020[12]$/);
  expect(sms.text).toBe('Bright English Academy, about Sami Sms: The academy is closed on Friday.');
  expect(sms.reference).toMatch(/^outbox-\d+$/);
  await expect
    .poll(async () => {
      const res = await page.request.get(url('/api/get_sms_gateway.php'), {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await res.json()).sent_this_month;
    })
    .toBe(1);
});
