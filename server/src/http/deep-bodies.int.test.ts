import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../test-support/harness.js';
import { MAX_BODY_DEPTH } from './json-body.js';

let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  student = await t.student();
});
afterAll(() => t.close());

/** `[[[…]]]` nested `depth` times: the attacker's body. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const postJson = (url: string, payload: string) =>
  t.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

describe('deeply nested JSON bodies', () => {
  it('are refused with a 400 before they are walked, and a plain call sent meanwhile answers', async () => {
    const base = await t.url();
    // 80 kB of nesting, over a real socket: it once held the whole server for about 100 s.
    // Sent first; the plain login after it must be answered (both run on the one event loop).
    const deep = fetch(`${base}/api/login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: nested(40_000),
    });
    const plain = fetch(`${base}/api/login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: student.username, password: student.password }),
    });
    const [deepAnswer, plainAnswer] = await Promise.all([deep, plain]);
    expect(deepAnswer.status).toBe(400);
    expect(await deepAnswer.json()).toEqual({
      success: false,
      message: 'The request body is nested too deeply.',
    });
    expect(plainAnswer.status).toBe(200);
    expect(((await plainAnswer.json()) as { success: boolean }).success).toBe(true);
  });

  it('refuses one level past the bound (objects or arrays, brackets in strings not counted)', async () => {
    const tooDeep = await postJson('/api/login.php', nested(MAX_BODY_DEPTH + 1));
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toBe('The request body is nested too deeply.');
    const objects = `${'{"a":'.repeat(MAX_BODY_DEPTH + 1)}1${'}'.repeat(MAX_BODY_DEPTH + 1)}`;
    expect((await postJson('/api/login.php', objects)).json().message).toBe(
      'The request body is nested too deeply.',
    );
    // At the bound the body is parsed and refused for what it is, not for its depth.
    const atBound = await postJson('/api/login.php', nested(MAX_BODY_DEPTH));
    expect(atBound.statusCode).toBe(400);
    expect(atBound.json().message).not.toBe('The request body is nested too deeply.');
    // Brackets inside text are text: an honest login whose password is all brackets.
    const brackets = await postJson(
      '/api/login.php',
      JSON.stringify({ username: student.username, password: `[[[[\\"${'['.repeat(100)}` }),
    );
    expect(brackets.statusCode).toBe(401);
  });
});
