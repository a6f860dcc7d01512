import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './index.js';
import { prepared } from './prepared.js';

let handle: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-prepared-'));
  handle = await openDatabase({ DATA_DIR: dir, DATABASE_URL: '' });
  await handle.db
    .insertInto('users')
    .values(
      [1, 2].map((i) => ({
        name: `U${i}`,
        username: `u${i}`,
        email: `u${i}@example.com`,
        password_hash: 'h',
        role_id: 2,
        gender: 'male' as const,
        created_at: 0,
        updated_at: 0,
        last_seen_at: null,
      })),
    )
    .execute();
});
afterAll(async () => {
  await handle.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('prepared', () => {
  it('runs the compiled query with new arguments in their places, keeping the constants', async () => {
    const byName = prepared(
      handle.db,
      (name: string, role: number) =>
        handle.db
          .selectFrom('users')
          .select('username')
          .where('name', '=', name)
          .where('role_id', '=', role)
          .where('is_active', '=', 1),
      ['\u0001name', -9_001],
    );
    expect(await byName('U2', 2)).toEqual([{ username: 'u2' }]);
    expect(await byName('U1', 2)).toEqual([{ username: 'u1' }]);
    expect(await byName('U1', 1)).toEqual([]);
  });
});
