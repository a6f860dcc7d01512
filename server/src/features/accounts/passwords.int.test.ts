import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../../test-support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ping = (token: string) => t.call('updateActivity', token, {});
const login = (username: string, password: string, remoteAddress = '10.9.0.1') =>
  t.inject({
    method: 'POST',
    url: '/api/login.php',
    remoteAddress,
    ...form({ username, password }),
  });

describe('POST /api/change_password.php', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const student = await t.student({ password: 'old-password-1' });
    const other = (await login(student.username, 'old-password-1')).json().token as string;
    // The other session has just been used, so the server remembers whose it is.
    expect((await ping(other)).statusCode).toBe(200);
    const res = await t.call('changePassword', student.token, {
      current_password: 'old-password-1',
      new_password: 'new-password-2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password changed successfully.' });
    expect((await ping(student.token)).statusCode).toBe(200);
    expect((await ping(other)).statusCode).toBe(401);
    expect((await login(student.username, 'old-password-1')).statusCode).toBe(401);
    expect((await login(student.username, 'new-password-2')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with a 400 (the session stays) and counts it as a failed login', async () => {
    const student = await t.student({ password: 'right-password' });
    for (let i = 0; i < 5; i++) {
      const res = await t.call('changePassword', student.token, {
        current_password: `wrong ${i}`,
        new_password: 'another-password',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The current password is not correct.');
    }
    const blocked = await t.call('changePassword', student.token, {
      current_password: 'right-password',
      new_password: 'another-password',
    });
    expect(blocked.statusCode).toBe(429);
    expect((await ping(student.token)).statusCode).toBe(200);
  });

  it.each([
    [{ new_password: 'long-enough-1' }, 'Please enter your current password.'],
    [{ current_password: 'x' }, 'Please enter a new password.'],
    [
      { current_password: 'x', new_password: 'short' },
      'The new password must be at least 8 characters.',
    ],
    [
      { current_password: 'same-password', new_password: 'same-password' },
      'The new password must be different from the current one.',
    ],
  ])('refuses %o', async (payload, message) => {
    const student = await t.student({ password: 'same-password' });
    const res = await t.callUnchecked('changePassword', student.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('needs a session', async () => {
    expect(
      (
        await t.call('changePassword', undefined, {
          current_password: 'a',
          new_password: 'bbbbbbbb',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('admin: reset a password, deactivate a user', () => {
  it('resets a password: the user’s sessions end at once and the new password works', async () => {
    const admin = await t.admin();
    const student = await t.student();
    // In use a moment ago, so the server remembers whose it is: the reset must still end it.
    expect((await ping(student.token)).statusCode).toBe(200);
    const res = await t.call('resetPassword', admin.token, {
      user_id: student.id,
      new_password: 'fresh-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect((await ping(student.token)).statusCode).toBe(401);
    expect((await login(student.username, 'fresh-password')).statusCode).toBe(200);
  });

  it('refuses an administrator resetting their own password (Change Password asks for the current one)', async () => {
    const admin = await t.admin({ password: 'admin-own-password' });
    const res = await t.call('resetPassword', admin.token, {
      user_id: admin.id,
      new_password: 'taken-over-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message:
        'You cannot reset your own password here. Use Change Password, which asks for your current one.',
    });
    // Nothing changed: the old password still works, the session is still alive.
    expect((await ping(admin.token)).statusCode).toBe(200);
    expect((await login(admin.username, 'taken-over-password', '10.9.0.9')).statusCode).toBe(401);
    expect((await login(admin.username, 'admin-own-password', '10.9.0.9')).statusCode).toBe(200);
  });

  it('deactivates a user: their tokens stop at once, login is refused, reactivation lets them log in again', async () => {
    const admin = await t.admin();
    const student = await t.student();
    expect((await ping(student.token)).statusCode).toBe(200);
    const off = await t.call('setUserActive', admin.token, {
      user_id: student.id,
      active: 0,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: true, message: `${student.name} was deactivated.` });
    expect((await ping(student.token)).statusCode).toBe(401);
    expect((await login(student.username, student.password, '10.9.0.2')).statusCode).toBe(401);
    const on = await t.call('setUserActive', admin.token, {
      user_id: student.id,
      active: true,
    });
    expect(on.statusCode).toBe(200);
    // The old session does not come back; a new login works.
    expect((await ping(student.token)).statusCode).toBe(401);
    expect((await login(student.username, student.password, '10.9.0.3')).statusCode).toBe(200);
  });

  it('refuses to deactivate yourself, unknown users, students and anonymous callers', async () => {
    const admin = await t.admin();
    const student = await t.student();
    const self = await t.call('setUserActive', admin.token, {
      user_id: admin.id,
      active: false,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account.');
    expect(
      (await t.call('setUserActive', admin.token, { user_id: 999999, active: false })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('resetPassword', admin.token, {
          user_id: 999999,
          new_password: 'whatever-123',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('setUserActive', student.token, {
          user_id: student.id,
          active: false,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('resetPassword', student.token, {
          user_id: student.id,
          new_password: 'whatever-123',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call('setUserActive', undefined, { user_id: student.id, active: false })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.callUnchecked('setUserActive', admin.token, {
          user_id: student.id,
          active: 'maybe',
        })
      ).statusCode,
    ).toBe(400);
  });
});
