import type { ServerResponse } from 'node:http';
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
