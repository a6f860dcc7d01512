import { schemas } from '@academy/contract';
import { ANSWERED_FILE_TYPES } from '@academy/contract/constants';
import {
  type Access,
  type CallName,
  isWrite,
  type RouteMeta,
  routes,
} from '@academy/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/harness.js';
import type { KeptAcademy } from '../test-support/kept-academy.js';
import { changesBetween, snapshotData } from '../test-support/snapshot.js';
import { keepWorld, type World } from '../test-support/world.js';
import { accessCases } from './cases.js';

/**
 * The access matrix: every call of the route table × {anonymous, student A on their own
 * things, student B on A's things, student B naming things nobody has, student B as
 * themself, an admin}. Refusals are 401/403 (or 404 where a student names another's record)
 * and change nothing in the database. B naming A and B naming nobody (an id, name or record
 * that does not exist) get the same status and body, so B cannot learn what exists. Student
 * B as themself (their own user_id) is refused A's records by id, exactly as a record nobody
 * has, and otherwise sees only their own things: no answer to B carries anything of A's.
 *
 * Teachers (issue 29): A's teacher, B's teacher naming A's things, a teacher taken off A's
 * class (naming A's teacher's things, and again naming what they sent the class before they
 * were taken off it, issue 48), and a deactivated one. A staff call is A's teacher's to make; the others naming A's
 * things are refused (403, answered as naming nothing), and a staff list answers them nothing
 * of A's. Admin calls refuse every teacher; at a student's call a teacher only reads (A's
 * teacher, as A) or makes a teacher's card; a deactivated teacher has no session (401).
 */
const names = Object.keys(routes) as CallName[];

/** An id no row has (still a valid id), and a name and username no one has. */
const NO_ONE = 2_000_000_000;

/** The world with A and A's records swapped for ones that do not exist. */
function nobody(w: World): World {
  const ids = Object.fromEntries(
    Object.keys(w.ids).map((k) => [k, NO_ONE]),
  ) as unknown as World['ids'];
  return {
    ...w,
    a: { ...w.a, id: NO_ONE, name: 'Nobody Known', username: 'nobody.known' },
    ids,
  };
}
/** The world with A and B, their teachers and their markers traded (a case `ofB`). */
const traded = (w: World): World => ({
  ...w,
  a: w.b,
  b: w.a,
  teacher: w.otherTeacher,
  otherTeacher: w.teacher,
  markersOfA: w.markersOfB,
  markersOfB: w.markersOfA,
});
let cells = 0;
/**
 * Each case starts a server on a fresh copy of the world (a fresh academy, since an admitted
 * call may change it), then makes a dozen calls with a snapshot around each refusal: 3–9 s on
 * PostgreSQL on a quiet two-core machine when each case built its world, and more than the
 * default 20 s when the machine is busy (a CI run beside other work timed out 12 cases at
 * 20 s). The limit is for a hang, not a speed: speed is bench's.
 */
const WORLD_TEST_TIMEOUT_MS = 60_000;

/** The world, built once through the calls and kept: each case runs on a copy of it. */
let kept: KeptAcademy;
let world: World;
beforeAll(async () => {
  ({ kept, world } = await keepWorld());
}, WORLD_TEST_TIMEOUT_MS);

afterAll(async () => {
  await kept?.dispose();
  console.log(`access matrix: ${cells} cells checked over ${names.length} calls`);
});

