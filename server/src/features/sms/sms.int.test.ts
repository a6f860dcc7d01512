import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_SETTINGS_KEY,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';
import { type SmsGatewayRecorder, startSmsGateway } from '../../test-support/sms-gateway.js';
import { studentWithPhone, warnOfAbsence as warnAbsence } from '../../test-support/sms-students.js';
import { openSecret } from '../settings/settings-secret.js';
import { sealPlainHeaders } from './sms-data.js';
import { callGateway } from './sms-gateway.js';

/**
 * Issue 31, point 4: the SMS gateway on Settings and the SMS channel, against a real HTTP
 * server on loopback that records what it is sent (test-support/sms-gateway.ts). Nothing of
 * the app is stood in for: the outbox queues in the notification's transaction and the
 * outbox's own sender hands each letter to the SMS channel.
 */

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let gateway: SmsGatewayRecorder;

const JSON_BODY = '{"to": "{to}", "text": "{text}", "ref": "{id}"}';

/** save_sms_gateway's payload: POST JSON to the recorder, with these header lines, no cap. */
const gatewayWith = (secret_headers: string) => ({
  method: 'POST' as const,
  url: `${gateway.url}/send`,
  secret_headers,
  content_type: 'json' as const,
  body: JSON_BODY,
  monthly_cap: 0,
});

