import {
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_MAX_FAILURES_PER_PAIR,
  LOGIN_MAX_FAILURES_PER_USERNAME,
} from '@academy/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../../test-support/harness.js';

/**
 * Device cookies (docs/security.md "Login throttling"): guessers spread over many addresses
 * lock a username for an hour, but a device that signed in to it before keeps signing in,
 * under a limit of its own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string, cookie?: string) => {
  const { payload, headers } = form({ username, password });
  return t.inject({
    method: 'POST',
    url: '/api/login.php',
    remoteAddress,
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
};

/** The device cookie a login set, as the browser sends it back (`name=value`). */
const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) => {
  const header = res.headers['set-cookie'];
  const line = Array.isArray(header) ? header[0] : header;
  return line?.split(';')[0];
};

const LOCKED = 'Too many failed login attempts. Please try again in 60 minutes.';

/** Wrong guesses at `username` from enough addresses to lock it (5 from each, as the pair rule allows). */
async function lockOut(username: string, network: string) {
  const addresses = Math.ceil(LOGIN_MAX_FAILURES_PER_USERNAME / LOGIN_MAX_FAILURES_PER_PAIR) + 1;
  const tries = [];
  for (let a = 0; a < addresses; a++) {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PAIR; i++) {
      tries.push(login(username, `guess ${a}.${i}`, `${network}.${a + 1}`));
    }
  }
  const statuses = (await Promise.all(tries)).map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES_PER_USERNAME);
}

// Each test locks a username with 100 password checks (argon2): seconds, more on a busy machine.
describe('a device that signed in before', { timeout: 60_000 }, () => {
  it('keeps signing in after guessers from many addresses locked the username; others are refused', async () => {
    const admin = await t.admin({ password: 'the-owners-password' });
    const first = await login(admin.username, 'the-owners-password', '10.40.0.1');
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(cookie).toMatch(/^academy_device_[0-9a-f]{16}=/);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/login.php');

    await lockOut(admin.username, '10.41.0');

    // Without the cookie, the owner is locked out with everyone else, from any address.
    const stranger = await login(admin.username, 'the-owners-password', '10.42.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ success: false, message: LOCKED });

    // With it, from the office or from a phone elsewhere, the owner signs in; the answer is the spec's.
    for (const address of ['10.40.0.1', '10.43.0.1']) {
      const own = await login(admin.username, 'the-owners-password', address, cookie);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({
        success: true,
        token: expect.any(String),
        user_id: admin.id,
        name: admin.name,
        username: admin.username,
        role: 'admin',
        gender: 'male',
        message: 'Login successful',
      });
    }
  });

  it('counts a cookie’s own failures: a stolen cookie cannot guess for long', async () => {
    const student = await t.student({ password: 'student-password-1' });
    const cookie = deviceCookieOf(await login(student.username, 'student-password-1', '10.44.0.1'));
    expect(cookie).toBeDefined();
    await lockOut(student.username, '10.45.0');
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_DEVICE; i++) {
      expect(
        (await login(student.username, `thief ${i}`, `10.46.0.${i + 1}`, cookie)).statusCode,
      ).toBe(401);
    }
    const refused = await login(student.username, 'student-password-1', '10.46.0.9', cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many failed login attempts. Please try again in 15 minutes.',
    );
  });

  it('is no key to another username, and an altered cookie is none', async () => {
    const owner = await t.student({ password: 'owner-password-1' });
    const other = await t.student({ password: 'other-password-1' });
    const cookie = deviceCookieOf(await login(owner.username, 'owner-password-1', '10.47.0.1'));
    expect(cookie).toBeDefined();
    await lockOut(other.username, '10.48.0');
    // The owner's cookie names the owner: for the other username it is as if there were none.
    const [name = '', value = ''] = (cookie ?? '').split('=');
    const forOther = await login(other.username, 'other-password-1', '10.47.0.1', cookie);
    expect(forOther.statusCode).toBe(429);
    await lockOut(owner.username, '10.49.0');
    // A changed device id or signature is refused like no cookie at all.
    const [device = '', issued = '', sig = ''] = value.split('.');
    for (const altered of [
      `${name}=${device}x.${issued}.${sig}`,
      `${name}=${device}.${Number(issued) + 1}.${sig}`,
      `${name}=${device}.${issued}.${sig.slice(0, -2)}AA`,
    ]) {
      expect(
        (await login(owner.username, 'owner-password-1', '10.47.0.1', altered)).statusCode,
      ).toBe(429);
    }
    expect((await login(owner.username, 'owner-password-1', '10.47.0.1', cookie)).statusCode).toBe(
      200,
    );
  });
});
