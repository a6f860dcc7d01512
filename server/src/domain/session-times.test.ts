import { describe, expect, it } from 'vitest';
import { readSessionTime, wallClock } from './session-times.js';

const read = (text: string) => {
  const times = readSessionTime(text);
  return (
    times && {
      start: wallClock(times.start),
      end: times.end === null ? null : wallClock(times.end),
    }
  );
};

describe('a session time as people type it', () => {
  it('reads a start and an end in 24-hour time, with any dash or word between', () => {
    expect(read('10:00 - 11:00')).toEqual({ start: '10:00', end: '11:00' });
    expect(read('18:00-19:30')).toEqual({ start: '18:00', end: '19:30' });
    expect(read(' 9:15 – 10:45 ')).toEqual({ start: '09:15', end: '10:45' });
    expect(read('10.00 to 11.30')).toEqual({ start: '10:00', end: '11:30' });
    expect(read('08:00 until 09:00')).toEqual({ start: '08:00', end: '09:00' });
  });

  it('reads am and pm, and a start without them takes the end’s unless that puts it after', () => {
    expect(read('6:30 PM - 8 PM')).toEqual({ start: '18:30', end: '20:00' });
    expect(read('6:30 - 8 pm')).toEqual({ start: '18:30', end: '20:00' });
    expect(read('6 - 8 p.m.')).toEqual({ start: '18:00', end: '20:00' });
    expect(read('11:00 - 1 pm')).toEqual({ start: '11:00', end: '13:00' });
    expect(read('12 pm - 1 pm')).toEqual({ start: '12:00', end: '13:00' });
    expect(read('12:30 am')).toEqual({ start: '00:30', end: null });
  });

  it('reads a start alone, which has no end', () => {
    expect(read('18:00')).toEqual({ start: '18:00', end: null });
    expect(read('7pm')).toEqual({ start: '19:00', end: null });
  });

  it('keeps an end at or before the start (past midnight), and drops an end equal to it', () => {
    expect(read('22:00 - 01:00')).toEqual({ start: '22:00', end: '01:00' });
    expect(read('10:00 - 10:00')).toEqual({ start: '10:00', end: null });
  });

  it('reads nothing it is not sure of', () => {
    for (const text of [
      '',
      'A-slot',
      'e.g., 10:00 - 11:00',
      'morning',
      '18',
      '18 - 19',
      '25:00',
      '10:75',
      '13 pm',
      '0 am',
      '10:00 - later',
      '10:00 - 11:00 - 12:00',
    ])
      expect(readSessionTime(text), text).toBeNull();
  });
});
