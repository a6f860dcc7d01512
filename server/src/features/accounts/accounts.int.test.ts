import { TOKEN_TTL_MS } from '@academy/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  form,
  multipart,
  type TestApp,
} from '../../test-support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (fields: Record<string, string | string[]>, remoteAddress = '10.0.0.1') =>
  t.inject({ method: 'POST', url: '/api/login.php', remoteAddress, ...form(fields) });

describe('POST /api/login.php', () => {
  it('answers the spec fields for an admin, with role admin', async () => {
    const admin = await t.admin({ name: 'Head Teacher', username: 'head' });
    const res = await login({ username: 'head', password: admin.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['gender', 'message', 'name', 'role', 'success', 'token', 'user_id', 'username'].sort(),
    );
    expect(body).toMatchObject({
      success: true,
      user_id: admin.id,
      name: 'Head Teacher',
      username: 'head',
      role: 'admin',
      gender: 'male',
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers role user for a student, ignoring the case of the username', async () => {
    const student = await t.student({ username: 'Sara', gender: 'female' });
    const res = await login({ username: 'sARA', password: student.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'user',
      gender: 'female',
      user_id: student.id,
      username: 'Sara',
    });
  });

  it('refuses missing or blank fields with the spec message', async () => {
    const cases: Record<string, string>[] = [
      {},
      { username: 'x' },
      { password: 'y' },
      { username: '   ', password: 'y' },
      { username: 'x', password: '' },
    ];
    for (const fields of cases) {
      const res = await login(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Please fill in all fields' });
    }
  });

  it('refuses a repeated field (an array where text belongs) with a 400', async () => {
    const res = await login({ username: ['a', 'b'], password: 'y' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('gives the same message for a wrong password and an unknown username', async () => {
    const student = await t.student();
    const wrong = await login(
      { username: student.username, password: 'not the password' },
      '10.0.0.2',
    );
    const unknown = await login({ username: 'nobody-here', password: 'whatever' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: 'Invalid username or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a deactivated user like a wrong password', async () => {
    const student = await t.student();
    await t.database.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('id', '=', student.id)
      .execute();
    const res = await login({ username: student.username, password: student.password }, '10.0.0.3');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid username or password.');
  });

  it('accepts JSON as well as a form, and refuses multipart (only upload calls take it) with a 415', async () => {
    const student = await t.student();
    const asJson = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { username: student.username, password: student.password },
    });
    expect(asJson.statusCode).toBe(200);
    const asMultipart = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      ...multipart({ username: student.username, password: student.password }),
    });
    expect(asMultipart.statusCode).toBe(415);
    expect(asMultipart.json()).toEqual({
      success: false,
      message: 'This content type is not accepted here.',
    });
  });

  it('answers broken JSON, huge bodies and wrong types with a clear 4xx, never a 500', async () => {
    const broken = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      success: false,
      message: 'The request body is not valid JSON.',
    });

    const huge = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      ...form({ username: 'a', password: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ success: false, message: 'The request is too large.' });

    const numbers = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { username: 12, password: { a: 1 } },
    });
    expect(numbers.statusCode).toBe(400);

    const proto = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}, "username": "a", "password": "b"}',
    });
    expect(proto.statusCode).toBe(400);

    const xml = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);

    const longName = await login({ username: 'u'.repeat(101), password: 'x' });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().message).toBe('username must be at most 100 characters');
  });
});

// Login throttling has a file of its own: login-throttle.int.test.ts.

describe('tokens', () => {
  it('stores only a hash of the token', async () => {
    const student = await t.student();
    const rows = await t.database.db
      .selectFrom('auth_tokens')
      .select('token_hash')
      .where('user_id', '=', student.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toBe(student.token);
  });

  it('logout revokes the token: the next call is a 401', async () => {
    const student = await t.student();
    const ping = () => t.call('updateActivity', student.token, {});
    expect((await ping()).statusCode).toBe(200);
    const out = await t.call('logout', student.token, {});
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Logged out.' });
    const after = await ping();
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      success: false,
      message: 'Your session has ended. Please log in again.',
    });
  });

  it('expires a token thirty days after login', async () => {
    const student = await t.student();
    const ping = () => t.call('updateActivity', student.token, {});
    t.clock.now += TOKEN_TTL_MS - 1000;
    expect((await ping()).statusCode).toBe(200);
    t.clock.now += 1000;
    expect((await ping()).statusCode).toBe(401);
  });

  it('refuses calls with no token, a malformed header or an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('x'.repeat(43))]) {
      const res = await t.inject({ method: 'POST', url: '/api/logout.php', headers, payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('POST /api/update_activity.php', () => {
  it('moves the caller’s last-seen time', async () => {
    const student = await t.student();
    const res = await t.call('updateActivity', student.token, { token: student.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      last_seen: new Date(t.clock.now).toISOString().slice(0, 19).replace('T', ' '),
    });
    await t.app.deps.activity.flush();
    const row = await t.database.db
      .selectFrom('users')
      .select('last_seen_at')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe(t.clock.now);
  });
});

describe('NUL characters', () => {
  it('are refused with a 400 before they reach the database (PostgreSQL text cannot hold them)', async () => {
    const res = await login({ username: 'a\u0000b', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'username must not contain NUL characters or broken ones (half of an emoji).',
    });
  });
});
