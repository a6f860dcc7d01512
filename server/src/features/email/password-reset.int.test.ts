import {
  PASSWORD_LINK_MINUTES,
  PASSWORD_RESET_MAX_PER_ADDRESS,
  PASSWORD_RESET_MAX_PER_LOGIN,
} from '@academy/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import {
  type ReceivedMail,
  sentTo,
  startTestSmtp,
  type TestSmtp,
} from '../../test-support/smtp.js';
import { LINK_ON_ITS_WAY, NO_EMAIL_HERE } from './routes.js';

/**
 * Issue 31, point 3: "Forgot password?" end to end, with a real SMTP server on loopback: the
 * link is read from the e-mail that arrived, opened, used to set a new password, and the new
 * password signs in through the login call while the old one and the used link do not.
 */

let t: TestApp;
let admin: TestUser;
let smtp: TestSmtp;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  smtp = await startTestSmtp();
  const saved = await t.call('saveEmailSettings', admin.token, {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    user: '',
    sender_name: 'Bright English Academy',
    sender_address: 'office@bright.example',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const emailOf = (user: TestUser) => `${user.username}@example.com`;

/** The link in a password e-mail, and its token. */
function linkIn(received: ReceivedMail): { link: string; token: string } {
  const match = /(http:\/\/localhost:80\/reset-password\/([A-Za-z0-9_-]{43}))\b/.exec(
    received.mail.text ?? '',
  );
  if (!match?.[1] || !match[2]) throw new Error(`no link in: ${received.mail.text}`);
  return { link: match[1], token: match[2] };
}

/** Asks for a link as the login screen does, from an address of its own. */
const ask = (login: string, address = '203.0.113.7') =>
  t.inject({
    method: 'POST',
    url: '/api/forgot_password.php',
    payload: { login },
    remoteAddress: address,
  });

const login = (username: string, password: string) =>
  t.call('login', undefined, { username, password });

describe('Forgot password?', () => {
  it('e-mails a link that sets a new password once and signs everyone out', async () => {
    const student = await t.student({ name: 'Nima Rahimi' });
    const asked = await ask(student.username.toUpperCase(), '203.0.113.10');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, message: LINK_ON_ITS_WAY });
    const received = await smtp.waitFor(sentTo(emailOf(student)));
    expect(received.mail.subject).toBe('Set a new password for Academy');
    expect(received.mail.text).toContain(`(username: ${student.username})`);
    expect(received.mail.text).toContain(`within ${PASSWORD_LINK_MINUTES} minutes`);
    const { link, token } = linkIn(received);
    expect(received.mail.html).toContain(`href="${link}"`);
    // Only the hash is kept.
    const rows = await t.database.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    const checked = await t.call('checkPasswordLink', undefined, { token });
    expect(checked.json()).toEqual({
      success: true,
      username: student.username,
      minutes_left: PASSWORD_LINK_MINUTES,
    });

    const short = await t.call('setPasswordFromLink', undefined, { token, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The new password must be at least 8 characters.');

    const set = await t.call('setPasswordFromLink', undefined, {
      token,
      new_password: 'a fresh start 2026',
    });
    expect(set.json(), set.body).toEqual({
      success: true,
      username: student.username,
      message:
        'Your new password is set, and every device that was signed in to your account has been signed out. Sign in with your new password.',
    });
    // The session the student had is over; the new password signs in, the old does not.
    const old = await t.call('getCalendarFeed', student.token, {});
    expect(old.statusCode).toBe(401);
    expect((await login(student.username, 'a fresh start 2026')).statusCode).toBe(200);
    expect((await login(student.username, student.password)).statusCode).toBe(401);

    // The link works once.
    const again = await t.call('setPasswordFromLink', undefined, {
      token,
      new_password: 'another one 2026',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(
      'This link was used already: each link works once. If you still need a new password, ask for a new link.',
    );
    expect((await t.call('checkPasswordLink', undefined, { token })).statusCode).toBe(410);
    expect((await login(student.username, 'another one 2026')).statusCode).toBe(401);
  });

  it('finds the account by e-mail too, for a teacher and an admin, and voids older links', async () => {
    for (const person of [await t.teacher(), await t.admin()]) {
      await ask(emailOf(person), '203.0.113.20');
      await ask(person.username, '203.0.113.20');
      await t.app.deps.mailer.idle();
      const mails = smtp.received.filter(sentTo(emailOf(person)));
      expect(mails).toHaveLength(2);
      const [first, second] = mails.map(linkIn);
      const set = await t.call('setPasswordFromLink', undefined, {
        token: second?.token ?? '',
        new_password: 'staff password 2026',
      });
      expect(set.statusCode, set.body).toBe(200);
      expect((await login(person.username, 'staff password 2026')).statusCode).toBe(200);
      // The other link went void when this one was used.
      const older = await t.call('checkPasswordLink', undefined, { token: first?.token ?? '' });
      expect(older.statusCode).toBe(410);
    }
  });

  it('answers the same for an account that does not exist, and sends nothing', async () => {
    const before = smtp.received.length;
    const unknown = await ask('nobody-at-all', '203.0.113.30');
    const unknownMail = await ask('nobody@nowhere.example', '203.0.113.30');
    const student = await t.student();
    const known = await ask(student.username, '203.0.113.30');
    for (const res of [unknown, unknownMail])
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: known.statusCode,
        body: known.json(),
      });
    await t.app.deps.mailer.idle();
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)?.envelopeTo).toEqual([emailOf(student)]);
  });

  it('sends nothing to a deactivated account, and its link stops working', async () => {
    const student = await t.student();
    await ask(student.username, '203.0.113.40');
    const { token } = linkIn(await smtp.waitFor(sentTo(emailOf(student))));
    await t.call('setUserActive', admin.token, { user_id: student.id, active: 0 });
    expect((await t.call('checkPasswordLink', undefined, { token })).statusCode).toBe(404);
    const before = smtp.received.length;
    await ask(student.username, '203.0.113.40');
    await t.app.deps.mailer.idle();
    expect(smtp.received.length).toBe(before);
  });

  it('answers the same when the mail server refuses the link, and shows the failure on the Outbox without the link', async () => {
    const student = await t.student({ name: 'Refused Reader' });
    smtp.refuse(emailOf(student), 550, '5.1.1 Mailbox unavailable');
    const asked = await ask(student.username, '203.0.113.45');
    const unknown = await ask('no-such-person', '203.0.113.45');
    for (const res of [asked, unknown])
      expect(res.json()).toEqual({ success: true, message: LINK_ON_ITS_WAY });
    await t.app.deps.mailer.idle();

    const failed = await t.call('listOutbox', admin.token, { state: 'failed' });
    const rows = failed.json().rows.filter((r: { user_id: number }) => r.user_id === student.id);
    expect(rows).toEqual([
      expect.objectContaining({
        user_name: 'Refused Reader',
        guardian_name: null,
        channel: 'email',
        kind: 'password_link',
        text: 'Asked for on “Forgot password?”. The link is not kept, so it cannot be sent again: they can ask for a new one.',
        state: 'failed',
        error: 'The SMTP server refused the e-mail: 550 5.1.1 Mailbox unavailable',
      }),
    ]);
    // A link was made (and is useless: it went nowhere), but the row holds neither it nor
    // its token: no reset address, no 43-character token.
    const stored = JSON.stringify(
      await t.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('user_id', '=', student.id)
        .execute(),
    );
    expect(stored).not.toContain('reset-password');
    expect(stored).not.toMatch(/[A-Za-z0-9_-]{43}/);
    // Nothing to send again; and nothing is recorded for a login no account has.
    const again = await t.call('resendOutbox', admin.token, { id: rows[0]?.id as number });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'A password link cannot be sent again: the link is not kept. The person can ask for a new one on “Forgot password?”.',
    ]);
    expect(
      failed.json().rows.filter((r: { kind: string }) => r.kind === 'password_link'),
    ).toHaveLength(1);
  });

  it('says in words that a link expired, or is not one it sent', async () => {
    const student = await t.student();
    await ask(student.username, '203.0.113.50');
    const { token } = linkIn(await smtp.waitFor(sentTo(emailOf(student))));
    const start = t.clock.now;
    t.clock.now = start + PASSWORD_LINK_MINUTES * 60_000 + 1;
    try {
      const late = await t.call('setPasswordFromLink', undefined, {
        token,
        new_password: 'too late 2026',
      });
      expect(late.statusCode).toBe(410);
      expect(late.json().message).toBe(
        `This link has expired: links work for ${PASSWORD_LINK_MINUTES} minutes. Ask for a new link.`,
      );
    } finally {
      t.clock.now = start;
    }
    const made = await t.callUnchecked('checkPasswordLink', undefined, {
      token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(made.statusCode).toBe(404);
    expect(made.json().message).toBe(
      'This link is not one we sent, or it was cut short when it was copied. Ask for a new link.',
    );
    expect((await login(student.username, 'too late 2026')).statusCode).toBe(401);
  });

  it('is throttled per username or e-mail typed, and per address, in words (429)', async () => {
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_LOGIN; i++)
      expect((await ask('someone-or-no-one', `198.51.100.${i + 1}`)).statusCode).toBe(200);
    const over = await ask('Someone-or-No-One', '198.51.100.99');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(
      'Too many password links were asked for this username or e-mail. Please try again in 60 minutes.',
    );
    expect(over.headers['retry-after']).toBe('3600');

    for (let i = 0; i < PASSWORD_RESET_MAX_PER_ADDRESS; i++)
      expect((await ask(`person-${i}`, '198.51.100.200')).statusCode).toBe(200);
    const busy = await ask('one-more-person', '198.51.100.200');
    expect(busy.statusCode).toBe(429);
    expect(busy.json().message).toMatch(
      /^Too many password links were asked for from your network/,
    );
    await t.app.deps.mailer.idle();
  });

  it('says so when the academy sends no e-mail', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.call('forgotPassword', undefined, { login: 'anyone' });
      expect(res.json()).toEqual({ success: true, message: NO_EMAIL_HERE });
    } finally {
      await bare.close();
    }
  });
});
