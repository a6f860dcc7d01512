import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CountingListener,
  countingListener,
  resolverOf,
} from '../../test-support/counting-listener.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Where the SMTP server may be (issue 48, point 4), on a server whose environment allows no
 * mail server on this machine (LOOPBACK_GATEWAYS off, as a server's default). The host is a
 * bare setting that nothing parses as a URL first, so every way of writing this machine or a
 * link-local address is read as the resolver would read it and refused at the save, in words;
 * a private address (a relay on the office network) is not. A name that resolves to loopback
 * when the e-mail goes reaches nothing: a listener on loopback counts no connection, and the
 * test e-mail and the outbox's row say why.
 */

let t: TestApp;
let admin: TestUser;
let listener: CountingListener;
let port = 0;
const arrived = () => listener.arrived();

const save = (host: string, smtpPort = 25) =>
  t.callUnchecked('saveEmailSettings', admin.token, {
    host,
    port: smtpPort,
    security: 'none',
    user: '',
    sender_name: 'Bright English Academy',
    sender_address: 'office@bright.example',
  });

beforeAll(async () => {
  t = await createTestApp({ env: { LOOPBACK_GATEWAYS: 'false' } });
  admin = await t.admin();
  listener = await countingListener();
  port = listener.port;
  // The resolver a test controls: evil.example is this machine when the e-mail goes.
  t.app.deps.mailer.outbound.resolve = resolverOf({ 'evil.example': ['127.0.0.1'] });
});

afterAll(async () => {
  await t?.close();
  await listener?.close();
});

describe('the SMTP server’s host at the save', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1 is this machine (loopback)'],
    ['127.1', '127.1 is 127.0.0.1, this machine (loopback)'],
    ['2130706433', '2130706433 is 127.0.0.1, this machine (loopback)'],
    ['0177.0.0.1', '0177.0.0.1 is 127.0.0.1, this machine (loopback)'],
    ['0x7f.0.0.1', '0x7f.0.0.1 is 127.0.0.1, this machine (loopback)'],
    ['0x7f000001', '0x7f000001 is 127.0.0.1, this machine (loopback)'],
    ['[::1]', '[::1] is this machine (loopback)'],
    ['::1', '::1 is this machine (loopback)'],
    ['[::ffff:127.0.0.1]', '[::ffff:127.0.0.1] is 127.0.0.1, this machine (loopback)'],
    ['::ffff:7f00:1', '::ffff:7f00:1 is 127.0.0.1, this machine (loopback)'],
    ['localhost', 'localhost is this machine (loopback)'],
    ['LOCALHOST', 'LOCALHOST is this machine (loopback)'],
    ['foo.localhost', 'foo.localhost is this machine (loopback)'],
  ])('refuses this machine, %s, naming what would allow it', async (host, words) => {
    const res = await save(host);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      `The SMTP server ${words}: the server sends there only with LOOPBACK_GATEWAYS=true in its environment.`,
    );
    expect((await t.call('getEmailSettings', admin.token, {})).json().email).toBeNull();
  });

  it.each([
    ['0.0.0.0', '0.0.0.0 is the unspecified address (it reaches this machine)'],
    ['0', '0 is 0.0.0.0, the unspecified address (it reaches this machine)'],
    ['[::]', '[::] is the unspecified address (it reaches this machine)'],
    [
      '169.254.169.254',
      '169.254.169.254 is a link-local address (where clouds keep their secrets)',
    ],
    ['2852039166', '2852039166 is 169.254.169.254, a link-local address'],
    ['0xa9.0xfe.0xa9.0xfe', '0xa9.0xfe.0xa9.0xfe is 169.254.169.254, a link-local address'],
    ['[::ffff:169.254.169.254]', '[::ffff:169.254.169.254] is 169.254.169.254, a link-local'],
    ['[::ffff:a9fe:a9fe]', '[::ffff:a9fe:a9fe] is 169.254.169.254, a link-local address'],
    ['[fe80::1]', '[fe80::1] is a link-local address'],
    ['224.0.0.1', '224.0.0.1 is a multicast address'],
  ])('refuses %s always', async (host, words) => {
    const res = await save(host);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(`The SMTP server ${words}`);
    expect(res.json().message).toMatch(/: the server never sends there\.$/);
  });

  it('refuses localhost with a trailing dot, as no host name (the contract’s words)', async () => {
    const res = await save('localhost.');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('must be a host name');
  });

  it('takes a relay on the office network', async () => {
    for (const host of ['192.168.1.20', '10.0.0.7', '[fd00::25]', 'mail.office.example']) {
      const res = await save(host);
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
    }
  });
});

describe('an SMTP server’s name that resolves to a refused address when the e-mail goes', () => {
  it('reaches nothing: the test e-mail says why, and nothing connects', async () => {
    expect((await save('evil.example', port)).statusCode).toBe(200);
    const res = await t.call('sendTestEmail', admin.token, { to: 'head@bright.example' });
    expect(res.json()).toEqual({
      success: true,
      sent: false,
      message:
        "The SMTP server's address is refused: evil.example resolves to 127.0.0.1, this machine (loopback), where the server connects only with LOOPBACK_GATEWAYS=true in its environment.",
    });
    expect(arrived()).toBe(0);
  });

  it('fails the outbox’s e-mail with the reason, at once', async () => {
    expect((await save('evil.example', port)).statusCode).toBe(200);
    const student = await t.student();
    const told = await t.call('addNotification', admin.token, {
      user_id: student.id,
      message: 'Class moves to room 4.',
    });
    expect(told.statusCode).toBe(200);
    await t.app.deps.outbox.runOnce();
    const [row] = await t.database.db
      .selectFrom('outbox')
      .select(['state', 'error'])
      .where('user_id', '=', student.id)
      .where('channel', '=', 'email')
      .execute();
    expect(row).toEqual({
      state: 'failed',
      error:
        "The SMTP server's address is refused: evil.example resolves to 127.0.0.1, this machine (loopback), where the server connects only with LOOPBACK_GATEWAYS=true in its environment.",
    });
    expect(arrived()).toBe(0);
  });
});
