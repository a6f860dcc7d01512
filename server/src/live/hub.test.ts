import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveHub } from './hub.js';

/** A stream's response as the hub uses it: what was written to it, and when. */
function response(heard: number[], started: number) {
  const stream = {
    destroyed: false,
    writableEnded: false,
    writableLength: 0,
    write: () => heard.push(Date.now() - started),
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
      response(heard, started),
    );
  return { hub, heard };
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

  it('reaches many over a spread of 20 ms a stream, so their refetches do not all come at once', () => {
    vi.useFakeTimers();
    const { hub, heard } = hubWith(1000);
    expect(hub.deliver('notifications', { students: true })).toBe(1000);
    expect(heard.length).toBe(5);
    vi.advanceTimersByTime(10_000);
    expect(heard.length).toBeGreaterThan(480);
    expect(heard.length).toBeLessThan(540);
    vi.advanceTimersByTime(10_000);
    expect(heard.length).toBe(1000);
    expect(Math.max(...heard)).toBeLessThan(20_000);
    hub.closeAll();
  });

  it('never takes longer than 60 s, however many', () => {
    vi.useFakeTimers();
    const { hub, heard } = hubWith(5000);
    hub.deliver('cards', { students: true });
    vi.advanceTimersByTime(30_000);
    expect(heard.length).toBeLessThan(3000);
    vi.advanceTimersByTime(29_999);
    expect(heard.length).toBe(5000);
    hub.closeAll();
  });
});
