import net, { type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, type TestUser } from '../test-support/harness.js';
import { buildWorld } from '../test-support/world.js';

// The shortcut for the polling calls sits in front of Fastify, so only a listening server
// meets it; app.inject always takes the full pipeline. Each request here goes both ways, and
// the two answers must be the same, whether or not the shortcut took it.

let t: TestApp;
let base: string;
/** A student with a card, an assignment and a notification; another; an admin. */
let sara: TestUser;
let omid: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ a: sara, b: omid, admin } = await buildWorld(t));
  // Everyone's token has been seen, as a polling browser's has.
  for (const user of [sara, omid, admin]) {
    await poll(`/api/get_cards_to_review.php?user_id=${user.id}`, user.token);
  }
});
afterAll(() => t.close());

/**
 * The answer the same request gets from the full pipeline (inject) and over HTTP. A body
 * given as a stream goes chunked (no Content-Length) over HTTP.
 */
async function bothWays(
  url: string,
  headers: Record<string, string>,
  sent?: { text: string; chunked?: boolean },
) {
  const method = sent ? 'POST' : 'GET';
  const full = await t.inject({ method, url, headers, ...(sent ? { payload: sent.text } : {}) });
  const before = t.app.hotCalls.answered;
  const bytes = sent && new TextEncoder().encode(sent.text);
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    // Bytes, not a string: fetch would add a Content-Type of its own to a string.
    ...(bytes
      ? sent.chunked
        ? { body: new Blob([bytes]).stream(), duplex: 'half' }
        : { body: bytes }
      : {}),
  } as RequestInit);
  const body = await res.text();
  const shortcut = {
    status: res.status,
    body,
    headers: comparable(Object.fromEntries(res.headers)),
    tookShortcut: t.app.hotCalls.answered > before,
  };
  return {
    full: {
      status: full.statusCode,
      body: full.body,
      headers: comparable(full.headers as Record<string, string>),
    },
    shortcut,
  };
}

/** Headers that the transport adds (light-my-request is not a socket) are left out. */
function comparable(headers: Record<string, unknown>) {
  const { date, connection, 'keep-alive': _k, 'transfer-encoding': _t, ...rest } = headers;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
}

const poll = (url: string, token: string) => fetch(`${base}${url}`, { headers: bearer(token) });

