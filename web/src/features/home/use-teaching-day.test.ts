import { describe, expect, it } from 'vitest';
import { rollsToTakeFirst, type TodaySession } from './use-teaching-day';

const session = (id: number, roll: TodaySession['roll'], cancelled = false): TodaySession => ({
  id,
  class_id: 1,
  class_name: `Class ${id}`,
  session_date: '2026-11-27',
  session_day: 'Friday',
  session_time: `${8 + id}:00`,
  cancelled,
  roll,
  students: 3,
});

describe("a teacher's day", () => {
  it('puts the rolls still to take first, each part in the order of the day', () => {
    const day = [
      session(1, 'taken'),
      session(2, 'due'),
      session(3, 'not-yet', true),
      session(4, 'due'),
      session(5, 'taken'),
    ];
    expect(rollsToTakeFirst(day).map((s) => s.id)).toEqual([2, 4, 1, 3, 5]);
  });

  it('never asks for the roll of a cancelled session', () => {
    expect(
      rollsToTakeFirst([session(1, 'taken'), session(2, 'due', true)]).map((s) => s.id),
    ).toEqual([1, 2]);
  });
});
