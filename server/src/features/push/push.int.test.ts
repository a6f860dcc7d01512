import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import {
  type LoopbackPushService,
  startPushService,
  type TestDevice,
} from '../../test-support/push-service.js';
import { SendFailure } from '../messages/channels.js';
import { MAX_DEVICES } from './push-data.js';
import { loadVapidKeys } from './push-keys.js';
import { NO_DEVICE } from './push-sender.js';

/**
 * Web push (issue 31, point 2) through real parts: the app's outbox sends with web-push to a
 * push service on loopback that checks the VAPID signature and decrypts every push (RFC 8291)
 * with the device's private key before counting it (test-support/push-service.ts).
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let service: LoopbackPushService;

const device = (d: TestDevice, name = 'Chrome on Android') => ({
  ...d.subscription,
  device: name,
});

async function ok(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return JSON.parse(res.body);
}

/** Turns push on for a new device of `user`. */
async function newDeviceOf(user: TestUser, name?: string): Promise<TestDevice> {
  const d = service.newDevice();
  await ok(await t.call('savePushSubscription', user.token, device(d, name)));
  return d;
}

/** An administrator's notification to `user`: queued in the outbox with it. */
async function tell(user: TestUser, message: string) {
  await ok(await t.call('addNotification', admin.token, { user_id: user.id, message }));
}

const pushRows = (userId: number) =>
  t.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .where('channel', '=', 'push')
    .orderBy('id')
    .execute();

const subscriptionsOf = (userId: number) =>
  t.database.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();

const takenBy = (d: TestDevice) => service.taken.filter((p) => p.deviceId === d.id);

beforeAll(async () => {
  t = await createTestApp({ env: { ACADEMY_NAME: 'Push Academy' } });
  admin = await t.admin({ name: 'Push Admin' });
  ana = await t.student({ name: 'Push Ana' });
  ben = await t.student({ name: 'Push Ben' });
  service = await startPushService(t.app.deps.push.publicKey);
  t.app.deps.push.sender.trust([service.certificate]);
});

afterAll(async () => {
  await t?.close();
  await service?.close();
});

describe('the VAPID keys', () => {
  it('are made once, kept in app_settings, and read again by another start', async () => {
    const kept = await t.database.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'vapid_keys')
      .executeTakeFirstOrThrow();
    const keys = JSON.parse(kept.value);
    expect(keys.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answer = await ok(await t.call('getPushKey', ana.token, {}));
    expect(answer).toEqual({ success: true, public_key: keys.publicKey });

    // Another instance (or a restart), even two at once, on the same database reads the same pair.
    const again = await Promise.all([loadVapidKeys(t.database.db), loadVapidKeys(t.database.db)]);
    expect(again).toEqual([keys, keys]);
    expect(t.app.deps.push.publicKey).toBe(keys.publicKey);
    const rows = await t.database.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'vapid_keys')
      .execute();
    expect(rows).toEqual([kept]);
  });

  it('answers every role', async () => {
    const teacher = await t.teacher();
    for (const user of [admin, teacher, ana])
      expect((await ok(await t.call('getPushKey', user.token, {}))).public_key).toBe(
        t.app.deps.push.publicKey,
      );
    expect((await t.call('getPushKey', undefined, {})).statusCode).toBe(401);
  });
});

