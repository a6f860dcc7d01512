import { schemas } from '@academy/contract';
import { type Access, type CallName, type RouteMeta, routes } from '@academy/contract/routes';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/harness.js';
import { changesBetween, snapshotData } from '../test-support/snapshot.js';
import { buildWorld, type World } from '../test-support/world.js';
import { accessCases } from './cases.js';

/**
 * The access matrix: every call of the route table × {anonymous, student A on their own
 * things, student B on A's things, student B naming things nobody has, student B as
 * themself, an admin}. Refusals are 401/403 (or 404 where a student names another's record)
 * and change nothing in the database. B naming A and B naming nobody (an id, name or record
 * that does not exist) get the same status and body, so B cannot learn what exists. Student
 * B as themself (their own user_id) is refused A's records by id, exactly as a record nobody
 * has, and otherwise sees only their own things: no answer to B carries anything of A's.
 */
const names = Object.keys(routes) as CallName[];

/** An id no row has (still a valid id), and a name and username no one has. */
const NO_ONE = 2_000_000_000;

/** The world with A and A's records swapped for ones that do not exist. */
function nobody(w: World): World {
  const ids = Object.fromEntries(Object.keys(w.ids).map((k) => [k, NO_ONE])) as World['ids'];
  return {
    ...w,
    a: { ...w.a, id: NO_ONE, name: 'Nobody Known', username: 'nobody.known' },
    ids,
  };
}
let cells = 0;

afterAll(() => {
  console.log(`access matrix: ${cells} cells checked over ${names.length} calls`);
});

describe.each(names)('%s', (name) => {
  const access: Access = routes[name].access;
  const spec = accessCases[name];

  it('answers each caller as its access says, and refusals change nothing', async () => {
    const t = await createTestApp();
    try {
      const w = await buildWorld(t);
      const payload = spec.payload(w);
      const call = (token: string | undefined) =>
        t.call(name, token, { ...payload, ...spec.files?.() });

      const expectRefusal = async (token: string | undefined, statuses: number[]) => {
        const before = await snapshotData(t);
        const res = await call(token);
        expect(statuses, `${name}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        // Whatever the call, a refusal never says it succeeded.
        const body: { success?: unknown; status?: unknown } = JSON.parse(res.body);
        expect(body.success ?? body.status).not.toBe(true);
        expect(
          changesBetween(before, await snapshotData(t)),
          `${name} changed data while refusing`,
        ).toEqual([]);
        cells += 1;
      };
      const expectAllowed = async (token: string | undefined, who: string) => {
        const res = await call(token);
        expect(res.statusCode, `${name} as ${who}: ${res.body}`).toBeLessThan(500);
        expect([401, 403], `${name} as ${who}: ${res.body}`).not.toContain(res.statusCode);
        // What the server wrote is exactly what the contract promises: a stream begins with
        // its ready event, anything else is JSON of the call's response schema.
        if (res.statusCode < 300 && (routes[name] as RouteMeta).stream)
          expect(res.body).toBe('event: ready');
        else if (res.statusCode < 300) {
          const parsed = schemas[name as keyof typeof schemas].response.safeParse(res.json());
          expect(parsed.success, `${name} answered off-contract: ${res.body.slice(0, 400)}`).toBe(
            true,
          );
        }
        cells += 1;
        return res;
      };

      // Anonymous.
      if (access === 'public') await expectAllowed(undefined, 'anonymous');
      else await expectRefusal(undefined, [401]);

      // Student B, naming A's things; and naming things nobody has, which must be answered
      // alike, or B could learn which names, ids and records exist.
      if (access === 'admin') await expectRefusal(w.b.token, [403]);
      else if (access === 'user' && !spec.selfOnly) await expectRefusal(w.b.token, [403, 404]);
      else await expectAllowed(w.b.token, 'student B');
      if (access !== 'public' && !spec.selfOnly) {
        const namingA = await call(w.b.token);
        const before = await snapshotData(t);
        const namingNobody = await t.call(name, w.b.token, {
          ...spec.payload(nobody(w)),
          ...spec.files?.(),
        });
        expect(
          changesBetween(before, await snapshotData(t)),
          `${name} changed data naming nobody`,
        ).toEqual([]);
        expect(
          { status: namingNobody.statusCode, body: namingNobody.json() },
          `${name}: B naming nobody is answered unlike B naming A`,
        ).toEqual({ status: namingA.statusCode, body: namingA.json() });
        cells += 1;
      }

      // Student B as themself: their own user_id, with A's record ids where the call takes one.
      if (access === 'user' && !spec.selfOnly && 'user_id' in payload) {
        const own = {
          ...payload,
          user_id: typeof payload.user_id === 'string' ? String(w.b.id) : w.b.id,
        };
        const asB = () => t.call(name, w.b.token, { ...own, ...spec.files?.() });
        if (spec.othersRecord) {
          const before = await snapshotData(t);
          const res = await asB();
          expect([403, 404], `${name} as B on A's record: ${res.body}`).toContain(res.statusCode);
          expect(
            changesBetween(before, await snapshotData(t)),
            `${name} changed A's record for B`,
          ).toEqual([]);
          // A record nobody has is answered the same as A's.
          const ghost = spec.payload(nobody(w));
          const none = await t.call(name, w.b.token, {
            ...ghost,
            user_id: own.user_id,
            ...spec.files?.(),
          });
          expect(
            { status: none.statusCode, body: none.json() },
            `${name}: B naming no record is answered unlike B naming A's`,
          ).toEqual({ status: res.statusCode, body: res.json() });
        } else {
          const res = await asB();
          expect(res.statusCode, `${name} as B for themself: ${res.body}`).toBeLessThan(500);
          for (const marker of w.markersOfA)
            expect(res.body, `${name} showed B something of A's`).not.toContain(marker);
        }
        cells += 1;
      }

      // Student A, on their own things.
      if (access === 'admin') await expectRefusal(w.a.token, [403]);
      else {
        const res = await expectAllowed(w.a.token, 'student A');
        expect(res.statusCode, `${name} as A: ${res.body}`).toBeLessThan(300);
      }

      // The admin.
      const res = await expectAllowed(w.admin.token, 'admin');
      if (access === 'admin')
        expect(res.statusCode, `${name} as admin: ${res.body}`).toBeLessThan(300);
    } finally {
      await t.close();
    }
  });
});
