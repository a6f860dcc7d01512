import { schemas } from '@academy/contract';
import { type CallName, routes } from '@academy/contract/routes';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueToken } from '../auth/tokens.js';
import { bearer, createTestApp, type TestApp } from '../test-support/harness.js';
import { snapshotDb } from '../test-support/snapshot.js';
import { buildWorld, type World } from '../test-support/world.js';
import { accessCases } from './cases.js';
import { send } from './request.js';

/**
 * Hostile input for every call: wrong types, missing and extra fields, lists where text
 * belongs, huge strings, odd unicode, SQL and path fragments, as an admin (past the guard) and
 * as a student. Never a 5xx; a refusal says why and changes nothing.
 */
const RUNS_AS_ADMIN = 12;
const RUNS_AS_STUDENT = 6;

const nasty = fc.constantFrom(
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 ☃ \u202e',
  'x'.repeat(100_000),
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  // Ten digits, past PostgreSQL's integer: must be refused before any query (was a 500).
  '9999999999',
  '2147483648',
  '1e309',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function fieldsOf(name: CallName): string[] {
  const schema = schemas[name as keyof typeof schemas]?.request as z.ZodType & {
    shape?: Record<string, unknown>;
  };
  return schema?.shape ? Object.keys(schema.shape) : [];
}

/** A payload: the call's own fields (some missing) with hostile values, plus stray fields. */
function payloadFor(name: CallName): fc.Arbitrary<Record<string, unknown>> {
  const known = fieldsOf(name);
  const own = fc.record(Object.fromEntries(known.map((f) => [f, anyValue])), { requiredKeys: [] });
  const extra = fc.dictionary(
    fc.constantFrom('extra', 'role', 'is_admin', 'user_id', 'constructor', 'toString'),
    anyValue,
    { maxKeys: 2 },
  );
  return fc.tuple(own, extra).map(([a, b]) => ({ ...b, ...a }));
}

let t: TestApp;
let w: World;
let cases = 0;
const outcomes = { accepted: 0, refused: 0 };
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(async () => {
  console.log(
    `hostile input: ${cases} requests checked (${outcomes.accepted} accepted, ${outcomes.refused} refused with a 4xx)`,
  );
  await t.close();
});

const names = Object.keys(routes) as CallName[];

/** A refused login or password change is remembered on purpose: that is the throttle. */
const COUNTS_FAILURES = new Set<CallName>(['login', 'changePassword']);

/**
 * A fresh session for each request: a hostile payload may well log its caller out or have an
 * admin deactivate someone, and every later request must still get past the guard.
 */
async function freshToken(userId: number): Promise<string> {
  await t.database.db.updateTable('users').set({ is_active: 1 }).execute();
  return issueToken(t.database.db, userId, t.clock.now);
}

describe.each(names)('%s', (name) => {
  it('never answers a hostile payload with a 5xx, and a refusal explains and changes nothing', async () => {
    for (const [userId, runs] of [
      [w.admin.id, RUNS_AS_ADMIN],
      [w.a.id, RUNS_AS_STUDENT],
    ] as const) {
      await fc.assert(
        fc.asyncProperty(payloadFor(name), fc.boolean(), async (payload, withFile) => {
          const token = await freshToken(userId);
          const except = COUNTS_FAILURES.has(name) ? (['login_failures'] as const) : [];
          const before = await snapshotDb(t.database.db, [...except]);
          const files =
            withFile && accessCases[name].files ? accessCases[name].files?.() : undefined;
          const res = await send(t, name, payload, token, files ?? {});
          cases += 1;
          outcomes[res.statusCode < 300 ? 'accepted' : 'refused'] += 1;
          // With a fresh session the guard lets every call through; only login may answer 401.
          if (routes[name].access !== 'public')
            expect(res.statusCode, 'the guard must not be what refuses').not.toBe(401);
          expect(
            res.statusCode,
            `${name} ${JSON.stringify(payload).slice(0, 300)} -> ${res.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = res.json();
            expect(typeof body.message === 'string' && body.message.length > 0, res.body).toBe(
              true,
            );
            expect(await snapshotDb(t.database.db, [...except])).toBe(before);
          }
        }),
        { numRuns: runs },
      );
    }
  });
});

describe('broken bodies', () => {
  const posts = names.filter((n) => routes[n].method === 'POST');

  it.each(posts)('%s refuses broken JSON and broken multipart with a 400', async (name) => {
    const path = routes[name].path;
    const token = await freshToken(w.admin.id);
    const json = await t.inject({
      method: 'POST',
      url: path,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"user_id": 1, "broken',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('The request body is not valid JSON.');
    const parts = await t.inject({
      method: 'POST',
      url: path,
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n1\r\n--xyz\r\nContent-Disposition: form-data; name="files[]"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc',
    });
    expect(parts.statusCode, parts.body).toBeGreaterThanOrEqual(400);
    expect(parts.statusCode, parts.body).toBeLessThan(500);
    cases += 2;
  });
});
