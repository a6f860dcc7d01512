import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../test-support/harness.js';

/**
 * `tell` (issue 50, point 2) on the real server and database: who it reaches is what the push
 * and guardians modules keep (a device saved through the push call, a guardian through the
 * guardians call), and what it writes is kept with the transaction it is told in, or not at all.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  // E-mail and SMS set up, and absence warnings also go to guardians.
  await t.database.db
    .updateTable('academy_settings')
    .set({ email_settings: '{"host":"127.0.0.1"}', sms_gateway: '{"url":"http://127.0.0.1"}' })
    .where('id', '=', 1)
    .execute();
  await t.app.deps.settings.reload();
  const kinds = await t.call('saveGuardianKinds', admin.token, { kinds: ['attendance'] });
  expect(kinds.statusCode, kinds.body).toBe(200);
});
afterAll(() => t.close());

/** A browser's subscription keys: a P-256 point and a 16-byte secret, in base64url. */
function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const outboxOf = (userId: number) =>
  t.database.db
    .selectFrom('outbox')
    .select(['channel', 'guardian_id', 'kind', 'text'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

const notificationsOf = (userId: number) =>
  t.database.db
    .selectFrom('notifications')
    .select('message')
    .where('user_id', '=', userId)
    .execute();

const warn = (studentId: number, text: string) =>
  t.database.db
    .transaction()
    .execute((trx) =>
      t.app.deps.tell(trx, { userId: studentId, topic: 'attendance', refId: 1, text }),
    );

describe('tell', () => {
  it('reaches the devices the push module keeps and the guardians the guardians module keeps', async () => {
    const withBoth = await t.student({ name: 'Omid Karimi' });
    const withNeither = await t.student({ name: 'Sara Nouri' });
    const saved = await t.call('savePushSubscription', withBoth.token, {
      endpoint: 'https://127.0.0.1:9/push/omid',
      keys: keys(),
      device: 'Chrome on Android',
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const guardian = await t.call('saveGuardian', admin.token, {
      user_id: withBoth.id,
      name: 'Leila Karimi',
      phone: '+44 7700 900123',
      email: 'leila@family.example',
    });
    expect(guardian.statusCode, guardian.body).toBe(200);
    const guardianId = guardian.json().id as number;

    await warn(withBoth.id, 'Omid has reached the absence warning.');
    await warn(withNeither.id, 'Sara has reached the absence warning.');

    // The student: push (a device), e-mail now (the default for absence warnings); no SMS
    // (no number of their own). Their guardian: e-mail and SMS.
    expect(await outboxOf(withBoth.id)).toEqual([
      {
        channel: 'push',
        guardian_id: null,
        kind: 'attendance',
        text: 'Omid has reached the absence warning.',
      },
      {
        channel: 'email',
        guardian_id: null,
        kind: 'attendance',
        text: 'Omid has reached the absence warning.',
      },
      {
        channel: 'email',
        guardian_id: guardianId,
        kind: 'attendance',
        text: 'Omid has reached the absence warning.',
      },
      {
        channel: 'sms',
        guardian_id: guardianId,
        kind: 'attendance',
        text: 'Omid has reached the absence warning.',
      },
    ]);
    // No device, no guardian: e-mail alone.
    expect((await outboxOf(withNeither.id)).map((r) => r.channel)).toEqual(['email']);

    // A device turned off through the push call is no longer reached.
    const off = await t.call('deletePushSubscription', withBoth.token, {
      endpoint: 'https://127.0.0.1:9/push/omid',
    });
    expect(off.statusCode, off.body).toBeLessThan(300);
    await t.database.db.deleteFrom('outbox').where('user_id', '=', withBoth.id).execute();
    await warn(withBoth.id, 'Omid is over the limit.');
    expect((await outboxOf(withBoth.id)).map((r) => [r.channel, r.guardian_id])).toEqual([
      ['email', null],
      ['email', guardianId],
      ['sms', guardianId],
    ]);
  });

  it('writes nothing when the transaction it is told in rolls back', async () => {
    const student = await t.student();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.deps.tell(trx, {
          userId: student.id,
          topic: 'attendance',
          refId: 1,
          text: 'Never kept.',
        });
        throw new Error('the write failed after telling');
      }),
    ).rejects.toThrow('the write failed after telling');
    expect(await notificationsOf(student.id)).toEqual([]);
    expect(await outboxOf(student.id)).toEqual([]);
  });
});