describe('the shortcut for the polling calls', () => {
  it('answers each poll as the full pipeline does, with the same status, body and headers', async () => {
    for (const url of [
      `/api/get_cards_to_review.php?user_id=${sara.id}`,
      `/api/get_unread_assignments.php?user_id=${sara.id}`,
      `/api/get_notifications.php?user_id=${sara.id}&only_unread=1`,
      `/api/get_notifications.php?user_id=${sara.id}`,
    ]) {
      const { full, shortcut } = await bothWays(url, bearer(sara.token));
      expect(shortcut.tookShortcut, url).toBe(true);
      expect(full.status).toBe(200);
      expect({ ...shortcut, tookShortcut: undefined }).toEqual(full);
    }
  });

  it('answers an unchanged unread list with the same empty 304', async () => {
    const url = `/api/get_notifications.php?user_id=${sara.id}&only_unread=1`;
    const etag = (await poll(url, sara.token)).headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    const { full, shortcut } = await bothWays(url, {
      ...bearer(sara.token),
      'if-none-match': etag,
    });
    expect(shortcut.tookShortcut).toBe(true);
    expect(full.status).toBe(304);
    expect({ ...shortcut, tookShortcut: undefined }).toEqual(full);
  });

  it('gives any request the full pipeline’s answer, and takes only the plain ones', async () => {
    const paths = [
      '/api/get_cards_to_review.php',
      '/api/get_unread_assignments.php',
      '/api/get_notifications.php',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('own', 'other', 'admin-own', 'admin-other', 'none', 'garbage', 'spaced'),
        fc.constantFrom(
          'plain',
          'zero',
          'text',
          'empty',
          'twice',
          'extra',
          'encoded',
          'huge',
          'proto',
          'missing',
        ),
        fc.constantFrom('', '&only_unread=1', '&only_unread=2'),
        fc.boolean(),
        async (path, who, shape, suffix, withEtag) => {
          const caller = who.startsWith('admin') ? admin : sara;
          const subject = who.endsWith('other') ? omid : caller;
          const id = String(subject.id);
          const query = {
            plain: `user_id=${id}`,
            zero: 'user_id=0',
            text: 'user_id=abc',
            empty: 'user_id=',
            twice: `user_id=${id}&user_id=${id}`,
            extra: `user_id=${id}&page=2`,
            encoded: `user_id=%3${id.slice(0, 1)}${id.slice(1)}`,
            huge: 'user_id=99999999999',
            proto: `__proto__=1&user_id=${id}`,
            missing: '',
          }[shape];
          const headers: Record<string, string> = {};
          if (who === 'garbage') headers.authorization = 'Bearer not-a-token-at-all-of-any-kind';
          // The guard's pattern allows more space; the shortcut leaves such a request to it.
          else if (who === 'spaced') headers.authorization = `Bearer  ${caller.token} `;
          else if (who !== 'none') Object.assign(headers, bearer(caller.token));
          if (withEtag) headers['if-none-match'] = 'W/"stale", W/"other"';
          const url = `${path}?${query}${suffix}`;
          const { full, shortcut } = await bothWays(url, headers);
          expect({ ...shortcut, tookShortcut: undefined }, url).toEqual(full);
          // Only a caller this instance has admitted, asking plainly about themselves.
          const plainOwn =
            (who === 'own' || who === 'admin-own') &&
            ['plain', 'extra', 'proto'].includes(shape) &&
            (suffix !== '&only_unread=2' || path !== '/api/get_notifications.php');
          expect(shortcut.tookShortcut, url).toBe(plainOwn);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('answers the activity ping as the full pipeline does, and records it', async () => {
    const student = await t.student();
    await poll(`/api/get_cards_to_review.php?user_id=${student.id}`, student.token);
    const { full, shortcut } = await bothWays(
      '/api/update_activity.php',
      { ...bearer(student.token), 'content-type': 'application/json' },
      { text: JSON.stringify({ token: student.token }) },
    );
    expect(shortcut.tookShortcut).toBe(true);
    expect(full.status).toBe(200);
    expect(JSON.parse(full.body)).toEqual({ success: true, last_seen: expect.any(String) });
    expect({ ...shortcut, tookShortcut: undefined }).toEqual(full);
    const online = await t.inject({
      method: 'GET',
      url: '/api/online_users.php',
      headers: bearer(admin.token),
    });
    expect(online.json().map((u: { id: number }) => u.id)).toContain(student.id);
  });

  it('gives any ping the full pipeline’s answer, and takes only small JSON bodies', async () => {
    const bodies = {
      token: () => JSON.stringify({ token: sara.token }),
      empty: () => '{}',
      null: () => 'null',
      list: () => '[]',
      number: () => '{"token":5}',
      broken: () => '{"token":',
      proto: () => '{"__proto__":{"isAdmin":true}}',
      ctor: () => '{"constructor":{"prototype":{"isAdmin":true}}}',
      long: () => JSON.stringify({ token: 'a'.repeat(201) }),
      nul: () => '{"token":"a\\u0000b"}',
      bom: () => '\uFEFF{}',
      other: () => JSON.stringify({ token: sara.token, user_id: omid.id }),
      padded: () => `{${' '.repeat(1100)}}`,
      none: () => '',
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('own', 'admin', 'none', 'garbage'),
        fc.constantFrom(...(Object.keys(bodies) as (keyof typeof bodies)[])),
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'application/json;charset=utf-8',
          'text/plain',
          'none',
        ),
        fc.boolean(),
        fc.constantFrom('', '?x=1'),
        async (who, shape, type, chunked, query) => {
          const headers: Record<string, string> = {};
          if (who === 'garbage') headers.authorization = 'Bearer not-a-token-at-all-of-any-kind';
          else if (who !== 'none')
            Object.assign(headers, bearer((who === 'own' ? sara : admin).token));
          if (type !== 'none') headers['content-type'] = type;
          const url = `/api/update_activity.php${query}`;
          const text = bodies[shape]();
          const { full, shortcut } = await bothWays(url, headers, { text, chunked });
          expect({ ...shortcut, tookShortcut: undefined }, `${shape} ${type}`).toEqual(full);
          const takes =
            (who === 'own' || who === 'admin') &&
            ['token', 'empty', 'null', 'other'].includes(shape) &&
            ['application/json', 'application/json; charset=utf-8'].includes(type) &&
            !chunked &&
            query === '';
          expect(shortcut.tookShortcut, `${who} ${shape} ${type} ${chunked}`).toBe(takes);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads a body that comes in pieces, and gives those it declines back to Fastify', async () => {
    const ping = (body: string) =>
      [
        'POST /api/update_activity.php HTTP/1.1',
        'Host: localhost',
        `Authorization: Bearer ${sara.token}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n');
    const valid = JSON.stringify({ token: sara.token });
    const socket = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    const before = t.app.hotCalls.answered;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 30));
    // Headers first, then the body in two parts.
    const first = ping(valid);
    const split = first.indexOf('\r\n\r\n') + 4;
    socket.write(first.slice(0, split));
    await pause();
    socket.write(first.slice(split, split + 5));
    await pause();
    socket.write(first.slice(split + 5));
    // Then, on the same connection: a body the shortcut gives back to Fastify (which takes
    // it), a good one, and one Fastify refuses (and closes the connection after).
    await pause();
    socket.write(ping('{"token":"constructor"}') + ping(valid) + ping('{"token": nope}'));
    const statuses = () => received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    await expect.poll(() => statuses().length).toBe(4);
    socket.destroy();
    expect(statuses()).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 400']);
    expect(received).toContain('{"success":false,"message":"The request body is not valid JSON."}');
    expect(t.app.hotCalls.answered).toBe(before + 2);
  });

  it('stops taking a token the moment its session ends', async () => {
    const student = await t.student();
    const url = `/api/get_unread_assignments.php?user_id=${student.id}`;
    expect((await poll(url, student.token)).status).toBe(200);
    const before = t.app.hotCalls.answered;
    expect((await poll(url, student.token)).status).toBe(200);
    expect(t.app.hotCalls.answered).toBe(before + 1);

    await t.inject({ method: 'POST', url: '/api/logout.php', headers: bearer(student.token) });
    const after = await poll(url, student.token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({
      success: false,
      message: 'Your session has ended. Please log in again.',
    });
    expect(t.app.hotCalls.answered).toBe(before + 1);
  });
});
