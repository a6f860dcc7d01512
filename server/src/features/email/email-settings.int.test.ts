import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_SETTINGS_KEY,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';
import { LOOPBACK_PUSH_PEM } from '../../test-support/push-service.js';
import { sentTo, startTestSmtp, type TestSmtp } from '../../test-support/smtp.js';
import { openSecret } from '../settings/settings-secret.js';
import { parseEmailSettings, storedEmailJson } from './email-settings.js';

/**
 * Issue 31, point 3: the academy's SMTP server on Settings, with a real SMTP server on loopback
 * (smtp-server) that asks for a login. The password is kept sealed and never answered; a test
 * e-mail goes at once and says how it went.
 */

const SMTP_LOGIN = { user: 'academy', password: 'smtp-secret-9x!' };

let t: TestApp;
let admin: TestUser;
let smtp: TestSmtp;

const settingsFor = (port: number, password?: string) => ({
  host: '127.0.0.1',
  port,
  security: 'none' as const,
  user: SMTP_LOGIN.user,
  ...(password === undefined ? {} : { password }),
  sender_name: 'Bright English Academy',
  sender_address: 'office@bright.example',
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  smtp = await startTestSmtp(SMTP_LOGIN);
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

afterEach(async () => {
  await t.call('clearEmailSettings', admin.token, {});
});

describe('the SMTP settings', () => {
  it('start unset, and say whether a password can be kept', async () => {
    const res = await t.call('getEmailSettings', admin.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email: null, can_keep_password: true });
  });

  it('are saved with the password sealed, never answered, and kept when none is typed', async () => {
    const saved = await t.call(
      'saveEmailSettings',
      admin.token,
      settingsFor(smtp.port, SMTP_LOGIN.password),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const read = await t.call('getEmailSettings', admin.token, {});
    expect(read.body).not.toContain(SMTP_LOGIN.password);
    expect(read.json().email).toEqual({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: 'academy',
      has_password: true,
      sender_name: 'Bright English Academy',
      sender_address: 'office@bright.example',
      link_origin: 'http://localhost:80',
    });

    // The row holds the password sealed: not as typed, and it opens only with the key.
    const json = (await storedEmailJson(t.database.db)) ?? '';
    expect(json).not.toContain(SMTP_LOGIN.password);
    const sealed = parseEmailSettings(json)?.password ?? '';
    expect(sealed).toMatch(/^v1\./);
    const purpose = 'academy_settings.email_settings.password';
    expect(openSecret(Buffer.from(TEST_SETTINGS_KEY, 'hex'), sealed, purpose)).toBe(
      SMTP_LOGIN.password,
    );
    expect(openSecret(Buffer.alloc(32, 1), sealed, purpose)).toBeUndefined();

    // Saved again without a password (a changed sender): the kept one still signs in.
    const again = await t.call('saveEmailSettings', admin.token, {
      ...settingsFor(smtp.port),
      sender_name: 'Bright Academy Office',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(parseEmailSettings(await storedEmailJson(t.database.db))?.password).toBe(sealed);
    const test = await t.call('sendTestEmail', admin.token, { to: 'head@bright.example' });
    expect(test.json(), test.body).toMatchObject({ success: true, sent: true });
    const arrived = await smtp.waitFor(sentTo('head@bright.example'));
    expect(arrived.mail.from?.value[0]).toEqual({
      name: 'Bright Academy Office',
      address: 'office@bright.example',
    });
  });

  it('refuse a new user without their password, and bad input in words', async () => {
    await t.call('saveEmailSettings', admin.token, settingsFor(smtp.port, SMTP_LOGIN.password));
    const other = await t.call('saveEmailSettings', admin.token, {
      ...settingsFor(smtp.port),
      user: 'someone-else',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      'Please type the password of someone-else on the SMTP server.',
    );

    const bad = await t.call('saveEmailSettings', admin.token, {
      ...settingsFor(smtp.port, 'x'),
      port: 70_000,
      sender_address: 'not an address',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/port must be at most 65535/);
  });

  it('are cleared by Clear: e-mail is off, and a test says it is not set up', async () => {
    await t.call('saveEmailSettings', admin.token, settingsFor(smtp.port, SMTP_LOGIN.password));
    const cleared = await t.call('clearEmailSettings', admin.token, {});
    expect(cleared.json()).toEqual({
      success: true,
      message: 'E-mail is off: nothing more is sent by e-mail.',
    });
    expect((await t.call('getEmailSettings', admin.token, {})).json().email).toBeNull();
    const test = await t.call('sendTestEmail', admin.token, { to: 'head@bright.example' });
    expect(test.json()).toEqual({
      success: true,
      sent: false,
      message: 'E-mail is not set up on Settings.',
    });
  });
});

describe('the test e-mail', () => {
  it('arrives at once, from the academy, with the words and a link to the app', async () => {
    await t.call('saveEmailSettings', admin.token, settingsFor(smtp.port, SMTP_LOGIN.password));
    const res = await t.call('sendTestEmail', admin.token, { to: 'Owner@Bright.example' });
    expect(res.json()).toEqual({
      success: true,
      sent: true,
      message:
        'The test e-mail was handed to 127.0.0.1 for Owner@Bright.example. If it has not arrived in a few minutes, look in the spam folder.',
    });
    const { mail } = await smtp.waitFor(sentTo('Owner@Bright.example'));
    expect(mail.subject).toBe('Test e-mail from Academy');
    expect(mail.text).toContain("This is a test e-mail from Academy's Settings.");
    expect(mail.html).toContain('href="http://localhost:80"');
    expect(mail.messageId).toMatch(/^<test-[0-9a-f]{24}@localhost>$/);
  });

  it("shows the SMTP server's refusal in its words", async () => {
    await t.call('saveEmailSettings', admin.token, settingsFor(smtp.port, SMTP_LOGIN.password));
    smtp.refuse('nobody@bright.example', 550, 'No such mailbox here');
    const res = await t.call('sendTestEmail', admin.token, { to: 'nobody@bright.example' });
    expect(res.json().sent).toBe(false);
    expect(res.json().message).toMatch(
      /^The SMTP server refused the e-mail: 550 No such mailbox here/,
    );
  });

  it('says so when the password is wrong, or the server cannot be reached', async () => {
    await t.call('saveEmailSettings', admin.token, settingsFor(smtp.port, 'not-the-password'));
    const wrong = await t.call('sendTestEmail', admin.token, { to: 'head@bright.example' });
    expect(wrong.json().sent).toBe(false);
    // A refused login names the setting, not the e-mail (issue 49, point 15).
    expect(wrong.json().message).toMatch(
      new RegExp(`^The SMTP server 127\\.0\\.0\\.1:${smtp.port} refused the user name or password`),
    );

    const closed = await startTestSmtp();
    const port = closed.port;
    await closed.close();
    await t.call('saveEmailSettings', admin.token, { ...settingsFor(port), user: '' });
    const down = await t.call('sendTestEmail', admin.token, { to: 'head@bright.example' });
    expect(down.json().sent).toBe(false);
    expect(down.json().message).toMatch(
      new RegExp(`^The SMTP server 127\\.0\\.0\\.1:${port} could not be reached: .*ECONNREFUSED`),
    );
  });
});

describe('TLS over the connection the rule checked (issue 48, point 4)', () => {
  it('is still spoken from the first byte, and the certificate still checked', async () => {
    // A server on loopback with TLS from the first byte and a certificate nobody trusts: the
    // mailer opens the socket itself (mailer.ts getSocket) and hands it to nodemailer, which
    // must still shake hands and refuse the certificate rather than send in the clear.
    const pem = fs.readFileSync(LOOPBACK_PUSH_PEM, 'utf8');
    const cut = pem.indexOf('-----BEGIN PRIVATE KEY-----');
    let mails = 0;
    const server = new SMTPServer({
      secure: true,
      cert: pem.slice(0, cut),
      key: pem.slice(cut),
      logger: false,
      authOptional: true,
      onData(stream, _session, callback) {
        mails += 1;
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    try {
      const { port } = server.server.address() as AddressInfo;
      const saved = await t.call('saveEmailSettings', admin.token, {
        ...settingsFor(port),
        security: 'tls',
        user: '',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const res = await t.call('sendTestEmail', admin.token, { to: 'head@bright.example' });
      expect(res.json().sent).toBe(false);
      expect(res.json().message).toMatch(/could not be reached: .*self[- ]signed certificate/i);
      expect(mails).toBe(0);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

describe('without SETTINGS_KEY', () => {
  it('refuses to keep a password, in words naming the variable; no login needs none', async () => {
    const bare = await createTestApp({ env: { SETTINGS_KEY: '' } });
    try {
      const boss = await bare.admin();
      const read = await bare.call('getEmailSettings', boss.token, {});
      expect(read.json().can_keep_password).toBe(false);
      const res = await bare.call('saveEmailSettings', boss.token, settingsFor(smtp.port, 'pw'));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/this server has no SETTINGS_KEY\. Set SETTINGS_KEY/);
      expect(await storedEmailJson(bare.database.db)).toBeNull();
      const open = await bare.call('saveEmailSettings', boss.token, {
        ...settingsFor(smtp.port),
        user: '',
      });
      expect(open.statusCode, open.body).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
