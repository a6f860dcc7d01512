import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepsTeachingDay } from '../../shared/offline-cache';
import { memoryStorage } from '../../test-support/memory-storage';
import { rollQuery } from '../roll/use-roll';
import { dropOtherRolls, sessionsToKeep } from './use-kept-day';
import { dayAsOf, type TeachingDay, type TodaySession } from './use-teaching-day';

const session = (id: number, cancelled = false, date = '2026-12-02'): TodaySession => ({
  id,
  class_id: 1,
  class_name: `Class ${id}`,
  session_date: date,
  session_day: 'Wednesday',
  session_time: '09:00',
  cancelled,
  roll: cancelled ? 'not-yet' : 'due',
  students: 3,
});

const day = (sessions: TodaySession[]): TeachingDay => ({
  success: true,
  today: '2026-12-02',
  sessions,
  new_submissions: 0,
  waiting_speaking_answers: 0,
});

const signedInAs = (role: string) =>
  localStorage.setItem('user', JSON.stringify({ id: 4, name: 'T', role, token: 'secret' }));

describe("the teacher's day kept on the phone (issue 49, point 1)", () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it("is a teacher's, not an administrator's nor a student's", () => {
    signedInAs('teacher');
    expect(keepsTeachingDay()).toBe(true);
    expect(rollQuery(5).meta).toEqual({ offline: true });
    signedInAs('admin');
    expect(keepsTeachingDay()).toBe(false);
    expect(rollQuery(5).meta).toEqual({ offline: false });
    signedInAs('user');
    expect(keepsTeachingDay()).toBe(false);
    localStorage.clear();
    expect(keepsTeachingDay()).toBe(false);
  });

  it('keeps the rolls of the day’s sessions, not of a cancelled one', () => {
    expect(sessionsToKeep(day([session(1), session(2, true), session(3)]))).toEqual([1, 3]);
    expect(sessionsToKeep(day([]))).toEqual([]);
  });

  it('keeps the rolls of the week ahead and of earlier untaken rolls too', () => {
    const kept: TeachingDay = {
      ...day([session(1)]),
      untaken_rolls: [session(7, false, '2026-12-01')],
      coming_sessions: [session(8, false, '2026-12-03'), session(9, true, '2026-12-04')],
    };
    expect(sessionsToKeep(kept)).toEqual([7, 1, 8]);
  });

  it('reads a day kept from an earlier day as the day it is now, offline', () => {
    const taken = { ...session(1), roll: 'taken' as const };
    const kept: TeachingDay = {
      ...day([taken, session(2)]),
      untaken_rolls: [session(7, false, '2026-12-01')],
      coming_sessions: [
        { ...session(8, false, '2026-12-03'), roll: 'not-yet' },
        { ...session(9, true, '2026-12-03'), roll: 'not-yet' },
        { ...session(10, false, '2026-12-05'), roll: 'not-yet' },
      ],
    };
    // Still today: the answer as it came.
    expect(dayAsOf(kept, '2026-12-02')).toBe(kept);
    const tomorrow = dayAsOf(kept, '2026-12-03');
    expect(tomorrow.today).toBe('2026-12-03');
    expect(tomorrow.sessions.map((s) => [s.id, s.roll])).toEqual([
      [8, 'due'],
      [9, 'not-yet'],
    ]);
    // Yesterday's untaken roll and today's untaken one wait; the taken one does not.
    expect(tomorrow.untaken_rolls?.map((s) => s.id)).toEqual([7, 2]);
    expect(tomorrow.coming_sessions?.map((s) => s.id)).toEqual([10]);
  });

  it("drops the kept rolls of other days' sessions, but not one on screen nor other roll answers", () => {
    signedInAs('teacher');
    const client = new QueryClient();
    // As the store restores them or the home fetches them: with their options' meta.
    for (const id of [1, 2, 3]) {
      client.getQueryCache().build(client, { queryKey: ['roll', id], meta: rollQuery(id).meta });
      client.setQueryData(['roll', id], { id });
    }
    client.setQueryData(['roll', 'class', 9], { grid: true });
    const onScreen = new QueryObserver(client, { queryKey: ['roll', 3], enabled: false });
    const unsubscribe = onScreen.subscribe(() => undefined);

    dropOtherRolls(client, [1]);

    const left = client
      .getQueryCache()
      .findAll({ queryKey: ['roll'] })
      .map((q) => q.queryKey);
    expect(left).toEqual(
      expect.arrayContaining([
        ['roll', 1],
        ['roll', 3],
        ['roll', 'class', 9],
      ]),
    );
    expect(left).not.toContainEqual(['roll', 2]);
    unsubscribe();
  });
});