/** Sets the gateway up: POST JSON to the recorder, with a key in a header, and `cap`. */
async function saveGateway(cap = 0, extra: Record<string, unknown> = {}) {
  const res = await t.call('saveSmsGateway', admin.token, {
    method: 'POST',
    url: `${gateway.url}/send`,
    secret_headers: 'Authorization: Bearer sms-secret-key\nX-Tenant: bright',
    content_type: 'json',
    body: JSON_BODY,
    monthly_cap: cap,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const studentWith = (phone: string | null, name?: string) => studentWithPhone(t, phone, name);

async function addGuardian(studentId: number, phone: string | null, email?: string) {
  const res = await t.call('saveGuardian', admin.token, {
    user_id: studentId,
    name: 'Gina Guardian',
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** An absence warning, as the roll tells one: a notification and its outbox rows, together. */
const warnOfAbsence = (studentId: number, message?: string) => warnAbsence(t, studentId, message);

const smsRows = (userId: number) =>
  t.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .where('channel', '=', 'sms')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp({ env: { ACADEMY_NAME: 'Bright English' } });
  admin = await t.admin();
  teacher = await t.teacher();
  gateway = await startSmsGateway();
});
afterAll(async () => {
  await t.close();
  await gateway.close();
});
beforeEach(() => {
  gateway.received.length = 0;
  gateway.reply({ status: 200, body: '{"status":"queued"}' });
});

describe('the gateway on Settings', () => {
  it('is not set up at first, and an administrator saves it; header values are never answered', async () => {
    const first = await t.call('getSmsGateway', admin.token, {});
    expect(first.json()).toMatchObject({
      success: true,
      gateway: null,
      sent_this_month: 0,
      can_keep_headers: true,
    });

    await saveGateway(250);
    const read = await t.call('getSmsGateway', admin.token, {});
    expect(read.json().gateway).toEqual({
      method: 'POST',
      url: `${gateway.url}/send`,
      header_names: ['Authorization', 'X-Tenant'],
      content_type: 'json',
      body: JSON_BODY,
      monthly_cap: 250,
    });
    expect(read.body).not.toContain('sms-secret-key');
    expect(read.body).not.toContain('bright');

    // Kept values stay kept: a line with [kept] keeps it, a new line adds one.
    const again = await t.call('saveSmsGateway', admin.token, {
      method: 'POST',
      url: `${gateway.url}/send`,
      secret_headers: 'Authorization: [kept]\nX-Extra: 7',
      content_type: 'json',
      body: JSON_BODY,
      monthly_cap: 250,
    });
    expect(again.statusCode, again.body).toBe(200);
    const stored = await t.database.db
      .selectFrom('academy_settings')
      .select('sms_gateway')
      .executeTakeFirstOrThrow();
    // Kept sealed with SETTINGS_KEY, as the SMTP password is: never as typed.
    expect(stored.sms_gateway).not.toContain('sms-secret-key');
    const headers = JSON.parse(stored.sms_gateway ?? 'null').headers;
    expect(headers).toEqual([
      { name: 'Authorization', sealed: expect.stringMatching(/^v1\./) },
      { name: 'X-Extra', sealed: expect.stringMatching(/^v1\./) },
    ]);
    const key = Buffer.from(TEST_SETTINGS_KEY, 'hex');
    const purpose = 'academy_settings.sms_gateway.headers.authorization';
    expect(openSecret(key, headers[0].sealed, purpose)).toBe('Bearer sms-secret-key');
    // Only with its key, and only as that header's value.
    expect(openSecret(Buffer.alloc(32, 1), headers[0].sealed, purpose)).toBeUndefined();
    expect(
      openSecret(key, headers[0].sealed, 'academy_settings.sms_gateway.headers.x-extra'),
    ).toBeUndefined();
    expect((await t.call('getSmsGateway', admin.token, {})).body).not.toContain('v1.');

    // The audit log keeps the headers hidden too.
    const log = await t.call('auditLog', admin.token, {});
    expect(log.body).toContain('saveSmsGateway');
    expect(log.body).not.toContain('sms-secret-key');
  });

  it.each([
    [{ url: 'http://sms.example.com/send' }, 'must start with https://'],
    [{ url: 'ftp://127.0.0.1/send' }, 'must start with https://'],
    [{ url: 'not an address' }, 'is not a web address'],
    [{ url: 'http://169.254.169.254/latest' }, '169.254.169.254 is a link-local address'],
    // Issue 48, point 4: https does not make a link-local address reachable, and a key goes
    // in a header, never in the address.
    [{ url: 'https://169.254.169.254/latest' }, '169.254.169.254 is a link-local address'],
    [{ url: 'https://[::ffff:169.254.169.254]/send' }, 'is 169.254.169.254, a link-local address'],
    [{ url: 'https://[::ffff:a9fe:a9fe]/send' }, 'is 169.254.169.254, a link-local address'],
    [{ url: 'https://2852039166/send' }, '169.254.169.254 is a link-local address'],
    [{ url: 'https://[fe80::1]/send' }, 'is a link-local address'],
    [{ url: 'https://0.0.0.0/send' }, 'is the unspecified address'],
    [{ url: 'https://[::]/send' }, 'is the unspecified address'],
    [{ url: 'https://key:secret@sms.example.com/send' }, 'must not hold a user name or password'],
    [{ url: 'https://key@sms.example.com/send' }, 'must not hold a user name or password'],
    [{ url: 'https://{to}.sms.example.com/send' }, 'Placeholders go in the gateway'],
    [{ body: '{"to": "{to}"}' }, 'Put {text} in the body or the address'],
    [
      { body: '{"to": "{to}", "text": "{text}", "from": "{sender}"}' },
      '{sender} is no placeholder',
    ],
    [{ body: '{"to": {to}, "text": "{text}"}' }, 'The body is not JSON once filled in'],
    [{ method: 'GET', body: JSON_BODY }, 'a GET request has no body'],
    [{ secret_headers: 'Authorization Bearer x' }, 'Write each header as "Name: value"'],
    [{ secret_headers: 'Host: evil.example.com' }, 'The header Host is set by the app'],
    [{ secret_headers: 'X-Key: a\nx-key: b' }, 'The header x-key is there twice'],
    [{ secret_headers: 'X-Unknown: [kept]' }, 'The header X-Unknown has no kept value'],
    [{ secret_headers: 'X-Key: ünïcødé ✓' }, 'a character a header cannot carry'],
    [{ monthly_cap: -1 }, 'The monthly cap must be a whole number'],
    [{ monthly_cap: 'ten' }, 'The monthly cap must be a whole number'],
    [{ method: 'PUT' }, 'The method must be POST or GET.'],
    [{ content_type: 'xml' }, 'The body must be sent as JSON or as a form.'],
  ])('refuses %j in words (400), saving nothing', async (change, words) => {
    const before = await t.call('getSmsGateway', admin.token, {});
    const res = await t.callUnchecked('saveSmsGateway', admin.token, {
      method: 'POST',
      url: `${gateway.url}/send`,
      secret_headers: 'Authorization: [kept]',
      content_type: 'json',
      body: JSON_BODY,
      monthly_cap: 250,
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(words);
    expect((await t.call('getSmsGateway', admin.token, {})).body).toBe(before.body);
  });

  it('is an administrator’s: a teacher is refused every gateway call', async () => {
    for (const name of ['getSmsGateway', 'removeSmsGateway'] as const)
      expect((await t.call(name, teacher.token, {})).statusCode).toBe(403);
    const test = await t.call('sendTestSms', teacher.token, { to: '+447700900123' });
    expect(test.statusCode).toBe(403);
    expect(gateway.received).toHaveLength(0);
  });
});

describe('header values kept before they were sealed', () => {
  it('still work, and are sealed when a server with SETTINGS_KEY starts', async () => {
    await saveGateway(0);
    const plain = {
      method: 'POST',
      url: `${gateway.url}/send`,
      headers: [{ name: 'Authorization', value: 'Bearer plain-old-key' }],
      contentType: 'json',
      body: JSON_BODY,
      monthlyCap: 0,
    };
    const stored = async () =>
      (
        await t.database.db
          .selectFrom('academy_settings')
          .select('sms_gateway')
          .executeTakeFirstOrThrow()
      ).sms_gateway ?? '';
    await t.database.db
      .updateTable('academy_settings')
      .set({ sms_gateway: JSON.stringify(plain) })
      .execute();
    const sent = async () => {
      gateway.received.length = 0;
      const res = await t.call('sendTestSms', admin.token, { to: '+447700900123' });
      expect(res.json(), res.body).toMatchObject({ delivered: true });
      return gateway.received[0]?.headers.authorization;
    };
    expect(await sent()).toBe('Bearer plain-old-key');
    // Without a key they are left as they are (and the server warns).
    expect(await sealPlainHeaders(t.database.db, undefined)).toBe('no-key');
    expect(await stored()).toContain('plain-old-key');

    const key = Buffer.from(TEST_SETTINGS_KEY, 'hex');
    expect(await sealPlainHeaders(t.database.db, key)).toBe('sealed');
    expect(await stored()).not.toContain('plain-old-key');
    expect(await sent()).toBe('Bearer plain-old-key');
    expect(await sealPlainHeaders(t.database.db, key)).toBe('none');

    // A plain value kept with [kept] is sealed by the save.
    await t.database.db
      .updateTable('academy_settings')
      .set({ sms_gateway: JSON.stringify(plain) })
      .execute();
    const kept = await t.call('saveSmsGateway', admin.token, gatewayWith('Authorization: [kept]'));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await stored()).not.toContain('plain-old-key');
    expect(await sent()).toBe('Bearer plain-old-key');
  });

  it('that no longer open (another SETTINGS_KEY) are said to be so, not sent wrong', async () => {
    const other = await createTestApp({ env: { SETTINGS_KEY: 'ab'.repeat(32) } });
    try {
      const boss = await other.admin();
      const saved = await other.call(
        'saveSmsGateway',
        boss.token,
        gatewayWith('Authorization: Bearer sms-secret-key'),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      // The row as another key sealed it: this server cannot open it.
      const row = await other.database.db
        .selectFrom('academy_settings')
        .select('sms_gateway')
        .executeTakeFirstOrThrow();
      await t.database.db
        .updateTable('academy_settings')
        .set({ sms_gateway: row.sms_gateway })
        .execute();
      gateway.received.length = 0;
      const test = await t.call('sendTestSms', admin.token, { to: '+447700900123' });
      expect(test.json()).toMatchObject({
        delivered: false,
        message:
          "The value of the header Authorization kept on Settings cannot be read with this server's SETTINGS_KEY (was the key changed?). Type it again on Settings.",
      });
      expect(gateway.received).toHaveLength(0);
      // The outbox's SMS fails with the same words, rather than going without its key.
      const student = await studentWith('+447700900321');
      await warnOfAbsence(student.id);
      await t.app.deps.outbox.runOnce();
      expect(gateway.received).toHaveLength(0);
      expect((await smsRows(student.id))[0]).toMatchObject({
        state: 'failed',
        error: test.json().message,
      });
      const keptAgain = await t.call(
        'saveSmsGateway',
        admin.token,
        gatewayWith('Authorization: [kept]'),
      );
      expect(keptAgain.statusCode).toBe(400);
      expect(keptAgain.json().message).toBe(
        'The header Authorization has no kept value: type its value.',
      );
    } finally {
      await other.close();
    }
  });
});

describe('without SETTINGS_KEY', () => {
  it('refuses to keep header values, in words naming it, and keeps a gateway without any', async () => {
    const bare = await createTestApp({ env: { SETTINGS_KEY: '' } });
    try {
      const boss = await bare.admin();
      const save = (secret_headers: string) =>
        bare.call('saveSmsGateway', boss.token, gatewayWith(secret_headers));
      const refused = await save('Authorization: Bearer sms-secret-key');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        "The gateway's header values cannot be kept: this server has no SETTINGS_KEY. Set SETTINGS_KEY in its environment (32 random bytes as 64 hex characters, for example from openssl rand -hex 32), restart it, and save again.",
      );
      expect((await bare.call('getSmsGateway', boss.token, {})).json()).toMatchObject({
        gateway: null,
        can_keep_headers: false,
      });
      expect((await save('')).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('a test SMS', () => {
  it('arrives with the template filled in: the number, the text and a reference', async () => {
    await saveGateway(250);
    const res = await t.call('sendTestSms', admin.token, { to: '+44 7700 900-123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      delivered: true,
      status: 200,
      answer: '{"status":"queued"}',
    });
    expect(gateway.received).toHaveLength(1);
    const [sms] = gateway.received;
    expect(sms?.method).toBe('POST');
    expect(sms?.url).toBe('/send');
    expect(sms?.headers.authorization).toBe('Bearer sms-secret-key');
    expect(sms?.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(sms?.body ?? '{}');
    expect(body.to).toBe('+447700900123');
    expect(body.text).toBe('Bright English: This is a test SMS from the academy app.');
    expect(body.ref).toMatch(/^test-[0-9a-f]{12}$/);
    // The test is not one of the month's SMS.
    expect((await t.call('getSmsGateway', admin.token, {})).json().sent_this_month).toBe(0);
  });

  it('shows what the gateway answered when it refuses, and when it cannot be reached', async () => {
    await saveGateway(250);
    gateway.reply({ status: 401, body: '{"error": "Invalid API key",\n "code": 17}' });
    const refused = await t.call('sendTestSms', admin.token, { to: '+447700900123' });
    expect(refused.json()).toMatchObject({
      delivered: false,
      status: 401,
      answer: '{"error": "Invalid API key", "code": 17}',
    });
    expect(refused.json().message).toContain('401: {"error": "Invalid API key"');

    const closed = await startSmsGateway();
    await closed.close();
    await saveGateway(250, { url: `${closed.url}/send` });
    const unreachable = await t.call('sendTestSms', admin.token, { to: '+447700900123' });
    expect(unreachable.statusCode).toBe(200);
    expect(unreachable.json()).toMatchObject({ delivered: false, status: null });
    expect(unreachable.json().message).toContain('Could not reach the gateway (ECONNREFUSED)');
  });

  it('follows no redirect: a 3xx is the answer, and where it points is never asked', async () => {
    const elsewhere = await startSmsGateway();
    try {
      await saveGateway(0);
      gateway.reply({ status: 307, headers: { location: `${elsewhere.url}/send` } });
      const moved = await t.call('sendTestSms', admin.token, { to: '+447700900123' });
      expect(moved.json()).toMatchObject({ delivered: false, status: 307 });
      expect(gateway.received).toHaveLength(1);
      expect(elsewhere.received).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('fills a GET address URL-encoded, and a form body form-encoded', async () => {
    await saveGateway(0, {
      method: 'GET',
      url: `${gateway.url}/api?to={to}&msg={text}&ref={id}`,
      body: '',
    });
    await t.call('sendTestSms', admin.token, { to: '+447700900123' });
    const url = new URL(gateway.received[0]?.url ?? '', gateway.url);
    expect(gateway.received[0]?.method).toBe('GET');
    expect(url.searchParams.get('to')).toBe('+447700900123');
    expect(url.searchParams.get('msg')).toBe(
      'Bright English: This is a test SMS from the academy app.',
    );

    await saveGateway(0, { content_type: 'form', body: 'to={to}&message={text}&ref={id}' });
    await t.call('sendTestSms', admin.token, { to: '+447700900123' });
    const sms = gateway.received[1];
    expect(sms?.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    const form = new URLSearchParams(sms?.body);
    expect(form.get('to')).toBe('+447700900123');
    expect(form.get('message')).toBe('Bright English: This is a test SMS from the academy app.');
    expect(sms?.body).toContain('message=Bright+English%3A+This');
  });

  it('refuses a number that is not one, and says when SMS is not set up', async () => {
    const bad = await t.call('sendTestSms', admin.token, { to: '07700 900123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Please enter the phone number with + and the country code, such as +44 7700 900123.',
    );
    await t.call('removeSmsGateway', admin.token, {});
    const none = await t.call('sendTestSms', admin.token, { to: '+447700900123' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('SMS is not set up yet: save the gateway first.');
    expect(gateway.received).toHaveLength(0);
  });

  it('gives up on a gateway that does not answer in time', async () => {
    gateway.reply({ status: 200, body: 'late', delayMs: 2_000 });
    await expect(
      callGateway(
        {
          method: 'POST',
          url: `${gateway.url}/send`,
          headers: [],
          contentType: 'json',
          body: JSON_BODY,
          monthlyCap: 0,
        },
        { to: '+447700900123', text: 'hi', id: 'outbox-1' },
        t.app.deps.smsGateway,
        200,
      ),
    ).rejects.toThrow('The gateway did not answer within 0.2 seconds.');
  });
});

describe('the SMS channel', () => {
  it('sends an absence warning to a guardian’s phone, with the letter’s key as its reference', async () => {
    await saveGateway(0);
    const student = await studentWith(null, 'Ali Veli');
    await addGuardian(student.id, '+44 7700 900456');
    await warnOfAbsence(student.id);
    const [row] = await smsRows(student.id);
    expect(row).toMatchObject({ state: 'queued', guardian_id: expect.any(Number) });

    const run = await t.app.deps.outbox.runOnce();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect(gateway.received).toHaveLength(1);
    const body = JSON.parse(gateway.received[0]?.body ?? '{}');
    expect(body).toEqual({
      to: '+447700900456',
      text: 'Bright English: Ali Veli has reached the absence warning.',
      ref: `outbox-${row?.id}`,
    });
    expect((await smsRows(student.id))[0]).toMatchObject({ state: 'sent', error: null });
    expect((await t.call('getSmsGateway', admin.token, {})).json().sent_this_month).toBe(1);
  });

  it('sends to the person’s own number, and skips a letter with no number left', async () => {
    await saveGateway(0);
    const student = await studentWith('+447700900789');
    await warnOfAbsence(student.id, `Long ${'word '.repeat(200)}end`);
    // The number is taken away before the letter leaves: nothing to send it to.
    const other = await studentWith('+447700900790');
    await warnOfAbsence(other.id);
    await t.database.db.deleteFrom('message_choices').where('user_id', '=', other.id).execute();

    await t.app.deps.outbox.runOnce();
    expect(gateway.received).toHaveLength(1);
    const body = JSON.parse(gateway.received[0]?.body ?? '{}');
    expect(body.to).toBe('+447700900789');
    // Cut to three segments of GSM text (3 × 153), ending in '...'.
    expect(body.text.startsWith('Bright English: Long word word')).toBe(true);
    expect(body.text.endsWith('...')).toBe(true);
    expect(body.text.length).toBeLessThanOrEqual(459);
    expect((await smsRows(other.id))[0]).toMatchObject({
      state: 'skipped',
      error: 'There is no phone number to send it to.',
    });
  });

  it('stops at the monthly cap: the one past it fails with the reason', async () => {
    const sent = (await t.call('getSmsGateway', admin.token, {})).json().sent_this_month as number;
    await saveGateway(sent + 2);
    const students = [
      await studentWith('+447700900801'),
      await studentWith('+447700900802'),
      await studentWith('+447700900803'),
    ];
    for (const s of students) await warnOfAbsence(s.id);
    await t.app.deps.outbox.runOnce();
    expect(gateway.received).toHaveLength(2);
    const rows = (await Promise.all(students.map((s) => smsRows(s.id)))).flat();
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent', 'failed']);
    expect(rows[2]?.error).toBe(`The monthly SMS cap of ${sent + 2} is reached.`);
  });

  it('leaves a letter the gateway answered 500 queued for a retry, and fails one it refused', async () => {
    await saveGateway(0);
    const retried = await studentWith('+447700900811');
    await warnOfAbsence(retried.id);
    gateway.reply({ status: 503, body: '<html><body>Service Unavailable</body></html>' });
    await t.app.deps.outbox.runOnce();
    const [waiting] = await smsRows(retried.id);
    expect(waiting).toMatchObject({
      state: 'queued',
      attempts: 1,
      error: 'The gateway answered 503: <html><body>Service Unavailable</body></html>',
    });
    expect(Number(waiting?.send_after)).toBeGreaterThan(t.clock.now);

    // A minute later it is tried again, with the same reference, and goes.
    gateway.reply({ status: 202, body: 'OK' });
    t.clock.now += 60_000;
    await t.app.deps.outbox.runOnce();
    expect(gateway.received).toHaveLength(2);
    const refs = gateway.received.map((r) => JSON.parse(r.body).ref);
    expect(refs).toEqual([`outbox-${waiting?.id}`, `outbox-${waiting?.id}`]);
    expect((await smsRows(retried.id))[0]?.state).toBe('sent');

    const refused = await studentWith('+447700900812');
    await warnOfAbsence(refused.id);
    gateway.reply({ status: 400, body: '{"error":"Number not allowed"}' });
    await t.app.deps.outbox.runOnce();
    expect((await smsRows(refused.id))[0]).toMatchObject({
      state: 'failed',
      error: 'The gateway refused it: 400: {"error":"Number not allowed"}',
    });
  });

  it('leaves letters queued when the gateway cannot be reached, trying it once a minute at most', async () => {
    const closed = await startSmsGateway();
    await closed.close();
    await saveGateway(0, { url: `${closed.url}/send` });
    const first = await studentWith('+447700900831');
    const second = await studentWith('+447700900832');
    await warnOfAbsence(first.id);
    await warnOfAbsence(second.id);
    const started = Date.now();
    await t.app.deps.outbox.runOnce();
    const rows = [...(await smsRows(first.id)), ...(await smsRows(second.id))];
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['queued', 1],
      ['queued', 1],
    ]);
    for (const row of rows)
      expect(row.error).toMatch(/^Could not reach the gateway \(ECONNREFUSED\)/);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The pause is a minute of the app's clock: later letters try the gateway again.
    t.clock.now += 24 * 3_600_000;
  });

  it('skips what waits once SMS is turned off, and queues nothing more', async () => {
    await saveGateway(0);
    const student = await studentWith('+447700900821');
    await warnOfAbsence(student.id);
    await t.call('removeSmsGateway', admin.token, {});
    await warnOfAbsence(student.id);
    await t.app.deps.outbox.runOnce();
    expect(gateway.received).toHaveLength(0);
    const rows = await smsRows(student.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'skipped', error: 'SMS is not set up.' });
  });
});

describe('the estimate before a send', () => {
  it('counts the students who chose SMS with a number, and guardians when announcements go to them', async () => {
    const cls = (await t.call('createClass', admin.token, { name: 'SMS Class' })).json()
      .class_id as number;
    const withPhone = await studentWith('+447700900901');
    const without = await studentWith(null);
    const guarded = await studentWith(null);
    await addGuardian(guarded.id, '+447700900902');
    await addGuardian(guarded.id, null, 'only-email@example.com');
    const ids = [withPhone.id, without.id, guarded.id];
    await t.call('addClassStudents', admin.token, { class_id: cls, user_ids: ids });

    await t.call('removeSmsGateway', admin.token, {});
    const off = await t.call('estimateSms', admin.token, { class_id: String(cls) });
    expect(off.json()).toEqual({
      success: true,
      sms_ready: false,
      estimate: 0,
      cap: 0,
      left: null,
    });

    const sent = (await t.call('getSmsGateway', admin.token, {})).json().sent_this_month as number;
    await saveGateway(sent + 1);
    const byClass = await t.call('estimateSms', admin.token, { class_id: String(cls) });
    // Guardians are sent absence warnings and results by default, not announcements.
    expect(byClass.json()).toEqual({
      success: true,
      sms_ready: true,
      estimate: 1,
      cap: sent + 1,
      left: 1,
    });
    await t.call('saveGuardianKinds', admin.token, { kinds: ['announcement', 'attendance'] });
    const chosen = await t.call('estimateSms', admin.token, { user_ids: JSON.stringify(ids) });
    expect(chosen.json()).toMatchObject({ estimate: 2, left: 1 });

    // A teacher asks for their own classes only.
    const own = await t.teacher({ classIds: [cls] });
    expect(
      (await t.call('estimateSms', own.token, { class_id: String(cls) })).json(),
    ).toMatchObject({
      estimate: 2,
    });
    expect((await t.call('estimateSms', teacher.token, { class_id: String(cls) })).statusCode).toBe(
      403,
    );
    expect((await t.call('estimateSms', own.token, { user_id: 'all' })).statusCode).toBe(403);
    const none = await t.callUnchecked('estimateSms', admin.token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a user.');

    // The send queues what the estimate said.
    await t.call('addNotification', admin.token, { class_id: String(cls), message: 'Hello all' });
    const queued = await t.database.db
      .selectFrom('outbox')
      .select('user_id')
      .where('channel', '=', 'sms')
      .where('kind', '=', 'announcement')
      .where('user_id', 'in', ids)
      .execute();
    expect(queued).toHaveLength(2);
  });
});
