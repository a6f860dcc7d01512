import type { ServerResponse } from 'node:http';
import { LIVE_TOPIC_GAP_MS } from '@academy/contract/live';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveHub } from './hub.js';

/** A stream's response as the hub uses it: what was written to it, and when. */
function response(heard: number[], frames: string[], started: number) {
  const stream = {
    destroyed: false,
    writableEnded: false,
    writableLength: 0,
    write: (frame: string) => {
      heard.push(Date.now() - started);
      frames.push(frame);
    },
    end: () => {
      stream.writableEnded = true;
    },
    on: () => {},
  };
  return stream as unknown as ServerResponse;
}

function hubWith(students: number) {
  const hub = new LiveHub({ now: Date.now, heartbeatMs: 3_600_000 });
  const heard: number[] = [];
  const frames: string[] = [];
  const started = Date.now();
  for (let i = 0; i < students; i++)
    hub.open(
      {
        id: `s${i}`,
        userId: i + 1,
        isStaff: false,
        isTeacher: false,
        tokenHash: `t${i}`,
        expiresAt: started + 3_600_000,
      },
      response(heard, frames, started),
    );
  return { hub, heard, frames };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a change told to many streams', () => {
  it('reaches a few at once', () => {
    vi.useFakeTimers();
    const { hub, heard } = hubWith(100);
    expect(hub.deliver('notifications', { students: true })).toBe(100);
    expect(heard.length).toBe(100);
    hub.closeAll();
  });

  it('tells many at once, naming a spread of 20 ms a stream for their refetches', () => {
    const { hub, heard, frames } = hubWith(1000);
    expect(hub.deliver('notifications', { students: true })).toBe(1000);
    expect(heard.length).toBe(1000);
    expect(new Set(frames)).toEqual(
      new Set(['event: change\ndata: {"topic":"notifications","spreadMs":20000}\n\n']),
    );
    hub.closeAll();
  });

  it('names no spread to a few, and at most 60 s to however many', () => {
    const few = hubWith(100);
    few.hub.deliver('cards', { students: true });
    expect(few.frames[0]).toBe('event: change\ndata: {"topic":"cards"}\n\n');
    few.hub.closeAll();
    const many = hubWith(5000);
    many.hub.deliver('cards', { students: true });
    expect(many.frames[0]).toContain('"spreadMs":60000');
    many.hub.closeAll();
  });
});

describe('the audience of a change', () => {
  type Role = 'student' | 'admin' | 'teacher';
  /** A hub with these streams, and which of them each delivery reached, by name. */
  function hubOf(streams: [name: string, userId: number, role: Role][]) {
    // Each delivery a gap after the last, so every stream named is told at once.
    let clock = 0;
    const hub = new LiveHub({ now: Date.now, clock: () => clock, heartbeatMs: 3_600_000 });
    const told = new Set<string>();
    const close = new Map<string, () => void>();
    for (const [name, userId, role] of streams) {
      const stream = response([], [], 0);
      stream.write = (() => told.add(name)) as unknown as ServerResponse['write'];
      close.set(
        name,
        hub.open(
          {
            id: name,
            userId,
            isStaff: role !== 'student',
            isTeacher: role === 'teacher',
            tokenHash: name,
            expiresAt: Date.now() + 3_600_000,
          },
          stream,
        ),
      );
    }
    const reached = (audience: Parameters<LiveHub['deliver']>[1]) => {
      told.clear();
      clock += LIVE_TOPIC_GAP_MS;
      hub.deliver('users', audience);
      return [...told].sort();
    };
    return { hub, reached, close: (name: string) => close.get(name)?.() };
  }

  it('is each stream it names, once, whatever the mix of roles, and never a closed one', () => {
    const { hub, reached, close } = hubOf([
      ['admin-a', 1, 'admin'],
      ['admin-a-phone', 1, 'admin'],
      ['admin-b', 2, 'admin'],
      ['teacher', 3, 'teacher'],
      ['student-x', 10, 'student'],
      ['student-x-phone', 10, 'student'],
      ['student-y', 11, 'student'],
    ]);
    const staff = ['admin-a', 'admin-a-phone', 'admin-b', 'teacher'];
    const students = ['student-x', 'student-x-phone', 'student-y'];
    expect(reached({ admins: true })).toEqual(staff);
    expect(reached({ administrators: true })).toEqual(['admin-a', 'admin-a-phone', 'admin-b']);
    expect(reached({ students: true })).toEqual(students);
    expect(reached({ admins: true, students: true })).toEqual([...staff, ...students].sort());
    expect(reached({ users: [10], admins: true })).toEqual(
      [...staff, 'student-x', 'student-x-phone'].sort(),
    );
    expect(reached({ users: [3, 11], administrators: true })).toEqual(
      ['admin-a', 'admin-a-phone', 'admin-b', 'student-y', 'teacher'].sort(),
    );
    expect(reached({ users: [1] })).toEqual(['admin-a', 'admin-a-phone']);
    close('admin-a-phone');
    close('teacher');
    expect(reached({ admins: true })).toEqual(['admin-a', 'admin-b']);
    expect(reached({ administrators: true, students: true })).toEqual(
      ['admin-a', 'admin-b', ...students].sort(),
    );
    hub.closeAll();
    expect(reached({ admins: true, students: true })).toEqual([]);
  });
});

describe('a burst of changes to one stream', () => {
  function staffStream() {
    vi.useFakeTimers();
    const hub = new LiveHub({ now: Date.now, clock: () => Date.now(), heartbeatMs: 3_600_000 });
    const frames: string[] = [];
    const res = response([], frames, Date.now());
    const close = hub.open(
      {
        id: 'admin',
        userId: 1,
        isStaff: true,
        isTeacher: false,
        tokenHash: 'admin',
        expiresAt: Date.now() + 3_600_000,
      },
      res,
    );
    const topics = () => frames.map((f) => JSON.parse(f.split('data: ')[1] ?? '{}').topic);
    return { hub, topics, close };
  }

  it('tells a topic at once, and the rest of its second as one change at its end', () => {
    const { hub, topics } = staffStream();
    // A class answering cards: fifty answers in 900 ms, each told to the administrators.
    for (let i = 0; i < 50; i++) {
      expect(hub.deliver('cards', { admins: true })).toBe(1);
      vi.advanceTimersByTime(18);
    }
    expect(topics()).toEqual(['cards']);
    // Another topic meanwhile has a gap of its own: told at once.
    hub.deliver('submissions', { admins: true });
    expect(topics()).toEqual(['cards', 'submissions']);
    vi.advanceTimersByTime(LIVE_TOPIC_GAP_MS - 900);
    expect(topics()).toEqual(['cards', 'submissions', 'cards']);
    // Nothing more was held: the gap ends quietly, and a change after it is told at once.
    vi.advanceTimersByTime(LIVE_TOPIC_GAP_MS);
    expect(topics()).toEqual(['cards', 'submissions', 'cards']);
    hub.deliver('cards', { admins: true });
    expect(topics()).toEqual(['cards', 'submissions', 'cards', 'cards']);
    hub.closeAll();
  });

  it('writes nothing held to a stream closed before its gap ends', () => {
    const { hub, topics, close } = staffStream();
    hub.deliver('cards', { admins: true });
    hub.deliver('cards', { admins: true });
    close();
    vi.advanceTimersByTime(LIVE_TOPIC_GAP_MS);
    expect(topics()).toEqual(['cards']);
    hub.closeAll();
  });
});
