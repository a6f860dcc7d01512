import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reach, reachOf } from './addresses.js';
import { Outbound, RefusedAddress, type Resolve } from './outbound.js';

/**
 * The connections themselves (issue 48, point 4): a name is judged on what it resolves to as
 * the socket is made, an address written as one before it, and nothing reaches a refused
 * address: a listener on loopback counts every connection that arrives, and must count none.
 */

/** A resolver as a test writes it: evil.example is loopback, and so on. */
const NAMES: Record<string, string[]> = {
  'evil.example': ['127.0.0.1'],
  'evil6.example': ['::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'zero.example': ['0.0.0.0'],
  'mixed.example': ['8.8.8.8', '127.0.0.1'],
  'office.example': ['192.168.1.20'],
  'push.example': ['8.8.8.8'],
};
const resolve: Resolve = async (name) => {
  const found = NAMES[name];
  if (!found)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return found;
};

const PUSH_OFF = reachOf('push', { PUSH_LOCAL_ENDPOINTS: false, LOOPBACK_GATEWAYS: false });
const SMTP_OFF = reachOf('smtp', { PUSH_LOCAL_ENDPOINTS: false, LOOPBACK_GATEWAYS: false });
const LOOPBACK_ON: Reach = { loopback: true, private: true };

function outbound(reach: Reach): Outbound {
  const o = new Outbound(reach);
  o.resolve = resolve;
  return o;
}

/** A listener on loopback that counts the connections it is given (and answers nothing). */
let listener: net.Server;
let port = 0;
let arrived = 0;

beforeAll(async () => {
  listener = net.createServer((socket) => {
    arrived += 1;
    socket.destroy();
  });
  await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
  port = (listener.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => listener.close(() => done())));

/** What an https/http request through the agent ends with: its error, or its status. */
function request(agent: http.Agent, url: string): Promise<Error | number> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((done) => {
    const req = client.request(url, { agent, method: 'POST' }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', done);
    req.end('x');
  });
}

describe('the addresses a name resolves to', () => {
  it.each([
    ['evil.example', 'evil.example resolves to 127.0.0.1, this machine (loopback)'],
    ['evil6.example', 'evil6.example resolves to ::1, this machine (loopback)'],
    ['mapped.example', 'mapped.example resolves to 127.0.0.1, this machine (loopback)'],
    ['metadata.example', 'resolves to 169.254.169.254, a link-local address'],
    ['zero.example', 'resolves to 0.0.0.0, the unspecified address'],
    ['mixed.example', 'mixed.example resolves to 127.0.0.1'],
    ['office.example', 'resolves to 192.168.1.20, an address on a private network'],
    ['localhost', 'localhost is this machine (loopback)'],
    ['foo.localhost.', 'foo.localhost. is this machine (loopback)'],
    ['2130706433', '2130706433 is 127.0.0.1, this machine (loopback)'],
  ])('refuses %s for push', async (host, words) => {
    const error = await outbound(PUSH_OFF)
      .addressesOf(host)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefusedAddress);
    expect((error as Error).message).toContain(words);
  });

  it('gives the addresses of a name the rule allows, and the resolver’s own failure', async () => {
    expect(await outbound(PUSH_OFF).addressesOf('push.example')).toEqual(['8.8.8.8']);
    expect(await outbound(SMTP_OFF).addressesOf('office.example')).toEqual(['192.168.1.20']);
    expect(await outbound(SMTP_OFF).addressesOf('0xc0a80114')).toEqual(['192.168.1.20']);
    await expect(outbound(PUSH_OFF).addressesOf('nowhere.example')).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });

  it('answers Node’s lookup one address or all of them, by family', async () => {
    const o = outbound(LOOPBACK_ON);
    NAMES['both.example'] = ['::1', '127.0.0.1'];
    const ask = (options: Parameters<Outbound['lookup']>[1]) =>
      new Promise((done) =>
        o.lookup('both.example', options, (error, address, family) =>
          done(error ? error.code : [address, family]),
        ),
      );
    expect(await ask({})).toEqual(['::1', 6]);
    expect(await ask({ family: 4 })).toEqual(['127.0.0.1', 4]);
    expect(await ask({ all: true })).toEqual([
      [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ],
      undefined,
    ]);
    expect(await ask({ family: 6, all: true })).toEqual([
      [{ address: '::1', family: 6 }],
      undefined,
    ]);
  });
});

describe('a connection to a refused address', () => {
  it.each([
    ['https', 'a name that resolves to loopback', `https://evil.example:PORT/push`],
    ['https', 'an IPv4-mapped name', `https://mapped.example:PORT/push`],
    ['https', 'loopback written as an address', `https://127.0.0.1:PORT/push`],
    ['https', 'loopback written in hex', `https://0x7f.1:PORT/push`],
    ['https', 'the unspecified address', `https://0.0.0.0:PORT/push`],
    ['https', 'IPv4-mapped loopback', `https://[::ffff:127.0.0.1]:PORT/push`],
    ['http', 'a name that resolves to loopback', `http://evil.example:PORT/send`],
    ['http', 'loopback written as an address', `http://127.0.0.1:PORT/send`],
    ['http', 'localhost with a trailing dot', `http://localhost.:PORT/send`],
  ])('is never opened over %s (%s)', async (scheme, _, template) => {
    const o = outbound(SMTP_OFF);
    const agent = scheme === 'https' ? o.httpsAgent() : o.httpAgent();
    const before = arrived;
    const outcome = await request(agent, template.replace('PORT', String(port)));
    expect(outcome).toBeInstanceOf(RefusedAddress);
    // Wait a moment: a connection made anyway would have arrived by now.
    await new Promise((done) => setTimeout(done, 50));
    expect(arrived).toBe(before);
    agent.destroy();
  });

  it('is opened where the reach allows it (the same listener, the same name)', async () => {
    const o = outbound(LOOPBACK_ON);
    const agent = o.httpAgent();
    const before = arrived;
    const outcome = await request(agent, `http://evil.example:${port}/send`);
    // The listener hangs up without answering: the request fails, but it arrived.
    expect(outcome).not.toBeInstanceOf(RefusedAddress);
    expect(arrived).toBe(before + 1);
    agent.destroy();
  });

  it('is never opened for an SMTP server, and is where the reach allows it', async () => {
    const before = arrived;
    for (const host of ['evil.example', '127.0.0.1', '2130706433', '[::ffff:7f00:1]', 'localhost'])
      await expect(outbound(SMTP_OFF).connect(host, port, 1_000), host).rejects.toBeInstanceOf(
        RefusedAddress,
      );
    await new Promise((done) => setTimeout(done, 50));
    expect(arrived).toBe(before);
    const socket = await outbound(LOOPBACK_ON).connect('evil.example', port, 1_000);
    expect(socket.remoteAddress).toBe('127.0.0.1');
    socket.destroy();
  });
});
