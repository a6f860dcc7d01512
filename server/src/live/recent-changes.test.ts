import { describe, expect, it } from 'vitest';
import { RECAP_HORIZON_MS, RecentChanges } from './recent-changes.js';

const student = { userId: 1, isStaff: false, isTeacher: false };
const otherStudent = { userId: 2, isStaff: false, isTeacher: false };
const teacher = { userId: 3, isStaff: true, isTeacher: true };
const administrator = { userId: 4, isStaff: true, isTeacher: false };

function recent(startAt = 1_000) {
  const clock = { now: startAt };
  return { clock, changes: new RecentChanges(() => clock.now) };
}

describe('what changed lately, for a stream about to open', () => {
  it('knows everything since it started, and nothing before', () => {
    const { changes } = recent(1_000);
    expect(changes.recapFor(student)).toEqual({ at: 1_000, knownSince: 1_000, changedAt: {} });
  });

  it('names each topic changed for the owner, when it last changed', () => {
    const { clock, changes } = recent();
    clock.now = 2_000;
    changes.record('notifications', { users: [1] });
    clock.now = 3_000;
    changes.record('notifications', { users: [1, 2] });
    changes.record('cards', { users: [2] });
    expect(changes.recapFor(student)?.changedAt).toEqual({ notifications: 3_000 });
    expect(changes.recapFor(otherStudent)?.changedAt).toEqual({
      notifications: 3_000,
      cards: 3_000,
    });
  });

  it("tells each group's changes to its own: students, staff, administrators only", () => {
    const { clock, changes } = recent();
    clock.now = 2_000;
    changes.record('schedule', { students: true });
    changes.record('online', { admins: true });
    changes.record('tuition', { administrators: true, users: [1] });
    expect(changes.recapFor(student)?.changedAt).toEqual({ schedule: 2_000, tuition: 2_000 });
    expect(changes.recapFor(otherStudent)?.changedAt).toEqual({ schedule: 2_000 });
    expect(changes.recapFor(teacher)?.changedAt).toEqual({ online: 2_000 });
    expect(changes.recapFor(administrator)?.changedAt).toEqual({ online: 2_000, tuition: 2_000 });
  });

  it('says nothing while it cannot hear the other instances, and knows again from when it does', () => {
    const { clock, changes } = recent();
    changes.deaf();
    expect(changes.recapFor(student)).toBeUndefined();
    clock.now = 5_000;
    changes.hearing();
    changes.record('cards', { users: [1] });
    expect(changes.recapFor(student)).toEqual({
      at: 5_000,
      knownSince: 5_000,
      changedAt: { cards: 5_000 },
    });
  });

  it('forgets users changed before its horizon, and says so', () => {
    const { clock, changes } = recent(0);
    changes.record('cards', { users: [1] });
    clock.now = RECAP_HORIZON_MS + 10;
    changes.record('cards', { users: [2] });
    // User 1's change is past the horizon: gone, and the recap no longer reaches back to it.
    const recap = changes.recapFor(student);
    expect(recap?.knownSince).toBe(10);
    expect(recap?.changedAt).toEqual({});
    expect(changes.recapFor(otherStudent)?.changedAt).toEqual({ cards: RECAP_HORIZON_MS + 10 });
  });
});
