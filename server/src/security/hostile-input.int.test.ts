import { schemas } from '@academy/contract';
import { type CallName, routes } from '@academy/contract/routes';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hashToken, issueToken } from '../auth/tokens.js';
import { findHiddenCharacter } from '../http/validation.js';
import {
  bearer,
  createTestApp,
  formAs,
  multipartAs,
  type TestApp,
} from '../test-support/harness.js';
import { samples } from '../test-support/samples.js';
import { changesBetween, snapshotData } from '../test-support/snapshot.js';
import { buildWorld, type World } from '../test-support/world.js';
import { accessCases } from './cases.js';

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
  // Hidden characters: a lone half of a surrogate pair, and both inside JSON carried in text
  // (file_links and student_ids are JSON lists in a form field).
  '\ud800',
  'half \udfff an emoji',
  '[{"title":"a\\u0000","url":"https://x.example.com/a"}]',
  '[{"title":"ok","url":"https://x.example.com/\\ud83d"}]',
  '[1, "\\u0000"]',
  '{"x\\u0000": 1}',
  // Issue 48: dates at the calendar's ends (a pattern from 9999-12-31 was a 500), and the
  // forms of this machine's and a cloud's metadata addresses that push, SMS and SMTP refuse.
  '9999-12-31',
  '0000-01-01',
  'https://[::ffff:127.0.0.1]/push',
  'https://0.0.0.0/',
  'https://[::ffff:a9fe:a9fe]/latest',
  'localhost.',
  '2130706433',
);
/** Text that may hold NUL and lone surrogates anywhere among ordinary characters. */
const hiddenText = fc.string({
  unit: fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udc00', '\ud83d') },
  ),
  maxLength: 12,
});
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  hiddenText,
  fc.dictionary(hiddenText, fc.oneof(hiddenText, fc.integer()), { maxKeys: 2 }),
  fc.array(hiddenText, { maxLength: 2 }),
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
const outcomes = { accepted: 0, refused: 0, hidden: 0 };
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(async () => {
  console.log(
    `hostile input: ${cases} requests checked (${outcomes.accepted} accepted, ${outcomes.refused} refused with a 4xx, ${outcomes.hidden} carrying a hidden character)`,
  );
  await t.close();
});

const names = Object.keys(routes) as CallName[];

/**
 * Whether the server must see a hidden character in this payload (NUL, or a lone surrogate)
 * and refuse it. JSON carries every string as it is, at any depth and in keys. The other
 * encodings send each top-level value as text (lists and objects as their JSON, which escapes
 * what it holds), and UTF-8 turns a lone surrogate into U+FFFD on the way, so only NUL in a
 * top-level text arrives as such.
 */
function mustRefuseHidden(name: CallName, payload: Record<string, unknown>): boolean {
  if (routes[name].encoding === 'json') return findHiddenCharacter(payload) !== undefined;
  return Object.entries(payload).some(
    ([key, value]) =>
      key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000')),
  );
}

/**
 * Whether a payload names a key of Object.prototype at any depth, which the JSON and
 * multipart parsers refuse first as prototype poisoning ('The request body is not valid.').
 */
function poisons(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, item]) => key === '__proto__' || key in Object.prototype || poisons(item),
  );
}

/** A refused login, password change or certificate code is remembered on purpose: that is the throttle. */
const COUNTS_FAILURES = new Set<CallName>(['login', 'changePassword', 'verifyCertificate']);

/**
 * A fresh session for each request: a hostile payload may well log its caller out or have an
 * admin deactivate someone, and every later request must still get past the guard.
 */
async function freshToken(userId: number): Promise<string> {
  await t.database.db.updateTable('users').set({ is_active: 1 }).execute();
  return issueToken(t.database.db, userId, t.clock.now);
}

/**
 * A run's session, gone once the run is checked: kept, the sessions of 4,000 runs filled
 * every later snapshot of every table (700 kB of rows read, compared and sorted twice a run,
 * most of this file's time on PostgreSQL).
 */
