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
    const admin2 = await add({
      ...valid,
      username: 'second.admin',
      email: 'second.admin@example.com',
      role_id: '1',
      gender: 'male',
    });
    expect(admin2.statusCode).toBe(200);
    const login2 = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      ...form({ username: 'second.admin', password: 'a-good-password' }),
    });
    expect(login2.json().role).toBe('admin');
  });

  it('refuses a username that is taken, whatever its case, with a clear 409', async () => {
    await add({ ...valid, username: 'taken.name', email: 'taken.name@example.com' });
    const res = await add({ ...valid, username: 'Taken.Name', email: 'another@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'This username is already taken. Please choose another.',
    });
  });

  it('refuses an e-mail another account has, whatever its case, with a clear 409', async () => {
    expect(
      (await add({ ...valid, username: 'first.owner', email: 'Shared@Example.com' })).statusCode,
    ).toBe(200);
    const res = await add({ ...valid, username: 'second.owner', email: 'shared@example.COM' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'This e-mail is already used by another account.',
    });
  });

  it('lets only one of three adds sent at once with one e-mail win', async () => {
    const answers = await Promise.all(
      ['race.one', 'race.two', 'race.three'].map((username) =>
        add({ ...valid, username, email: 'race@example.com' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const owners = await t.database.db
      .selectFrom('users')
      .select('username')
      .where('email', '=', 'race@example.com')
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('says the username is taken when both the username and the e-mail are', async () => {
    await add({ ...valid, username: 'both.taken', email: 'both@example.com' });
    const res = await add({ ...valid, username: 'Both.Taken', email: 'BOTH@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This username is already taken. Please choose another.');
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
    ['an unknown role', { role_id: '4' }, 'Please fill in all fields'],
  ])('refuses %s', async (_label, override, message) => {
    const fresh = Math.random().toString(36).slice(2, 8);
    const res = await add({
      ...valid,
      username: `u${fresh}`,
      email: `u${fresh}@example.com`,
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
