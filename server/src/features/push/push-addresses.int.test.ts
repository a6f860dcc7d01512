import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CountingListener,
  countingListener,
  resolverOf,
} from '../../test-support/counting-listener.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Where a push endpoint may lead (issue 48, point 4), on a server as it runs by default:
 * PUSH_LOCAL_ENDPOINTS off. Every way of writing this machine, the unspecified address, a
 * link-local or a private address is refused when a device is saved; a name that resolves to
 * loopback when the push goes reaches nothing (a listener on loopback counts no connection),
 * and the outbox's row fails with the reason.
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let listener: CountingListener;
let port = 0;
const arrived = () => listener.arrived();

/** A browser's subscription keys: a P-256 point and a 16-byte secret, in base64url. */
function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const subscribe = (user: TestUser, endpoint: string) =>
  t.call('savePushSubscription', user.token, { endpoint, keys: keys(), device: 'Chrome' });

beforeAll(async () => {
  t = await createTestApp({ env: { PUSH_LOCAL_ENDPOINTS: 'false' } });
  admin = await t.admin();
  ana = await t.student();
  listener = await countingListener();
  port = listener.port;
  // The resolver a test controls: evil.example is this machine when the push goes.
  t.app.deps.push.sender.outbound.resolve = resolverOf({
    'evil.example': ['127.0.0.1'],
    'rebound.example': ['8.8.8.8', '::ffff:7f00:1'],
  });
});

afterAll(async () => {
  await t?.close();
  await listener?.close();
});

describe('an endpoint when a device is saved', () => {
  it.each([
    // The forms issue 48 lists, then every way of writing an IPv4 address the resolver takes.
    ['0.0.0.0', '0.0.0.0 is the unspecified address (it reaches this machine)'],
    ['[::]', '[::] is the unspecified address (it reaches this machine)'],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1] is 127.0.0.1, this machine (loopback)'],
    ['localhost.', 'localhost. is this machine (loopback)'],
    ['foo.localhost', 'foo.localhost is this machine (loopback)'],
    ['[::ffff:169.254.169.254]', 'is 169.254.169.254, a link-local address'],
    ['[::ffff:a9fe:a9fe]', 'is 169.254.169.254, a link-local address'],
    ['2130706433', '127.0.0.1 is this machine (loopback)'],
    ['0177.0.0.1', '127.0.0.1 is this machine (loopback)'],
    ['0x7f.0.0.1', '127.0.0.1 is this machine (loopback)'],
    ['127.1', '127.0.0.1 is this machine (loopback)'],
    ['127.0.0.1', '127.0.0.1 is this machine (loopback)'],
    ['[::1]', '[::1] is this machine (loopback)'],
    ['localhost', 'localhost is this machine (loopback)'],
    ['[::127.0.0.1]', 'is 127.0.0.1, this machine (loopback)'],
    ['169.254.169.254', '169.254.169.254 is a link-local address'],
    ['2852039166', '169.254.169.254 is a link-local address'],
    ['[fe80::1]', '[fe80::1] is a link-local address'],
    ['10.0.0.1', '10.0.0.1 is an address on a private network'],
    ['192.168.1.20', '192.168.1.20 is an address on a private network'],
    ['[fd00::1]', '[fd00::1] is an address on a private network'],
    ['100.64.0.1', '100.64.0.1 is an address on a private network'],
    ['224.0.0.1', '224.0.0.1 is a multicast address'],
    ['255.255.255.255', '255.255.255.255 is a reserved or broadcast address'],
  ])('refuses https://%s/… with a 400 in words, saving nothing', async (host, words) => {
    const rows = () => t.database.db.selectFrom('push_subscriptions').select('id').execute();
    const before = (await rows()).length;
    const res = await subscribe(ana, `https://${host}:${port}/push/abc`);
    expect(res.statusCode, res.body).toBe(400);
    const message: string = res.json().message;
    expect(message.startsWith('endpoint must be a push service on the internet: ')).toBe(true);
    expect(message).toContain(words);
    expect(await rows()).toHaveLength(before);
  });

  it('refuses a host no URL can have with a 400, not a 500', async () => {
    for (const host of ['[zz]', '1.2.3.4.5']) {
      const res = await subscribe(ana, `https://${host}/push/abc`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('endpoint must be an https address.');
    }
  });
});

describe('an endpoint whose name resolves to a refused address when the push goes', () => {
  it('reaches nothing, and the letter fails with the reason', async () => {
    const saved = await subscribe(ana, `https://evil.example:${port}/push/abc`);
    expect(saved.statusCode, saved.body).toBe(200);
    const told = await t.call('addNotification', admin.token, { user_id: ana.id, message: 'Hi' });
    expect(told.statusCode).toBe(200);
    await t.app.deps.outbox.runOnce();
    const [row] = await t.database.db
      .selectFrom('outbox')
      .select(['state', 'error'])
      .where('user_id', '=', ana.id)
      .where('channel', '=', 'push')
      .execute();
    expect(row).toEqual({
      state: 'failed',
      error:
        'The push service did not take it for its device: evil.example resolves to 127.0.0.1, this machine (loopback), where the server connects only with PUSH_LOCAL_ENDPOINTS=true in its environment.',
    });
    expect(arrived()).toBe(0);
  });

  it('trusts no address of a name when one of them is refused', async () => {
    const ben = await t.student();
    expect((await subscribe(ben, `https://rebound.example:${port}/push/abc`)).statusCode).toBe(200);
    await t.call('addNotification', admin.token, { user_id: ben.id, message: 'Hi' });
    await t.app.deps.outbox.runOnce();
    const [row] = await t.database.db
      .selectFrom('outbox')
      .select(['state', 'error'])
      .where('user_id', '=', ben.id)
      .where('channel', '=', 'push')
      .execute();
    expect(row?.state).toBe('failed');
    expect(row?.error).toContain('rebound.example resolves to 127.0.0.1, this machine (loopback)');
    expect(arrived()).toBe(0);
  });
});
