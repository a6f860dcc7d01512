import { describe, expect, it } from 'vitest';
import { attendanceOf } from './attendance.js';

describe('attendanceOf', () => {
  it('counts the spec’s statuses in any case and spacing, and the free-text rest as other', () => {
    const sessions = [
      'Held',
      'held ',
      'Missed',
      'Next Session',
      'next  session',
      'Cancelled',
      '',
    ].map((status) => ({ status }));
    expect(attendanceOf(sessions)).toEqual({ total: 7, held: 2, missed: 1, next: 2, other: 2 });
  });

  it('is all zeros with no sessions', () => {
    expect(attendanceOf([])).toEqual({ total: 0, held: 0, missed: 0, next: 0, other: 0 });
  });
});
