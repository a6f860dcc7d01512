import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CountingListener,
  countingListener,
  resolverOf,
} from '../../test-support/counting-listener.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { studentWithPhone, warnOfAbsence } from '../../test-support/sms-students.js';

/**
 * Where the SMS gateway may be (issue 48, point 4), on a server whose environment allows no
 * gateway on this machine (LOOPBACK_GATEWAYS off, as a server's default): every way of writing
 * this machine or a link-local address is refused at the save, in words; a private address
 * (the office's gateway box) is not; and a name that resolves to loopback when the SMS goes
 * reaches nothing: a listener on loopback counts no connection, and the outbox's row fails
 * with the reason.
 */

let t: TestApp;
let admin: TestUser;
let listener: CountingListener;
let port = 0;
const arrived = () => listener.arrived();

const JSON_BODY = '{"to": "{to}", "text": "{text}"}';

const saveGateway = (url: string) =>
  t.callUnchecked('saveSmsGateway', admin.token, {
    method: 'POST',
    url,
    secret_headers: '',
    content_type: 'json',
    body: JSON_BODY,
    monthly_cap: 0,
  });

beforeAll(async () => {
  t = await createTestApp({ env: { LOOPBACK_GATEWAYS: 'false' } });
  admin = await t.admin();
  listener = await countingListener();
  port = listener.port;
  // The resolver a test controls: evil.example is this machine, when the SMS goes.
  t.app.deps.smsGateway.outbound.resolve = resolverOf({
    'evil.example': ['127.0.0.1'],
    'metadata.example': ['::ffff:169.254.169.254'],
  });
});

afterAll(async () => {
  await t?.close();
  await listener?.close();
});

describe('the gateway’s address at the save', () => {
  it.each([
    'https://127.0.0.1/send',
    'http://127.0.0.1:8080/send',
    'https://127.1/send',
    'https://2130706433/send',
    'https://0177.0.0.1/send',
    'https://0x7f.0.0.1/send',
    'https://[::1]/send',
    'https://[::ffff:127.0.0.1]/send',
    'http://localhost/send',
    'https://localhost./send',
    'https://foo.localhost/send',
  ])('refuses this machine, %s, naming what would allow it', async (url) => {
    const res = await saveGateway(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(
      /this machine \(loopback\): the server sends there only with LOOPBACK_GATEWAYS=true in its environment\.$/,
    );
  });

  it.each([
    ['https://0.0.0.0/send', 'the unspecified address'],
    ['https://[::]/send', 'the unspecified address'],
    ['https://169.254.169.254/latest', 'a link-local address'],
    ['https://[::ffff:169.254.169.254]/send', 'a link-local address'],
    ['https://[::ffff:a9fe:a9fe]/send', 'a link-local address'],
    ['https://[fe80::1]/send', 'a link-local address'],
    ['https://224.0.0.1/send', 'a multicast address'],
    ['https://255.255.255.255/send', 'a reserved or broadcast address'],
  ])('refuses %s always (%s)', async (url, words) => {
    const res = await saveGateway(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(words);
    expect(res.json().message).toContain('the server never sends there.');
  });

  it('refuses a user name or password in the address, in words', async () => {
    const res = await saveGateway('https://key:secret@sms.example.com/send');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      "The gateway's address must not hold a user name or password (user:password@)",
    );
  });

  it('takes the office’s own network, over https and http', async () => {
    for (const url of ['https://192.168.1.20/send', 'http://10.0.0.7:8080/send']) {
      const res = await saveGateway(url);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('a gateway’s name that resolves to a refused address when the SMS goes', () => {
  it('reaches nothing: the test SMS says why, and nothing connects', async () => {
    const saved = await saveGateway(`https://evil.example:${port}/send`);
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.call('sendTestSms', admin.token, { to: '+447700900123' });
    expect(res.json()).toMatchObject({ delivered: false, status: null });
    expect(res.json().message).toBe(
      "The gateway's address is refused: evil.example resolves to 127.0.0.1, this machine (loopback), where the server connects only with LOOPBACK_GATEWAYS=true in its environment.",
    );
    expect(arrived()).toBe(0);
  });

  it('fails the outbox’s SMS with the reason, at once', async () => {
    const saved = await saveGateway(`http://192.168.1.20:${port}/send`);
    expect(saved.statusCode).toBe(200);
    // Written as an address the save allowed, then pointed at a name (an older row, say).
    await t.database.db
      .updateTable('academy_settings')
      .set({
        sms_gateway: JSON.stringify({
          method: 'POST',
          url: `https://metadata.example:${port}/send`,
          headers: [],
          contentType: 'json',
          body: JSON_BODY,
          monthlyCap: 0,
        }),
      })
      .where('id', '=', 1)
      .execute();
    const student = await studentWithPhone(t, '+447700900555');
    await t.app.deps.settings.reload();
    await warnOfAbsence(t, student.id, 'Absence warning.');
    await t.app.deps.outbox.runOnce();
    const [row] = await t.database.db
      .selectFrom('outbox')
      .select(['state', 'error', 'attempts'])
      .where('user_id', '=', student.id)
      .where('channel', '=', 'sms')
      .execute();
    expect(row).toMatchObject({
      state: 'failed',
      error:
        "The gateway's address is refused: metadata.example resolves to 169.254.169.254, a link-local address (where clouds keep their secrets), and the server does not connect there.",
    });
    expect(arrived()).toBe(0);
  });
});