async function forgetToken(token: string): Promise<void> {
  await t.database.db
    .deleteFrom('auth_tokens')
    .where('token_hash', '=', hashToken(token))
    .execute();
}

/** Whether the payload would have the admin delete itself or student A (ids go as numbers or digits). */
function deletesASender(name: CallName, payload: Record<string, unknown>): boolean {
  const id = payload.user_id;
  if (name !== 'deleteUser' || (typeof id !== 'number' && typeof id !== 'string')) return false;
  return [w.admin.id, w.a.id].includes(Number(id));
}

/**
 * The property test still running, if one timed out: every test of this file shares one app,
 * so the next one waits until it has stopped (at its next run, through its signal) and its
 * last request and snapshot are done.
 */
let stillRunning: Promise<unknown> = Promise.resolve();
beforeEach(() => stillRunning);

describe.each(names)('%s', (name) => {
  it('never answers a hostile payload with a 5xx, and a refusal explains and changes nothing', async ({
    signal,
  }) => {
    const run = hostileRuns(name, signal);
    stillRunning = run.catch(() => undefined);
    await run;
  });
});

async function hostileRuns(name: CallName, signal: AbortSignal): Promise<void> {
  for (const [userId, runs] of [
    [w.admin.id, RUNS_AS_ADMIN],
    [w.a.id, RUNS_AS_STUDENT],
  ] as const) {
    await fc.assert(
      fc.asyncProperty(payloadFor(name), fc.boolean(), async (payload, withFile) => {
        // A test that timed out is not stopped by the runner: its property would go on
        // sending (a fresh token, an accepted upload's file and rows) into the next test's
        // snapshots, which then blamed that test's refusal (CI: 'the refusal left a file
        // behind', 'the refusal wrote something'). It stops at its next run instead.
        signal.throwIfAborted();
        // A small id is a likely value, and an admin may delete whom it names: deleting
        // one of the two senders would fail every later request of this file, not this one.
        fc.pre(!deletesASender(name, payload));
        const token = await freshToken(userId);
        try {
          await hostileRun(name, token, payload, withFile);
        } finally {
          await forgetToken(token);
        }
      }),
      { numRuns: runs },
    );
  }
}

