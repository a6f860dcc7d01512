import { describe, expect, it } from 'vitest';
import { decode } from './cluster.js';

const tokenHash = 'a'.repeat(64);
const stream = '0b6f1f3e-2d4c-4a55-9c1e-8a7d6b5c4e3f';
const notice = (fields: Record<string, unknown>) =>
  JSON.stringify({ from: 'b', change: 'cards', audience: { users: [7] }, ...fields });

describe('decode', () => {
  it("keeps a change's origin, so the writing tab is skipped on every instance and process", () => {
    expect(decode(notice({ origin: { stream, tokenHash } }))?.message).toEqual({
      change: 'cards',
      origin: { stream, tokenHash },
      audience: { users: [7], admins: false, administrators: false, students: false },
    });
  });

  it.each([
    ['not a stream name', { stream: 'tab 1', tokenHash }],
    ['not a token hash', { stream, tokenHash: 'secret' }],
    ['no token hash', { stream }],
    ['not an object', stream],
  ])('drops an origin that is %s, and keeps the change', (_, origin) => {
    const heard = decode(notice({ origin }));
    expect(heard?.message).toEqual({
      change: 'cards',
      audience: { users: [7], admins: false, administrators: false, students: false },
    });
  });
});
