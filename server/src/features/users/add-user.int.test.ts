import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  form,
  multipartAs,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const valid = {
  name: 'New Student',
  username: 'new.student',
  email: 'new@example.com',
  password: 'a-good-password',
  role_id: '2',
  gender: 'female',
};
const add = (fields: Record<string, string>, token = admin.token) =>
  t.inject({ method: 'POST', url: '/api/add-user.php', ...multipartAs(token, fields) });

describe('POST /api/add-user.php', () => {
  it('creates a user who can log in, with the role and gender given', async () => {
    const res = await add(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User added successfully.' });
    const login = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      ...form({ username: 'new.student', password: 'a-good-password' }),
    });
    expect(login.json()).toMatchObject({
      success: true,
      role: 'user',
      gender: 'female',
      name: 'New Student',
    });
    const admin2 = await add({ ...valid, username: 'second.admin', role_id: '1', gender: 'male' });
    expect(admin2.statusCode).toBe(200);
    const login2 = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      ...form({ username: 'second.admin', password: 'a-good-password' }),
    });
    expect(login2.json().role).toBe('admin');
  });

  it('refuses a username that is taken, whatever its case, with a clear 409', async () => {
    await add({ ...valid, username: 'taken.name' });
    const res = await add({ ...valid, username: 'Taken.Name' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'This username is already taken. Please choose another.',
    });
  });

  it.each([
    ['name', { name: '' }, 'Please fill in all fields'],
    ['username', { username: ' ' }, 'Please fill in all fields'],
    ['email', { email: '' }, 'Please fill in all fields'],
    ['password', { password: '' }, 'Please fill in all fields'],
    ['role', { role_id: '' }, 'Please fill in all fields'],
    ['gender', { gender: '' }, 'Please fill in all fields'],
    ['a bad email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['a short password', { password: 'short' }, 'The password must be at least 8 characters.'],
    [
      'an odd username',
      { username: 'has space' },
      'A username may use letters, numbers, dots, dashes and underscores only.',
    ],
    ['an unknown role', { role_id: '3' }, 'Please fill in all fields'],
  ])('refuses %s', async (_label, override, message) => {
    const res = await add({
      ...valid,
      username: `u${Math.random().toString(36).slice(2, 8)}`,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('is for admins only', async () => {
    const student = await t.student();
    expect((await add({ ...valid, username: 'by.student' }, student.token)).statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'POST', url: '/api/add-user.php', payload: valid })).statusCode,
    ).toBe(401);
  });
});
