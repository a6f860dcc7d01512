import { DEFAULT_CHOICES, MESSAGE_KINDS, OUTBOX_MAX_ATTEMPTS } from '@academy/contract/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { EXAMPLE_GATEWAY } from '../../test-support/sms-gateway.js';
import { type ChannelSender, type Letter, SendFailure } from './channels.js';
import { choicesOfPerson } from './outbox-data.js';
import { OutboxSender } from './outbox-sender.js';

/**
 * The outbox (issue 31, point 1) on the real server and database: what each message queues,
 * by each person's choices; and the one sender's rules (once, back-off, quiet hours, the day's
 * digest, the lease). The channels here record what they are handed: the real ones (e-mail,
 * push, SMS) are tested with real servers beside their own code.
 */
let t: TestApp;
let admin: TestUser;
const MINUTE = 60_000;
// 10:00 in the academy's zone (UTC here).
const START = Date.UTC(2026, 10, 23, 10, 0, 0);

/** A channel that keeps what it is handed, and fails as told. */
class RecordingChannel implements ChannelSender {
  readonly parallel = 4;
  readonly perSecond = 1000;
  letters: Letter[] = [];
  failWith: SendFailure | null = null;
  constructor(readonly channel: 'push' | 'email' | 'sms') {}
  async send(letter: Letter) {
    if (this.failWith) throw this.failWith;
    this.letters.push(letter);
  }
}

let email: RecordingChannel;
let push: RecordingChannel;
let sms: RecordingChannel;

beforeAll(async () => {
  t = await createTestApp({ startAt: START });
  admin = await t.admin();
  // E-mail and SMS set up (the channels' own settings are theirs to test).
  await t.database.db
    .updateTable('academy_settings')
    .set({ email_settings: '{"host":"127.0.0.1"}', sms_gateway: '{"url":"http://127.0.0.1"}' })
    .where('id', '=', 1)
    .execute();
  // Written behind the settings' back: read again, as a save on Settings does.
  await t.app.deps.settings.reload();
});
afterAll(() => t.close());

beforeEach(async () => {
  email = new RecordingChannel('email');
  push = new RecordingChannel('push');
  sms = new RecordingChannel('sms');
  Object.assign(t.app.deps.channels, { email, push, sms });
  await t.database.db.deleteFrom('outbox').execute();
});

const outbox = () => t.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();

