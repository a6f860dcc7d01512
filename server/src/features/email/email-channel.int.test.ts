import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { sentTo, startTestSmtp, type TestSmtp } from '../../test-support/smtp.js';

/**
 * Issue 31, point 3: the outbox's e-mail channel, with a real SMTP server on loopback. A
 * notification queued by the real call reaches the student's address with its link and the
 * letter's key as its Message-ID; a digest gathers the day's; refusals and retries are kept on
 * the row in words; a guardian gets their own; settings saved elsewhere are used at once.
 */

let t: TestApp;
let admin: TestUser;
let smtp: TestSmtp;

const settingsFor = (port: number) => ({
  host: '127.0.0.1',
  port,
  security: 'none' as const,
  user: '',
  sender_name: 'Bright English Academy',
  sender_address: 'office@bright.example',
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  smtp = await startTestSmtp();
  const saved = await t.call('saveEmailSettings', admin.token, settingsFor(smtp.port));
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const emailOf = (user: TestUser) => `${user.username}@example.com`;

async function notify(user: TestUser, message: string) {
  const res = await t.call('addNotification', admin.token, { user_id: user.id, message });
  expect(res.statusCode, res.body).toBe(200);
}

const rowsOf = (user: TestUser) =>
  t.database.db
    .selectFrom('outbox')
    .select(['id', 'state', 'error', 'attempts', 'digest'])
    .where('user_id', '=', user.id)
    .where('channel', '=', 'email')
    .orderBy('id')
    .execute();

describe('the e-mail channel', () => {
  it("sends a notification to the student's address, with its link and Message-ID", async () => {
    const student = await t.student({ name: 'Sara Ahmadi' });
    await notify(student, 'Class moves to room 4 tomorrow.\nBring your workbook.');
    const [row] = await rowsOf(student);
    expect(row).toMatchObject({ state: 'queued', digest: 0 });

    const run = await t.app.deps.outbox.runOnce();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const { mail } = await smtp.waitFor(sentTo(emailOf(student)));
    expect(mail.subject).toBe('Academy: Class moves to room 4 tomorrow.');
    expect(mail.messageId).toBe(`<outbox-${row?.id}@localhost>`);
    expect(mail.to && 'value' in mail.to ? mail.to.value[0] : null).toEqual({
      name: 'Sara Ahmadi',
      address: emailOf(student),
    });
    expect(mail.text).toContain('Class moves to room 4 tomorrow.\nBring your workbook.');
    expect(mail.text).toContain('Open it in the app: http://localhost:80/notification');
    expect(mail.text).toContain('Change them: http://localhost:80/message-choices');
    expect(mail.html).toContain('href="http://localhost:80/notification"');
    expect(mail.html).toContain('Class moves to room 4 tomorrow.<br>Bring your workbook.');
    // Issue 49, point 18: one click unsubscribes (unsubscribe.int.test.ts).
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(mail.text).toContain(
      'Stop e-mails of this kind: http://localhost:80/api/unsubscribe.php?token=',
    );
    expect(await rowsOf(student)).toEqual([
      expect.objectContaining({ state: 'sent', error: null }),
    ]);
  });

  it('escapes what was typed in the HTML', async () => {
    const student = await t.student();
    await notify(student, '<script>alert("x")</script> & more');
    await t.app.deps.outbox.runOnce();
    const { mail } = await smtp.waitFor(sentTo(emailOf(student)));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
  });

  it("gathers a day's digest into one e-mail listing each message with its link", async () => {
    const student = await t.student();
    await t.database.db
      .insertInto('message_choices')
      .values({
        user_id: student.id,
        choices: JSON.stringify({
          kinds: { announcement: { push: false, email: 'digest', sms: false } },
        }),
        updated_at: t.clock.now,
      })
      .execute();
    for (const words of ['Room change on Monday.', 'No class on Friday.', 'New books arrived.'])
      await notify(student, words);
    expect((await rowsOf(student)).map((r) => r.digest)).toEqual([1, 1, 1]);

    // Held until the day's digest hour (17:00 on the academy's clock, UTC here).
    await t.app.deps.outbox.runOnce();
    expect((await rowsOf(student)).map((r) => r.state)).toEqual(['queued', 'queued', 'queued']);
    const noon = t.clock.now;
    t.clock.now = Date.UTC(2026, 10, 22, 17, 0, 30);
    try {
      await t.app.deps.outbox.runOnce();
    } finally {
      t.clock.now = noon;
    }
    const { mail } = await smtp.waitFor(sentTo(emailOf(student)));
    expect(smtp.received.filter(sentTo(emailOf(student)))).toHaveLength(1);
    expect(mail.subject).toBe('Your day at Academy: 3 messages');
    const rows = await rowsOf(student);
    expect(mail.messageId).toBe(`<outbox-${rows[0]?.id}@localhost>`);
    expect(mail.text).toContain(
      '1. Messages from the academy: Room change on Monday.\n   http://localhost:80/notification',
    );
    expect(mail.text).toContain('2. Messages from the academy: No class on Friday.');
    expect(mail.text).toContain('3. Messages from the academy: New books arrived.');
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it("marks a letter the SMTP server refuses (550) failed, with the server's words", async () => {
    const student = await t.student();
    smtp.refuse(emailOf(student), 550, 'Mailbox unavailable');
    await notify(student, 'Your result is published.');
    const run = await t.app.deps.outbox.runOnce();
    expect(run.failed).toBe(1);
    const [row] = await rowsOf(student);
    expect(row?.state).toBe('failed');
    expect(row?.error).toMatch(/^The SMTP server refused the e-mail: 550 Mailbox unavailable/);
  });

  it('tries a letter again later when the server says not now (4xx)', async () => {
    const student = await t.student();
    smtp.refuse(emailOf(student), 451, 'Try again later');
    await notify(student, 'Your homework is due tomorrow.');
    await t.app.deps.outbox.runOnce();
    const [row] = await rowsOf(student);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row?.error).toMatch(
      /^The SMTP server could not take the e-mail now: 451 Try again later/,
    );
  });

  it('skips a person without an address, and a deactivated one', async () => {
    const student = await t.student();
    await t.database.db
      .updateTable('users')
      .set({ email: `${student.username}@localhost` })
      .where('id', '=', student.id)
      .execute();
    const gone = await t.student();
    await notify(student, 'Hello.');
    await notify(gone, 'Hello.');
    await t.call('setUserActive', admin.token, { user_id: gone.id, active: 0 });
    await t.app.deps.outbox.runOnce();
    expect(await rowsOf(student)).toEqual([
      expect.objectContaining({ state: 'skipped', error: 'The account has no e-mail address.' }),
    ]);
    expect(await rowsOf(gone)).toEqual([
      expect.objectContaining({ state: 'skipped', error: 'The account is deactivated.' }),
    ]);
    expect(smtp.received.filter(sentTo(emailOf(gone)))).toHaveLength(0);
  });

  it('sends a guardian their own letter, about the student, without app links', async () => {
    const student = await t.student({ name: 'Omid Karimi' });
    const [guardian] = await t.database.db
      .insertInto('guardians')
      .values({
        student_id: student.id,
        name: 'Leila Karimi',
        phone: null,
        email: 'leila@family.example',
        created_at: t.clock.now,
      })
      .returning('id')
      .execute();
    await t.database.db.transaction().execute((trx) =>
      t.app.deps.tell(trx, {
        userId: student.id,
        topic: 'attendance',
        refId: null,
        text: 'Omid missed 3 sessions.',
      }),
    );
    await t.app.deps.outbox.runOnce();
    const { mail } = await smtp.waitFor(sentTo('leila@family.example'));
    expect(mail.text).toContain(
      'Hello Leila Karimi, a message from Academy about Omid Karimi, for you as their guardian:',
    );
    expect(mail.text).toContain('Omid missed 3 sessions.');
    expect(mail.text).not.toContain('http://localhost:80/schedule');
    expect(mail.text).toContain("You get these e-mails as Omid Karimi's guardian.");
    const rows = await t.database.db
      .selectFrom('outbox')
      .select(['state', 'guardian_id'])
      .where('user_id', '=', student.id)
      .where('channel', '=', 'email')
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([{ state: 'sent', guardian_id: guardian?.id ?? -1 }]),
    );
  });

  it('uses settings saved on another instance at once, and says when e-mail is off', async () => {
    const student = await t.student();
    const other = await startTestSmtp();
    try {
      // Another instance saved a new server: only the row changed, this instance heard nothing.
      const row = await t.database.db
        .selectFrom('academy_settings')
        .select('email_settings')
        .executeTakeFirstOrThrow();
      const moved = { ...JSON.parse(row.email_settings ?? '{}'), port: other.port };
      await t.database.db
        .updateTable('academy_settings')
        .set({ email_settings: JSON.stringify(moved) })
        .execute();
      await notify(student, 'Sent through the new server.');
      await t.app.deps.outbox.runOnce();
      await other.waitFor(sentTo(emailOf(student)));
      expect(smtp.received.filter(sentTo(emailOf(student)))).toHaveLength(0);

      await notify(student, 'Queued before e-mail was turned off.');
      await t.call('clearEmailSettings', admin.token, {});
      await t.app.deps.outbox.runOnce();
      const rows = await rowsOf(student);
      expect(rows[1]).toMatchObject({
        state: 'failed',
        error: 'E-mail is not set up on Settings.',
      });
    } finally {
      await t.call('saveEmailSettings', admin.token, settingsFor(smtp.port));
      await other.close();
    }
  });
});