describe('a device turned on and off', () => {
  it('is saved for its person, listed, and deleted only by them', async () => {
    const cleo = await t.student({ name: 'Push Cleo' });
    const d = service.newDevice();
    const saved = await ok(await t.call('savePushSubscription', cleo.token, device(d)));
    expect(saved).toEqual({ success: true, message: 'Notifications are on for this device.' });
    const listed = await ok(await t.call('listPushDevices', cleo.token, {}));
    expect(listed.devices).toEqual([
      {
        id: expect.any(Number),
        device: 'Chrome on Android',
        added_at: '2026-11-22 12:00:00',
        last_sent_at: null,
      },
    ]);
    // The endpoint and keys are not shown back.
    expect(JSON.stringify(listed)).not.toContain(d.subscription.endpoint);

    // Saving again (the same browser, a new key after a reinstall) keeps one row.
    await ok(await t.call('savePushSubscription', cleo.token, device(d, 'Chrome on Android')));
    expect(await subscriptionsOf(cleo.id)).toHaveLength(1);

    // Someone else cannot turn it off: the answer is the same, the row stays.
    const other = await ok(
      await t.call('deletePushSubscription', ben.token, { endpoint: d.subscription.endpoint }),
    );
    expect(other).toEqual({ success: true, message: 'Notifications are off for this device.' });
    expect(await subscriptionsOf(cleo.id)).toHaveLength(1);

    await ok(
      await t.call('deletePushSubscription', cleo.token, { endpoint: d.subscription.endpoint }),
    );
    expect(await subscriptionsOf(cleo.id)).toEqual([]);
    expect((await ok(await t.call('listPushDevices', cleo.token, {}))).devices).toEqual([]);
  });

  it('moves to the person who saves an endpoint another had (the device changed hands)', async () => {
    const dan = await t.student({ name: 'Push Dan' });
    const eve = await t.student({ name: 'Push Eve' });
    const d = await newDeviceOf(dan);
    await ok(await t.call('savePushSubscription', eve.token, device(d, 'Firefox on Windows')));
    expect(await subscriptionsOf(dan.id)).toEqual([]);
    expect((await subscriptionsOf(eve.id)).map((s) => s.device)).toEqual(['Firefox on Windows']);
  });

  it(`keeps a person's newest ${MAX_DEVICES} devices`, async () => {
    const fay = await t.student({ name: 'Push Fay' });
    const devices: TestDevice[] = [];
    for (let i = 0; i <= MAX_DEVICES; i++) {
      t.clock.now += 1000;
      devices.push(await newDeviceOf(fay, `Phone ${i}`));
    }
    const kept = (await subscriptionsOf(fay.id)).map((s) => s.device).sort();
    expect(kept).toHaveLength(MAX_DEVICES);
    expect(kept).not.toContain('Phone 0');
  });

  it.each([
    ['an http endpoint', { endpoint: 'http://push.example.com/x' }, 'must be an https address'],
    ['no endpoint', { endpoint: '' }, 'Please give the endpoint.'],
    [
      'an endpoint too long',
      { endpoint: `https://push.example.com/${'a'.repeat(1000)}` },
      'must be at most 1000 characters',
    ],
    [
      'an endpoint with a password',
      { endpoint: 'https://user:secret@push.example.com/x' },
      'must be an https address',
    ],
    ['a short p256dh', { p256dh: 'BAAA' }, 'the 65-byte key of a P-256 point'],
    ['a compressed point', { p256dh: `A${'A'.repeat(86)}` }, 'the 65-byte key of a P-256 point'],
    [
      'a point off the curve',
      { p256dh: `B${'A'.repeat(86)}` },
      'keys.p256dh is not a point on the P-256 curve.',
    ],
    ['a long auth secret', { auth: 'A'.repeat(24) }, 'a 16-byte secret'],
    ['a non-base64url auth secret', { auth: `${'A'.repeat(21)}+` }, 'a 16-byte secret'],
    ['no device name', { device: '   ' }, 'Please give the device name.'],
    // Never an address where clouds keep their secrets (loopback is the tests' own service,
    // allowed by PUSH_LOCAL_ENDPOINTS; refused without it).
    [
      'a link-local endpoint',
      { endpoint: 'https://169.254.169.254/latest/meta-data' },
      'endpoint must be a push service on the internet: 169.254.169.254 is a link-local address',
    ],
  ])('refuses %s with a 400', async (_, change, words) => {
    const d = service.newDevice();
    const { endpoint, keys } = d.subscription;
    const { p256dh, auth, ...rest } = change as Record<string, string>;
    const payload = {
      endpoint,
      device: 'Chrome on Android',
      ...rest,
      keys: { p256dh: p256dh ?? keys.p256dh, auth: auth ?? keys.auth },
    };
    const before = await t.database.db.selectFrom('push_subscriptions').select('id').execute();
    const res = await t.call('savePushSubscription', ana.token, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(words);
    expect(
      await t.database.db.selectFrom('push_subscriptions').select('id').execute(),
    ).toHaveLength(before.length);
  });

  it('refuses a delete without an https endpoint', async () => {
    const res = await t.call('deletePushSubscription', ana.token, { endpoint: 'nope' });
    expect(res.statusCode).toBe(400);
  });
});

describe('the push channel', () => {
  it('pushes a notification, signed and encrypted, to each of the person’s devices', async () => {
    const phone = await newDeviceOf(ana, 'Chrome on Android');
    const laptop = await newDeviceOf(ana, 'Firefox on Windows');
    await tell(ana, 'The library is closed on Friday.');
    const [row] = await pushRows(ana.id);
    expect(row?.state).toBe('queued');

    const run = await t.app.deps.outbox.runOnce();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect(service.refused).toEqual([]);
    for (const d of [phone, laptop]) {
      const [push] = takenBy(d);
      expect(push?.payload).toEqual({
        title: 'Push Academy',
        body: 'The library is closed on Friday.',
        path: '/notification',
        tag: `outbox-${row?.id}`,
      });
      expect(push?.ttl).toBe(24 * 3600);
      expect(push?.urgency).toBe('normal');
      // No Topic: it would collapse different messages waiting at the push service.
      expect(push?.topic).toBeUndefined();
      expect(push?.claims.sub).toMatch(/^mailto:|^https:/);
    }
    const [sent] = await pushRows(ana.id);
    expect(sent).toMatchObject({ state: 'sent', error: null });
    const devices = await subscriptionsOf(ana.id);
    expect(devices.every((d) => d.last_sent_at !== null)).toBe(true);
  });

  it('cuts a long text to a lock screen’s length', async () => {
    const gus = await t.student({ name: 'Push Gus' });
    const d = await newDeviceOf(gus);
    const words = 'Please bring your workbook and a pencil to class. '.repeat(10);
    await tell(gus, words);
    await t.app.deps.outbox.runOnce();
    const body = (takenBy(d)[0]?.payload as { body: string } | undefined)?.body ?? '';
    expect(Array.from(body).length).toBeLessThanOrEqual(180);
    expect(body.endsWith('…')).toBe(true);
    expect(words.startsWith(body.slice(0, -1))).toBe(true);
  });

  it('deletes a device its push service says is gone (410), and the letter reaches the others', async () => {
    const hal = await t.student({ name: 'Push Hal' });
    const gone = await newDeviceOf(hal, 'Old phone');
    const here = await newDeviceOf(hal, 'New phone');
    service.answer(gone.id, 410);
    await tell(hal, 'Gone and here');
    await t.app.deps.outbox.runOnce();
    expect(service.turnedAway.filter((p) => p.deviceId === gone.id)).toHaveLength(1);
    expect(takenBy(here)).toHaveLength(1);
    expect((await subscriptionsOf(hal.id)).map((s) => s.device)).toEqual(['New phone']);
    expect((await pushRows(hal.id))[0]?.state).toBe('sent');
  });

  it('skips a letter whose only device is gone (404), deleting it', async () => {
    const ida = await t.student({ name: 'Push Ida' });
    const gone = await newDeviceOf(ida);
    service.answer(gone.id, 404);
    await tell(ida, 'Nobody home');
    await t.app.deps.outbox.runOnce();
    expect(await subscriptionsOf(ida.id)).toEqual([]);
    expect(await pushRows(ida.id)).toMatchObject([{ state: 'skipped', error: NO_DEVICE }]);
  });

  it('leaves the letter queued for a retry when the push service fails (500)', async () => {
    const jon = await t.student({ name: 'Push Jon' });
    const d = await newDeviceOf(jon);
    service.answer(d.id, 500);
    await tell(jon, 'Try me again');
    const before = t.clock.now;
    await t.app.deps.outbox.runOnce();
    const [row] = await pushRows(jon.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row?.error).toContain('answered 500');
    expect(Number(row?.send_after)).toBeGreaterThan(before);
    expect(await subscriptionsOf(jon.id)).toHaveLength(1);

    // The push service is back: the retry, once due, goes with the same key.
    service.answer(d.id, 201);
    t.clock.now = Number(row?.send_after);
    await t.app.deps.outbox.runOnce();
    expect(takenBy(d).map((p) => (p.payload as { tag: string }).tag)).toEqual([
      `outbox-${row?.id}`,
    ]);
    expect((await pushRows(jon.id))[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('skips a letter for a person who turned push off since it was queued', async () => {
    const kim = await t.student({ name: 'Push Kim' });
    const d = await newDeviceOf(kim);
    await tell(kim, 'Too late');
    await ok(
      await t.call('deletePushSubscription', kim.token, { endpoint: d.subscription.endpoint }),
    );
    await t.app.deps.outbox.runOnce();
    expect(takenBy(d)).toEqual([]);
    expect(await pushRows(kim.id)).toMatchObject([{ state: 'skipped', error: NO_DEVICE }]);
  });

  it('queues nothing for push to a person with no device', async () => {
    const lea = await t.student({ name: 'Push Lea' });
    await tell(lea, 'Nothing to push to');
    expect(await pushRows(lea.id)).toEqual([]);
  });

  it('refuses a letter to a guardian outright', async () => {
    const send = t.app.deps.push.sender.send({
      key: 'outbox-guardian',
      userId: ana.id,
      guardianId: 1,
      items: [{ kind: 'attendance', text: 'Absent', path: '/schedule', createdAt: 0 }],
      digest: false,
    });
    await expect(send).rejects.toBeInstanceOf(SendFailure);
    await expect(send).rejects.toMatchObject({ outcome: 'failed' });
  });

  it('wakes the phone for a reminder, with a shorter life', async () => {
    const d = await newDeviceOf(ben);
    await t.app.deps.push.sender.send({
      key: 'outbox-reminder-test',
      userId: ben.id,
      guardianId: null,
      items: [{ kind: 'reminder', text: 'Essay due', path: '/download-assignment', createdAt: 0 }],
      digest: false,
    });
    const [push] = takenBy(d);
    expect(push).toMatchObject({ urgency: 'high', ttl: 6 * 3600 });
    expect(push?.payload).toMatchObject({
      tag: 'outbox-reminder-test',
      path: '/download-assignment',
    });
  });
});