const notify = async (student: TestUser, message: string) => {
  const res = await t.call('addNotification', admin.token, {
    user_id: String(student.id),
    message,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const withPush = (student: TestUser) =>
  t.database.db
    .insertInto('push_subscriptions')
    .values({
      user_id: student.id,
      endpoint: `https://push.example/${student.id}`,
      p256dh: 'key',
      auth: 'auth',
      device: 'Chrome on Android',
      created_at: t.clock.now,
    })
    .execute();

const choose = (student: TestUser, change: (c: typeof DEFAULT_CHOICES) => void) => {
  const choices = structuredClone(DEFAULT_CHOICES);
  change(choices);
  return t.call('saveMessageChoices', student.token, {
    kinds: choices.kinds,
    quiet_hours: choices.quietHours,
    phone: choices.phone,
  });
};

describe('queueing', () => {
  it('queues a row per channel the student chose and can be reached by, beside the notification', async () => {
    const student = await t.student();
    await notify(student, 'No classes on Friday');
    // No device has push on, no number: e-mail only (at once, for announcements).
    expect((await outbox()).map((r) => [r.channel, r.digest, r.text, r.path])).toEqual([
      ['email', 0, 'No classes on Friday', '/notification'],
    ]);

    await withPush(student);
    const saved = await choose(student, (c) => {
      c.phone = '+44 7700 900123';
      c.kinds.announcement.sms = true;
      c.kinds.announcement.email = 'digest';
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await notify(student, 'Exam on Monday');
    expect(
      (await outbox()).filter((r) => r.text === 'Exam on Monday').map((r) => [r.channel, r.digest]),
    ).toEqual([
      ['push', 0],
      ['email', 1],
      ['sms', 0],
    ]);
  });

  it('queues nothing for a kind the student turned off everywhere', async () => {
    const student = await t.student();
    await withPush(student);
    await choose(student, (c) => {
      c.kinds.announcement = { push: false, email: 'off', sms: false };
    });
    await notify(student, 'Quiet please');
    expect(await outbox()).toEqual([]);
  });

  it("sends the kinds the academy chose to a student's guardians, by their e-mail and phone", async () => {
    const student = await t.student();
    await t.database.db
      .insertInto('guardians')
      .values({
        student_id: student.id,
        name: 'Parent',
        phone: '+905551234567',
        email: 'parent@example.com',
        created_at: t.clock.now,
      })
      .execute();
    // An announcement is not among the defaults' guardian kinds.
    await notify(student, 'Hello');
    expect((await outbox()).every((r) => r.guardian_id === null)).toBe(true);
    // A new assignment: the academy chose it for guardians too.
    await t.database.db
      .updateTable('academy_settings')
      .set({ guardian_kinds: '["assignment"]' })
      .where('id', '=', 1)
      .execute();
    await t.app.deps.settings.reload();
    const res = await t.call('sendAssignment', admin.token, {
      user_id: String(student.id),
      title: 'Essay',
      description: 'Write',
      file_links: '[]',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await outbox()).filter((r) => r.kind === 'assignment');
    expect(rows.map((r) => [r.channel, r.guardian_id !== null, r.digest])).toEqual([
      ['email', false, 1],
      ['email', true, 0],
      ['sms', true, 0],
    ]);
    expect(rows[0]?.text).toBe('New assignment: "Essay".');
    expect(rows[0]?.path).toMatch(/^\/download-assignment\?assignment=\d+$/);
    await t.database.db
      .updateTable('academy_settings')
      .set({ guardian_kinds: null })
      .where('id', '=', 1)
      .execute();
    await t.app.deps.settings.reload();
  });

  it('asks the settings in memory what is set up, not the database for each message', async () => {
    const student = await t.student();
    const setUp = { email_settings: '{"host":"127.0.0.1"}', sms_gateway: null };
    const off = { email_settings: null, sms_gateway: null };
    const write = (values: { email_settings: string | null; sms_gateway: string | null }) =>
      t.database.db.updateTable('academy_settings').set(values).where('id', '=', 1).execute();
    try {
      // E-mail turned off behind the settings' back: what is queued follows the settings in
      // memory until they are read again (a save on any instance makes every one read them).
      await write(off);
      await notify(student, 'Before the settings are read again');
      expect((await outbox()).map((r) => r.channel)).toEqual(['email']);
      await t.app.deps.settings.reload();
      await notify(student, 'After');
      expect((await outbox()).map((r) => r.channel)).toEqual(['email']);
      // Inside the caller's own transaction too, which never reads the settings row.
      await write(setUp);
      await t.app.deps.settings.reload();
      await t.database.db.transaction().execute(async (trx) => {
        await trx.updateTable('academy_settings').set(off).where('id', '=', 1).execute();
        await t.app.deps.tell(trx, {
          userId: student.id,
          topic: null,
          refId: null,
          text: 'In a transaction',
        });
      });
      expect((await outbox()).filter((r) => r.text === 'In a transaction')).toHaveLength(1);
    } finally {
      await write({
        email_settings: '{"host":"127.0.0.1"}',
        sms_gateway: '{"url":"http://127.0.0.1"}',
      });
      await t.app.deps.settings.reload();
    }
  });

  it('follows what Settings saves before the answer: e-mail, the SMS gateway, the guardians’ kinds', async () => {
    // This instance's own notice of the change is silenced: the save itself reads them again.
    const notice = vi.spyOn(t.app.deps.live, 'publish').mockResolvedValue();
    const setup = () => t.app.deps.settings.current.outbox;
    const ok = (res: { statusCode: number; body: string }) =>
      expect(res.statusCode, res.body).toBe(200);
    try {
      ok(await t.call('clearEmailSettings', admin.token, {}));
      expect(setup().email).toBe(false);
      ok(
        await t.call('saveEmailSettings', admin.token, {
          host: '127.0.0.1',
          port: 2525,
          security: 'none',
          user: '',
          sender_name: 'Academy',
          sender_address: 'office@academy.example',
        }),
      );
      expect(setup().email).toBe(true);
      ok(await t.call('removeSmsGateway', admin.token, {}));
      expect(setup().sms).toBe(false);
      ok(await t.call('saveSmsGateway', admin.token, EXAMPLE_GATEWAY));
      expect(setup().sms).toBe(true);
      ok(await t.call('saveGuardianKinds', admin.token, { kinds: ['announcement'] }));
      expect(setup().guardianKinds).toEqual(['announcement']);
      expect(notice).toHaveBeenCalledTimes(5);
    } finally {
      notice.mockRestore();
      await t.database.db
        .updateTable('academy_settings')
        .set({
          email_settings: '{"host":"127.0.0.1"}',
          sms_gateway: '{"url":"http://127.0.0.1"}',
          guardian_kinds: null,
        })
        .where('id', '=', 1)
        .execute();
      await t.app.deps.settings.reload();
    }
  });

  it('writes nothing when what caused it is refused', async () => {
    const before = (await outbox()).length;
    const res = await t.call('addNotification', admin.token, {
      user_id: '999999',
      message: 'To nobody',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await outbox()).length).toBe(before);
  });
});

describe('sending', () => {
  it('sends each row once, with a key that stays the same for the row', async () => {
    const student = await t.student();
    await withPush(student);
    await notify(student, 'Once only');
    const run = await t.app.deps.outbox.runOnce();
    expect(run.sent).toBe(2);
    expect(push.letters.map((l) => [l.userId, l.items[0]?.text])).toEqual([
      [student.id, 'Once only'],
    ]);
    expect(email.letters[0]?.key).toMatch(/^outbox-\d+$/);
    expect((await outbox()).map((r) => r.state)).toEqual(['sent', 'sent']);
    // Nothing is sent twice.
    expect((await t.app.deps.outbox.runOnce()).sent).toBe(0);
    expect(push.letters.length + email.letters.length).toBe(2);
  });

  it('tries a failed send again with back-off, then marks it failed with the reason', async () => {
    const student = await t.student();
    await notify(student, 'Try again');
    email.failWith = new SendFailure('The SMTP server did not answer.', 'retry');
    await t.app.deps.outbox.runOnce();
    let [row] = await outbox();
    expect([row?.state, row?.attempts, row?.error]).toEqual([
      'queued',
      1,
      'The SMTP server did not answer.',
    ]);
    expect(Number(row?.send_after)).toBe(t.clock.now + MINUTE);
    // Not before its time.
    await t.app.deps.outbox.runOnce();
    expect((await outbox())[0]?.attempts).toBe(1);
    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      t.clock.now = Number((await outbox())[0]?.send_after);
      await t.app.deps.outbox.runOnce();
    }
    [row] = await outbox();
    expect([row?.state, row?.attempts]).toEqual(['failed', OUTBOX_MAX_ATTEMPTS]);

    // The administrator sees it, with the reason, and sends it again.
    const listed = await t.call('listOutbox', admin.token, { state: 'failed' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().rows.map((r) => [r.user_name, r.channel, r.error])).toEqual([
      [student.name, 'email', 'The SMTP server did not answer.'],
    ]);
    expect(listed.json().counts.failed).toBe(1);
    email.failWith = null;
    const again = await t.call('resendOutbox', admin.token, { id: listed.json().rows[0]?.id ?? 0 });
    expect(again.statusCode, again.body).toBe(200);
    await t.app.deps.outbox.runOnce();
    expect(email.letters.map((l) => l.key)).toEqual([`outbox-${row?.id}`]);
    expect((await t.call('resendOutbox', admin.token, { id: row?.id ?? 0 })).statusCode).toBe(409);
    expect((await t.call('resendOutbox', admin.token, { id: 999_999 })).statusCode).toBe(404);
    t.clock.now = START;
  });

  it('marks a refused send failed at once, and one with no address skipped', async () => {
    const student = await t.student();
    await withPush(student);
    await notify(student, 'Refused');
    email.failWith = new SendFailure('550 No such mailbox', 'failed');
    push.failWith = new SendFailure('No device has push turned on.', 'skipped');
    const run = await t.app.deps.outbox.runOnce();
    expect(run.failed).toBe(1);
    expect((await outbox()).map((r) => [r.channel, r.state, r.error])).toEqual([
      ['push', 'skipped', 'No device has push turned on.'],
      ['email', 'failed', '550 No such mailbox'],
    ]);
  });

  it('holds messages in quiet hours and sends them when they end', async () => {
    const student = await t.student();
    const quiet = await t.call('saveSettings', admin.token, {
      quiet_hours_from: '09:00',
      quiet_hours_to: '11:30',
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    try {
      await notify(student, 'Shh');
      expect((await t.app.deps.outbox.runOnce()).held).toBe(1);
      expect(email.letters).toEqual([]);
      const end = Date.UTC(2026, 10, 23, 11, 30);
      expect(Number((await outbox())[0]?.send_after)).toBe(end);
      // A person's own quiet hours win over the academy's.
      const own = await t.student();
      await choose(own, (c) => (c.quietHours = { from: '11:00', to: '12:00' }));
      t.clock.now = end;
      await notify(own, 'Mine');
      await t.app.deps.outbox.runOnce();
      expect(email.letters.map((l) => l.items[0]?.text)).toEqual(['Shh']);
      t.clock.now = Date.UTC(2026, 10, 23, 12, 0);
      await t.app.deps.outbox.runOnce();
      expect(email.letters.map((l) => l.items[0]?.text)).toEqual(['Shh', 'Mine']);
    } finally {
      await t.call('saveSettings', admin.token, { quiet_hours_from: '', quiet_hours_to: '' });
      t.clock.now = START;
    }
  });

  it("gathers a person's digest rows into one e-mail at the day's digest hour", async () => {
    const student = await t.student();
    await choose(student, (c) => (c.kinds.announcement.email = 'digest'));
    await notify(student, 'First');
    await notify(student, 'Second');
    expect((await t.app.deps.outbox.runOnce()).held).toBe(2);
    t.clock.now = Date.UTC(2026, 10, 23, 17, 0);
    try {
      await t.app.deps.outbox.runOnce();
      expect(email.letters.length).toBe(1);
      expect(email.letters[0]?.digest).toBe(true);
      expect(email.letters[0]?.items.map((i) => i.text)).toEqual(['First', 'Second']);
      expect((await outbox()).map((r) => r.state)).toEqual(['sent', 'sent']);
    } finally {
      t.clock.now = START;
    }
  });

  it('sends again, with the same key, a row whose sender died while holding it', async () => {
    const student = await t.student();
    await notify(student, 'Interrupted');
    const [row] = await outbox();
    // As a killed sender leaves it: taken, its hold not yet lapsed.
    await t.database.db
      .updateTable('outbox')
      .set({ state: 'sending', claimed_until: t.clock.now + 5 * MINUTE, attempts: 1 })
      .execute();
    await t.app.deps.outbox.runOnce();
    expect(email.letters).toEqual([]);
    t.clock.now += 5 * MINUTE;
    try {
      await t.app.deps.outbox.runOnce();
      expect(email.letters.map((l) => l.key)).toEqual([`outbox-${row?.id}`]);
    } finally {
      t.clock.now = START;
    }
  });

  it('is sent by the one instance holding the lease', async () => {
    const student = await t.student();
    await notify(student, 'One sender');
    const other = new OutboxSender({
      db: t.database.db,
      now: () => t.clock.now,
      clock: () => ({ timeZone: 'UTC', quietHours: { from: null, to: null } }),
      senders: () => ({ email }),
      everyMs: 0,
      warn: () => {},
    });
    // The app's sender holds the lease from its own looks.
    await t.app.deps.outbox.runOnce();
    expect(email.letters.length).toBe(1);
    await notify(student, 'Second one');
    expect((await other.runOnce()).sent).toBe(0);
    expect(email.letters.length).toBe(1);
    // The app's sender stops (as if killed) holding a row it had taken: the instance that
    // takes the lease over sends it at once, with its key, without waiting out the hold.
    await t.database.db
      .updateTable('outbox')
      .set({ state: 'sending', claimed_until: t.clock.now + 5 * MINUTE })
      .where('text', '=', 'Second one')
      .execute();
    await t.app.deps.outbox.stop();
    expect((await other.runOnce()).sent).toBe(1);
    expect(email.letters.map((l) => l.items[0]?.text)).toEqual(['One sender', 'Second one']);
    await other.stop();
  });
});

describe('choices', () => {
  it('answers the defaults until a person saves theirs, and refuses bad ones in words', async () => {
    const student = await t.student();
    const first = await t.call('getMessageChoices', student.token, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().choices.kinds).toEqual(DEFAULT_CHOICES.kinds);
    expect(first.json().reach).toMatchObject({ push_devices: 0, email: true, sms: true });

    const badPhone = await t.call('saveMessageChoices', student.token, {
      kinds: DEFAULT_CHOICES.kinds,
      quiet_hours: null,
      phone: '12',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('country code');
    const badQuiet = await t.call('saveMessageChoices', student.token, {
      kinds: DEFAULT_CHOICES.kinds,
      quiet_hours: { from: '22:00', to: '22:00' },
      phone: null,
    });
    expect(badQuiet.statusCode).toBe(400);
    expect(badQuiet.body).toContain('different time');
    const missing = await t.callUnchecked('saveMessageChoices', student.token, {
      kinds: { announcement: DEFAULT_CHOICES.kinds.announcement },
      quiet_hours: null,
      phone: null,
    });
    expect(missing.statusCode).toBe(400);

    const saved = await choose(student, (c) => {
      for (const kind of MESSAGE_KINDS) c.kinds[kind].email = 'off';
      c.quietHours = { from: '21:00', to: '07:00' };
      c.phone = '+44 (7700) 900-123';
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.call('getMessageChoices', student.token, {})).json().choices;
    expect(after.phone).toBe('+447700900123');
    expect(after.quiet_hours).toEqual({ from: '21:00', to: '07:00' });
    expect(Object.values(after.kinds).every((k) => k.email === 'off')).toBe(true);
  });

  it("reads one person's choices whole: the defaults until they save, a bad row as the defaults", async () => {
    const [student, other] = [await t.student(), await t.student()];
    const db = t.database.db;
    expect(await choicesOfPerson(db, student.id)).toEqual(DEFAULT_CHOICES);
    await choose(student, (c) => {
      c.phone = '+447700900124';
    });
    expect(await choicesOfPerson(db, student.id)).toMatchObject({ phone: '+447700900124' });
    // Only the person asked of: another's row is not theirs.
    expect(await choicesOfPerson(db, other.id)).toEqual(DEFAULT_CHOICES);
    await db
      .insertInto('message_choices')
      .values({ user_id: other.id, choices: 'not json', updated_at: t.clock.now })
      .execute();
    expect(await choicesOfPerson(db, other.id)).toEqual(DEFAULT_CHOICES);
  });
});