/** One hostile request with a session of its own, checked as the file's header says. */
async function hostileRun(
  name: CallName,
  token: string,
  payload: Record<string, unknown>,
  withFile: boolean,
): Promise<void> {
  const except = COUNTS_FAILURES.has(name) ? (['login_attempts'] as const) : [];
  const before = await snapshotData(t, except);
  const files = withFile && accessCases[name].files ? accessCases[name].files?.() : undefined;
  // Hostile payloads, most of which the schema refuses.
  const res = await t.callUnchecked(name, token, { ...payload, ...files });
  cases += 1;
  outcomes[res.statusCode < 300 ? 'accepted' : 'refused'] += 1;
  // With a fresh session the guard lets every call through; only login may answer 401.
  if (routes[name].access !== 'public')
    expect(res.statusCode, 'the guard must not be what refuses').not.toBe(401);
  expect(
    res.statusCode,
    `${name} ${JSON.stringify(payload).slice(0, 300)} -> ${res.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  if (mustRefuseHidden(name, payload)) {
    // The guard (403) and the upload check (413, 415) may refuse first; else a 400 naming it.
    expect([400, 403, 413, 415], res.body).toContain(res.statusCode);
    // Fastify refuses JSON naming constructor or __proto__ first, with its own 400.
    if (res.statusCode === 400 && !poisons(payload))
      expect(res.json().message).toMatch(/must not contain NUL/);
    outcomes.hidden += 1;
  }
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(typeof body.message === 'string' && body.message.length > 0, res.body).toBe(true);
    expect(
      changesBetween(before, await snapshotData(t, except)),
      `${name} changed data while refusing ${JSON.stringify(payload).slice(0, 300)}`,
    ).toEqual([]);
  }
}

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

describe('hidden characters: NUL and broken ones (a lone half of a surrogate pair)', () => {
  const HIDDEN =
    /^([a-z_[\]0-9.]+|The request) must not contain NUL characters or broken ones \(half of an emoji\)\.$/;

  /** Sends a request and checks it is refused with a 400 naming `field`, and nothing changed. */
  async function expectRefused(
    request: Parameters<TestApp['inject']>[0],
    field: string,
  ): Promise<void> {
    const before = await snapshotData(t);
    const res = await t.inject(request);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(HIDDEN);
    expect(res.json().message.startsWith(`${field} `), res.json().message).toBe(true);
    expect(changesBetween(before, await snapshotData(t)), 'the refusal changed data').toEqual([]);
    cases += 1;
  }
  const sendAssignment = async (fileLinks: string) => {
    const token = await freshToken(w.admin.id);
    return {
      method: 'POST' as const,
      url: '/api/send_assignment.php',
      ...multipartAs(token, {
        user_id: String(w.a.id),
        title: 'T',
        description: 'D',
        file_links: fileLinks,
      }),
    };
  };

  it.each([
    ['NUL', '[{"title":"a\\u0000","url":"https://x.example.com/a"}]', 'file_links[0].title'],
    [
      'a lone surrogate',
      '[{"title":"ok","url":"https://x.example.com/\\ud800"}]',
      'file_links[0].url',
    ],
    [
      'NUL in a second entry',
      '[{"title":"ok","url":"https://x.example.com/a"},{"title":"b\\u0000","url":"https://x.example.com/b"}]',
      'file_links[1].title',
    ],
  ])('send_assignment.php: %s inside the JSON of file_links', async (_what, links, field) => {
    await expectRefused(await sendAssignment(links), field);
  });

  it('a key carrying NUL or a lone surrogate names the object that holds it', async () => {
    const token = await freshToken(w.admin.id);
    await expectRefused(
      {
        method: 'POST',
        url: '/api/save_schedule.php',
        headers: bearer(token),
        payload: {
          user_id: w.a.id,
          schedule: [{ session_number: 7, session_day: 'Friday', status: 'Held', 'x\u0000': 1 }],
        },
      },
      'schedule[0]',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/add_notification.php',
        headers: bearer(token),
        payload: { user_id: w.a.id, message: 'Hi', '\ud800': 'x' },
      },
      'The request',
    );
  });

  it('a JSON body: a lone surrogate in a field, at any depth', async () => {
    const asA = await freshToken(w.a.id);
    await expectRefused(
      {
        method: 'POST',
        url: '/api/add_card.php',
        headers: bearer(asA),
        payload: { user_id: w.a.id, front_text: 'half \ud83d an emoji', back_text: 'b' },
      },
      'front_text',
    );
    const asAdmin = await freshToken(w.admin.id);
    await expectRefused(
      {
        method: 'POST',
        url: '/api/save_schedule.php',
        headers: bearer(asAdmin),
        payload: {
          user_id: w.a.id,
          schedule: [
            { session_number: 7, session_day: 'Friday', status: 'Held' },
            { session_number: 8, session_day: 'Friday', status: 'Held', session_time: '\udc00' },
          ],
        },
      },
      'schedule[1].session_time',
    );
  });

  it('a multipart field, with a file: the 400 names it and the file is not kept', async () => {
    const token = await freshToken(w.a.id);
    await expectRefused(
      {
        method: 'POST',
        url: '/api/upload_assignment.php',
        ...multipartAs(token, {
          user_id: String(w.a.id),
          subject: 'Home\u0000work',
          'files[]': [{ filename: 'w.pdf', content: samples.pdf }],
        }),
      },
      'subject',
    );
  });

  it('a form field and a query parameter', async () => {
    const token = await freshToken(w.admin.id);
    await expectRefused(
      {
        method: 'POST',
        url: '/api/add_notification.php',
        ...formAs(token, { user_id: String(w.a.id), message: 'Hi\u0000' }),
      },
      'message',
    );
    await expectRefused(
      { method: 'GET', url: '/api/get-users.php?q=a%00b', headers: bearer(token) },
      'q',
    );
  });
});
