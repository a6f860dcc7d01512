import { expect } from 'vitest';

/**
 * A call's answer once the test has expected it to be 200, with its body in the failure: how
 * the tests that set their world up through the calls (tuition's) read each step.
 */
export async function expectOk<T extends { statusCode: number; body: string }>(
  res: T | Promise<T>,
): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r;
}
