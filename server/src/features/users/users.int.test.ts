import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test-support/harness.js';
import { ensureFirstAdmin } from './users-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/get-users.php', () => {
  it('lists every user with role_id as the spec reads it, and no password material', async () => {
    const admin = await t.admin({ name: 'Head' });
    const student = await t.student({ name: 'Sara', gender: 'female' });
    const res = await t.inject({
      method: 'GET',
      url: '/api/get-users.php',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.users).toEqual(
      expect.arrayContaining([
        {
          id: admin.id,
          name: 'Head',
          username: admin.username,
          email: `${admin.username}@example.com`,
          role_id: '1',
          gender: 'male',
          is_active: 1,
        },
        {
          id: student.id,
          name: 'Sara',
          username: student.username,
          email: `${student.username}@example.com`,
          role_id: '2',
          gender: 'female',
          is_active: 1,
        },
      ]),
    );
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('refuses students (403) and anonymous callers (401)', async () => {
    const student = await t.student();
    expect(
      (await t.inject({ method: 'GET', url: '/api/get-users.php', headers: bearer(student.token) }))
        .statusCode,
    ).toBe(403);
    const anonymous = await t.inject({ method: 'GET', url: '/api/get-users.php' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().success).toBe(false);
  });
});

describe('GET /api/user_list.php', () => {
  it('lists active students only, by name, as {id, name, email}', async () => {
    const admin = await t.admin();
    const zed = await t.student({ name: 'Zed' });
    const amy = await t.student({ name: 'Amy' });
    const gone = await t.student({ name: 'Gone' });
    await t.database.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('id', '=', gone.id)
      .execute();
    const res = await t.inject({
      method: 'GET',
      url: '/api/user_list.php',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; name: string; email: string }[];
    const names = list.map((u) => u.name);
    expect(names).toContain('Amy');
    expect(names).toContain('Zed');
    expect(names).not.toContain('Gone');
    expect(names.indexOf('Amy')).toBeLessThan(names.indexOf('Zed'));
    expect(list.find((u) => u.id === amy.id)).toEqual({
      id: amy.id,
      name: 'Amy',
      email: `${amy.username}@example.com`,
    });
    expect(list.some((u) => u.id === admin.id)).toBe(false);
    expect(zed.id).toBeGreaterThan(0);
  });

  it('refuses students', async () => {
    const student = await t.student();
    expect(
      (await t.inject({ method: 'GET', url: '/api/user_list.php', headers: bearer(student.token) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('ensureFirstAdmin', () => {
  it('creates one admin when several instances start together on an empty database', async () => {
    const fresh = await createTestApp();
    try {
      const start = () =>
        ensureFirstAdmin(fresh.database.db, { username: 'admin', password: 'first-admin', now: 1 });
      const outcomes = await Promise.all([start(), start(), start()]);
      expect(outcomes.filter((o) => o.created)).toHaveLength(1);
      const users = await fresh.database.db.selectFrom('users').select('username').execute();
      expect(users).toEqual([{ username: 'admin' }]);
    } finally {
      await fresh.close();
    }
  });
});
