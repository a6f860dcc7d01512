import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/harness.js';
import { ActivityRecorder } from './activity-recorder.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lastSeen = async (ids: number[]) => {
  const rows = await t.database.db
    .selectFrom('users')
    .select(['id', 'last_seen_at'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.last_seen_at]));
};

describe('ActivityRecorder', () => {
  it('writes a batch of many students’ pings, each student’s latest', async () => {
    const [first, ...others] = await Promise.all(Array.from({ length: 5 }, () => t.student()));
    const recorder = new ActivityRecorder(t.database.db, 60_000);
    const base = 1_800_000_000_000;
    others.forEach((s, i) => {
      recorder.record(s.id, base + i);
    });
    // A later ping and an earlier one from the same student: the later one counts.
    const firstId = first?.id ?? 0;
    recorder.record(firstId, base + 100);
    recorder.record(firstId, base + 50);
    await recorder.flush();

    const seen = await lastSeen([firstId, ...others.map((s) => s.id)]);
    expect(seen.get(firstId)).toBe(base + 100);
    others.forEach((s, i) => {
      expect(seen.get(s.id)).toBe(base + i);
    });
  });

  it('never moves a last-seen time backwards (another instance may have written a later one)', async () => {
    const student = await t.student();
    const later = 1_800_000_100_000;
    await t.database.db
      .updateTable('users')
      .set({ last_seen_at: later })
      .where('id', '=', student.id)
      .execute();
    const recorder = new ActivityRecorder(t.database.db, 60_000);
    recorder.record(student.id, later - 1_000);
    await recorder.flush();
    expect((await lastSeen([student.id])).get(student.id)).toBe(later);
  });

  it('writes thousands of pings in one flush, past any limit on bound parameters', async () => {
    const student = await t.student();
    const recorder = new ActivityRecorder(t.database.db, 60_000);
    // Ids of no user are harmless: the update joins on users.
    for (let id = 1_000_000; id < 1_040_000; id++) recorder.record(id, 1);
    recorder.record(student.id, 1_800_000_200_000);
    await recorder.flush();
    expect((await lastSeen([student.id])).get(student.id)).toBe(1_800_000_200_000);
  });

  it('an empty flush writes nothing and resolves', async () => {
    const recorder = new ActivityRecorder(t.database.db, 60_000);
    await expect(recorder.flush()).resolves.toBeUndefined();
  });
});