describe.each(names)('%s', (name) => {
  const access: Access = routes[name].access;
  // Students meet staff calls as they meet admin calls: refused.
  const forStaff = access === 'admin' || access === 'staff';
  const spec = accessCases[name];

  it(
    'answers each caller as its access says, and refusals change nothing',
    async () => {
      const t = await createTestApp({ from: kept });
      try {
        const built: World = { ...world, t };
        const w: World = spec.ofB ? traded(built) : built;
        const payload = spec.payload(w);
        /** The call as `token`, naming the things of `world` (A's, unless another is given). */
        const call = (token: string | undefined, world: World = w) =>
          t.call(name, token, { ...spec.payload(world), ...spec.files?.() });

        const expectRefusal = async (
          token: string | undefined,
          statuses: number[],
          world: World = w,
        ) => {
          const before = await snapshotData(t);
          const res = await call(token, world);
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
          // its ready event, a file is of its kind (a PDF, a spreadsheet: a zip), anything else is
          // JSON of the call's response schema.
          if (res.statusCode < 300 && (routes[name] as RouteMeta).stream)
            expect(res.body).toBe('event: ready');
          else if (res.statusCode < 300 && (routes[name] as RouteMeta).file) {
            const kind = (routes[name] as RouteMeta).file ?? 'pdf';
            expect(res.headers['content-type']).toBe(ANSWERED_FILE_TYPES[kind]);
            expect(res.rawPayload?.subarray(0, 4).toString('latin1')).toBe(
              kind === 'pdf' ? '%PDF' : 'PK\u0003\u0004',
            );
          } else if (res.statusCode < 300) {
            const parsed = schemas[name as keyof typeof schemas].response.safeParse(res.json());
            expect(parsed.success, `${name} answered off-contract: ${res.body.slice(0, 400)}`).toBe(
              true,
            );
          }
          cells += 1;
          return res;
        };

        // Anonymous.
        if (access === 'public') {
          const res = await expectAllowed(undefined, 'anonymous');
          if (spec.usedOnce)
            expect(res.statusCode, `${name} as anonymous: ${res.body}`).toBeLessThan(300);
        } else await expectRefusal(undefined, [401]);

        // Student B, naming A's things; and naming things nobody has, which must be answered
        // alike, or B could learn which names, ids and records exist.
        if (forStaff) await expectRefusal(w.b.token, [403]);
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
        if (forStaff) await expectRefusal(w.a.token, [403]);
        else {
          const res = await expectAllowed(w.a.token, 'student A');
          // A call that uses up what it names was used by the first caller already.
          if (!spec.usedOnce) expect(res.statusCode, `${name} as A: ${res.body}`).toBeLessThan(300);
        }

        // Teachers.
        if (access !== 'public') {
          const meta: RouteMeta = routes[name];
          // The former teacher again, naming what they sent A's class before they were taken
          // off it (issue 48, point 3): "I sent it" is no reach once the class is not theirs.
          const sentBefore: World = {
            ...w,
            ids: { ...w.ids, sending: w.ids.formerSending, teachersQuestion: w.ids.formerQuestion },
          };
          const outsiders = [
            [w.otherTeacher, "B's teacher", w],
            [w.formerTeacher, 'a teacher taken off the class', w],
            [w.formerTeacher, 'a teacher removed after sending', sentBefore],
          ] as const;
          await expectRefusal(w.deactivatedTeacher.token, [401]);
          const namesA = Object.keys(meta.reach ?? {}).some((field) => field in payload);
          const noneOf = (body: string, markers: string[], who: string) => {
            for (const marker of markers)
              expect(body, `${name} showed ${who} ${marker}`).not.toContain(marker);
          };
          if (access === 'admin') {
            await expectRefusal(w.teacher.token, [403]);
            for (const [teacher, , world] of outsiders)
              await expectRefusal(teacher.token, [403], world);
          } else if (access === 'staff' && meta.shared) {
            // The academy's shared things (the question bank, issue 51): every teacher reads and
            // uses them; what changes something must be its author's (A's teacher wrote the
            // world's). Others go first: the author's call may use up what it names (a delete).
            for (const [teacher, who, world] of outsiders) {
              if (spec.authorOnly) await expectRefusal(teacher.token, [403], world);
              else {
                const res = await expectAllowed(teacher.token, who);
                expect(res.statusCode, `${name} as ${who}: ${res.body}`).toBeLessThan(300);
                noneOf(res.body, w.markersOfA, who);
              }
            }
            const res = await expectAllowed(w.teacher.token, "A's teacher");
            expect(res.statusCode, `${name} as A's teacher: ${res.body}`).toBeLessThan(300);
          } else if (access === 'staff') {
            const res = await expectAllowed(w.teacher.token, "A's teacher");
            expect(res.statusCode, `${name} as A's teacher: ${res.body}`).toBeLessThan(300);
            noneOf(res.body, w.markersOfB, "A's teacher");
            for (const [teacher, who, world] of outsiders) {
              if (namesA) {
                await expectRefusal(teacher.token, [403], world);
                const before = await snapshotData(t);
                const namingNobody = await t.call(name, teacher.token, {
                  ...spec.payload(nobody(w)),
                  ...spec.files?.(),
                });
                expect(changesBetween(before, await snapshotData(t))).toEqual([]);
                const namingA = await call(teacher.token, world);
                expect(
                  { status: namingNobody.statusCode, body: namingNobody.json() },
                  `${name}: ${who} naming nobody is answered unlike naming A`,
                ).toEqual({ status: namingA.statusCode, body: namingA.json() });
              } else {
                // A list: narrowed to the teacher's classes, so nothing of A's.
                expect(meta.lists, `${name} names nothing of A's and lists nothing`).toBe(true);
                const res = await expectAllowed(teacher.token, who);
                noneOf(res.body, [...w.markersOfA, 'World Class'], who);
              }
            }
          } else if (!spec.selfOnly) {
            for (const [teacher, , world] of outsiders)
              await expectRefusal(teacher.token, [403, 404], world);
            const readsAsA =
              ('user_id' in payload || spec.teacherReads === true) &&
              (!isWrite(meta) || meta.teacherWrites);
            if (readsAsA) {
              const res = await expectAllowed(w.teacher.token, "A's teacher");
              // A write (a card deleted) may find that A used up what it names: admitted is enough.
              if (!isWrite(meta))
                expect(res.statusCode, `${name} as A's teacher: ${res.body}`).toBeLessThan(300);
            } else await expectRefusal(w.teacher.token, [403, 404]);
          }
        }

        // The admin.
        // A staff call's success was shown by A's teacher, who may have used up what it names
        // (a correction deleted): the admin is admitted.
        const res = await expectAllowed(w.admin.token, 'admin');
        if (access === 'admin')
          expect(res.statusCode, `${name} as admin: ${res.body}`).toBeLessThan(300);
      } finally {
        await t.close();
      }
    },
    WORLD_TEST_TIMEOUT_MS,
  );
});
