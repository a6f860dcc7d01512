import { USER_LIST_MAX_LIMIT, USERS_PAGE_SIZE } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallPayload, createTestApp, type TestApp } from '../../test-support/harness.js';
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
    const res = await t.call('getUsers', admin.token, {});
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

  it.each<CallPayload<'getUsers'>>([{}, { page: 1 }, { q: 'sara' }])(
    'refuses students (403) and anonymous callers (401): %o',
    async (query) => {
      const student = await t.student();
      expect((await t.call('getUsers', student.token, query)).statusCode).toBe(403);
      const anonymous = await t.call('getUsers', undefined, query);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().success).toBe(false);
    },
  );
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
    const res = await t.call('userList', admin.token, {});
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

  it.each<CallPayload<'userList'>>([{}, { q: 'amy', limit: 5 }])(
    'refuses students (403) and anonymous callers (401): %o',
    async (query) => {
      const student = await t.student();
      expect((await t.call('userList', student.token, query)).statusCode).toBe(403);
      expect((await t.call('userList', undefined, query)).statusCode).toBe(401);
    },
  );
});

describe('the user lists at scale (paged and searched)', () => {
  let big: TestApp;
  let token: string;
  /** Student n is named 'Pupil nn' with username pupilnn and e-mail pupilnn@school.example. */
  const STUDENTS = USERS_PAGE_SIZE + 70;
  const OTHERS = 8;
  const ACTIVE_STUDENTS = STUDENTS + 6;
  const getUsers = (query: CallPayload<'getUsers'>) => big.call('getUsers', token, query);
  const pupil = (n: number) => `Pupil ${String(n).padStart(3, '0')}`;

  beforeAll(async () => {
    big = await createTestApp();
    token = (await big.admin({ name: 'Head Teacher', username: 'head' })).token;
    // Straight into the table: a password hash per row would make this file slow.
    await big.database.db
      .insertInto('users')
      .values(
        [
          ...Array.from({ length: STUDENTS }, (_, i) => {
            const n = i + 1;
            const username = `pupil${String(n).padStart(3, '0')}`;
            return {
              name: pupil(n),
              username,
              email: `${username}@school.example`,
            };
          }),
          // For the escaping checks: %, _ and a backslash are characters here, not wildcards. Names
          // that sort after the pupils' in any collation.
          { name: 'Quinn 100% Sure', username: 'percent', email: 'p@odd.example' },
          { name: 'Quinn 100 Sure', username: 'nopercent', email: 'np@odd.example' },
          { name: 'Rae Under', username: 'rae_b', email: 'rae_b@odd.example' },
          { name: 'Rae Other', username: 'raexb', email: 'raexb@odd.example' },
          { name: 'Sam Back Slash', username: 'backslash', email: 'b\\s@odd.example' },
          { name: 'Sam Abs', username: 'samabs', email: 'sam@odd.example' },
          { name: 'Pupil Gone', username: 'gone', email: 'gone@odd.example' },
          { name: 'Pupil Admin', username: 'padmin', email: 'pa@odd.example' },
        ].map((u) => ({
          ...u,
          password_hash: 'not-a-hash',
          gender: 'male' as const,
          role_id: u.username === 'padmin' ? ROLE_ID.admin : ROLE_ID.user,
          is_active: u.username === 'gone' ? 0 : 1,
          created_at: 1,
          updated_at: 1,
          last_seen_at: null,
        })),
      )
      .execute();
  });
  afterAll(() => big.close());

  describe('GET /api/get-users.php', () => {
    it("without page or q answers every user by id, in the spec's shape", async () => {
      const res = await getUsers({});
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['message', 'success', 'users']);
      expect(body.users).toHaveLength(1 + STUDENTS + OTHERS);
      const ids = body.users.map((u: { id: number }) => u.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('pages newest first, USERS_PAGE_SIZE a page, saying whether more follow', async () => {
      const total = 1 + STUDENTS + OTHERS;
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const body = (await getUsers({ page })).json();
        expect(body).toMatchObject({ success: true, page });
        const lastPage = Math.ceil(total / USERS_PAGE_SIZE);
        expect(body.has_more).toBe(page < lastPage);
        expect(body.users).toHaveLength(
          page < lastPage ? USERS_PAGE_SIZE : total % USERS_PAGE_SIZE,
        );
        seen.push(...body.users.map((u: { id: number }) => u.id));
        if (!body.has_more) break;
      }
      expect(seen).toHaveLength(total);
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
      const past = (await getUsers({ page: 99 })).json();
      expect(past).toEqual({
        success: true,
        users: [],
        message: 'No users found.',
        page: 99,
        has_more: false,
      });
    });

    it('finds part of a name, username or e-mail in any case (q alone is page 1)', async () => {
      const names = async (q: string) => {
        const body = (await getUsers({ q })).json();
        expect(body.page).toBe(1);
        return body.users.map((u: { name: string }) => u.name);
      };
      expect(await names('PUPIL 007')).toEqual(['Pupil 007']);
      expect(await names('Pupil011')).toEqual(['Pupil 011']);
      expect(await names('pupil012@SCHOOL')).toEqual(['Pupil 012']);
      expect(await names('head')).toEqual(['Head Teacher']);
      // Admins and deactivated accounts are users too.
      expect(await names('odd.example')).toEqual(
        expect.arrayContaining(['Pupil Admin', 'Pupil Gone', 'Quinn 100% Sure']),
      );
      expect(await names('nobody like this')).toEqual([]);
      const searched = (await getUsers({ q: 'pupil', page: 2 })).json();
      expect(searched.users).toHaveLength(USERS_PAGE_SIZE);
      expect(searched.has_more).toBe(true);
    });

    it('takes %, _ and \\ in a search literally', async () => {
      const names = async (q: string) =>
        (await getUsers({ q })).json().users.map((u: { name: string }) => u.name);
      expect(await names('100%')).toEqual(['Quinn 100% Sure']);
      expect(await names('%')).toEqual(['Quinn 100% Sure']);
      expect(await names('e_b')).toEqual(['Rae Under']);
      expect(await names('b\\s')).toEqual(['Sam Back Slash']);
    });

    it.each([
      [{ page: 0 }, 'page'],
      [{ page: -1 }, 'page'],
      [{ page: 'abc' }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ])('refuses %o with a 400 naming the field', async (query, field) => {
      const res = await big.call('getUsers', token, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(field) });
    });
  });

  describe('GET /api/user_list.php', () => {
    type Item = { id: number; name: string; email: string };
    const list = async (query: CallPayload<'userList'> = {}) => {
      const res = await big.call('userList', token, query);
      expect(res.statusCode).toBe(200);
      return res.json() as Item[];
    };

    it('without parameters answers every active student by name, however many', async () => {
      const all = await list();
      expect(all).toHaveLength(ACTIVE_STUDENTS);
      expect(all.map((s) => s.name)).not.toContain('Pupil Gone');
      expect(all.map((s) => s.name)).not.toContain('Pupil Admin');
      expect(all.slice(0, 2).map((s) => s.name)).toEqual(['Pupil 001', 'Pupil 002']);
    });

    it('limit gives the first students by name', async () => {
      const first = await list({ limit: 3 });
      expect(first.map((s) => s.name)).toEqual(['Pupil 001', 'Pupil 002', 'Pupil 003']);
      expect(Object.keys(first[0] as Item).sort()).toEqual(['email', 'id', 'name']);
      expect(await list({ limit: USER_LIST_MAX_LIMIT })).toHaveLength(USER_LIST_MAX_LIMIT);
    });

    it('q finds active students by part of the name or e-mail, any case, by name', async () => {
      expect((await list({ q: 'PUPIL 00' })).map((s) => s.name)).toEqual(
        Array.from({ length: 9 }, (_, i) => pupil(i + 1)),
      );
      expect((await list({ q: 'Pupil020@School' })).map((s) => s.name)).toEqual(['Pupil 020']);
      // Never a deactivated student or an admin.
      const odd = (await list({ q: 'odd.example' })).map((s) => s.name);
      expect([...odd].sort()).toEqual([
        'Quinn 100 Sure',
        'Quinn 100% Sure',
        'Rae Other',
        'Rae Under',
        'Sam Abs',
        'Sam Back Slash',
      ]);
      expect(await list({ q: 'nobody like this' })).toEqual([]);
    });

    it('q answers at most limit, and at most USER_LIST_MAX_LIMIT without one', async () => {
      const five = await list({ q: 'pupil', limit: 5 });
      expect(five.map((s) => s.name)).toEqual([1, 2, 3, 4, 5].map(pupil));
      expect(await list({ q: 'pupil' })).toHaveLength(USER_LIST_MAX_LIMIT);
    });

    it('takes %, _ and \\ in a search literally', async () => {
      const names = async (q: string) => (await list({ q })).map((s) => s.name);
      expect(await names('100%')).toEqual(['Quinn 100% Sure']);
      expect(await names('e_b')).toEqual(['Rae Under']);
      expect(await names('b\\s')).toEqual(['Sam Back Slash']);
    });

    it.each([
      [{ limit: 0 }, 'limit'],
      [{ limit: USER_LIST_MAX_LIMIT + 1 }, 'limit'],
      [{ limit: 'abc' }, 'limit'],
      [{ limit: 2.5 }, 'limit'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ])('refuses %o with a 400 naming the field', async (query, field) => {
      const res = await big.call('userList', token, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(field) });
    });
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
