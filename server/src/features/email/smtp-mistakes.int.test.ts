import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { startTestSmtp, type TestSmtp } from '../../test-support/smtp.js';

/**
 * Issue 49, point 15: the SMTP server's refusals that come of a setting say which setting to
 * change, in the test e-mail's answer and on the outbox's row. Real SMTP servers on loopback:
 * one speaking plain SMTP while the settings say TLS, one without STARTTLS while the settings
 * ask for it, and one refusing the login.
 */

let t: TestApp;
let admin: TestUser;
let plain: TestSmtp;
let withLogin: TestSmtp;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  plain = await startTestSmtp();
  withLogin = await startTestSmtp({ user: 'office', password: 'right-password' });
});

afterAll(async () => {
  await t.close();
  await plain.close();
  await withLogin.close();
});

async function setUp(settings: {
  port: number;
  security: 'none' | 'starttls' | 'tls';
  user?: string;
  password?: string;
}) {
  const saved = await t.call('saveEmailSettings', admin.token, {
    host: '127.0.0.1',
    user: '',
    sender_name: 'Bright English Academy',
    sender_address: 'office@bright.example',
    ...settings,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function testEmail() {
  const res = await t.call('sendTestEmail', admin.token, { to: 'me@bright.example' });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { sent: boolean; message: string };
  expect(body.sent).toBe(false);
  return body.message;
}

describe('SMTP mistakes explained', () => {
  it('TLS chosen for a server that speaks plain SMTP first (a STARTTLS port)', async () => {
    await setUp({ port: plain.port, security: 'tls' });
    const words = await testEmail();
    expect(words).toContain(`The SMTP server 127.0.0.1:${plain.port} does not speak TLS`);
    expect(words).toContain('wrong version number');
    expect(words).toContain(
      'Port 465 is TLS from the first byte and port 587 is STARTTLS: on Settings, set Security to STARTTLS (usually port 587), or set Port to 465.',
    );
  });

  it('STARTTLS chosen for a server that does not offer it', async () => {
    await setUp({ port: plain.port, security: 'starttls' });
    const words = await testEmail();
    expect(words).toBe(
      `The SMTP server 127.0.0.1:${plain.port} does not offer STARTTLS (it answered: "500 Error: command not recognized"). Port 587 is STARTTLS and port 465 is TLS from the first byte: on Settings, check Port and Security (TLS (usually port 465) for port 465).`,
    );
  });

  it('a refused login reads as a refused login, on the test e-mail and the outbox', async () => {
    await setUp({ port: withLogin.port, security: 'none', user: 'office', password: 'wrong' });
    const expected = `The SMTP server 127.0.0.1:${withLogin.port} refused the user name or password (it answered: "535 Authentication failed"). On Settings, check User name and type the Password again.`;
    expect(await testEmail()).toBe(expected);
    expect(expected).not.toContain('refused the e-mail');

    const student = await t.student();
    const sent = await t.call('addNotification', admin.token, {
      user_id: student.id,
      message: 'Hello.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.deps.outbox.runOnce();
    const row = await t.database.db
      .selectFrom('outbox')
      .select(['state', 'error'])
      .where('user_id', '=', student.id)
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'failed', error: expected });

    // With the right password it goes.
    await setUp({
      port: withLogin.port,
      security: 'none',
      user: 'office',
      password: 'right-password',
    });
    const ok = await t.call('sendTestEmail', admin.token, { to: 'me@bright.example' });
    expect(ok.json().sent, ok.body).toBe(true);
  });
});
