import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/harness.js';

describe.skipIf(process.env.TEST_DB !== 'postgres')('DATABASE_POOL_SIZE', () => {
  it('caps the connections one instance opens to PostgreSQL', async () => {
    const t = await createTestApp({ env: { DATABASE_POOL_SIZE: '2' } });
    try {
      // Six queries at once, each holding its connection a moment: only two backends serve them.
      const rows = await Promise.all(
        Array.from({ length: 6 }, () =>
          sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(
            t.database.db,
          ),
        ),
      );
      const backends = new Set(rows.map((r) => r.rows[0]?.pid));
      expect(backends.size).toBe(2);
    } finally {
      await t.close();
    }
  });
});
