import { expect, request, test } from '@playwright/test';
import {
  type SmsGatewayRecorder,
  startSmsGateway,
} from '../../server/src/test-support/sms-gateway.js';
import { paths } from '../../web/src/shared/paths.js';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { logIn, postOk } from '../support.js';
import { chargedClass } from '../tuition.js';

/**
 * Issue 52, point 5, on a phone: a payment reminder reaches the guardian's phone through an
 * SMS gateway on loopback. The academy is its own (its SMS gateway and guardians' kinds are
 * the whole academy's): a student with a guardian is charged a class's fees; the administrator
 * opens Who owes, sends the payers a reminder after the confirmation that counts them and the
 * SMS, and the gateway receives the guardian's SMS in the academy's name. (The automatic
 * reminders' own run, before and after due days, is proven against the outbox on both
 * databases in payment-reminders.int.test.ts: a browser test cannot move the server's clock.)
 */

let server: RunningServer;
let gateway: SmsGatewayRecorder;
const student = {
  name: 'Rana Remind',
  username: 'rana_remind',
  email: 'rana.remind@example.com',
  password: 'student-password',
  gender: 'female' as const,
};

test.beforeAll(async () => {
  gateway = await startSmsGateway();
  server = await startOwnAcademy(student, { ACADEMY_NAME: 'Bright English Academy' });
  const api = await request.newContext({ baseURL: server.baseUrl });
  const { token } = await (await api.post('/api/login.php', { form: { ...ownAdmin } })).json();
  const headers = { Authorization: `Bearer ${token}` };
  const users = await (
    await api.get(`/api/get-users.php?q=${student.username}`, { headers })
  ).json();
  const studentId = users.users[0].id as number;
  await postOk(api, token, '/api/save_settings.php', {
    multipart: { currency_code: 'IRR', currency_name: 'Rial', currency_decimals: '0' },
  });
  await postOk(api, token, '/api/save_sms_gateway.php', {
    data: {
      method: 'POST',
      url: `${gateway.url}/send`,
      content_type: 'json',
      body: '{"to": "{to}", "text": "{text}", "reference": "{id}"}',
      monthly_cap: 100,
    },
  });
  await postOk(api, token, '/api/save_guardian.php', {
    data: { user_id: studentId, name: 'Mum', phone: '+447700900301' },
  });
  await chargedClass(api, token, {
    name: 'Remind Group',
    studentIds: [studentId],
    parts: [
      { label: 'On joining', due: { kind: 'on_joining' }, amount: 2_000_000 },
      { label: 'Later', due: { kind: 'on_date', day: '2099-01-10' }, amount: 1_000_000 },
    ],
  });
  await api.dispose();
});
test.afterAll(async () => {
  await server?.stop();
  await gateway?.close();
});

test('a reminder from Who owes reaches the guardian’s phone through the SMS gateway', async ({
  page,
}) => {
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}${paths.debtors}`);
  await expect(page.getByText('1 payer owes 3,000,000 IRR in all;')).toBeVisible();
  await page.getByRole('button', { name: 'Send a reminder' }).click();
  const popup = page.getByRole('dialog', { name: 'Send a reminder' });
  await expect(popup).toContainText('This tells 1 payer what they owe');
  await popup.getByRole('button', { name: 'Remind 1 payer' }).click();
  await expect(page.getByText('A reminder is on its way to 1 payer.')).toBeVisible();
  const [sms] = await gateway.waitFor(1);
  const body = JSON.parse(sms?.body ?? '{}');
  expect(body.to).toBe('+447700900301');
  // Written to the student ("You have…"), said to the guardian about them.
  expect(body.text).toBe(
    'Bright English Academy: Rana Remind has 3,000,000 IRR of tuition to pay. Next instalment: ' +
      `2,000,000 IRR, due ${new Date().toISOString().slice(0, 10)}.`,
  );
});
