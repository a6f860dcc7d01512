import { describe, expect, it } from 'vitest';
import {
  clockOffset,
  crossedAnnouncement,
  formatRemaining,
  isPastDeadline,
  remainingMs,
  remainingWords,
} from './server-clock';

const at = (iso: string) => Date.parse(iso);

describe('the server clock', () => {
  it('counts from the server’s now, whatever the phone’s clock says', () => {
    // The phone is ten minutes fast.
    const received = at('2026-12-02T10:10:00Z');
    const offset = clockOffset('2026-12-02 10:00:00', received);
    expect(offset).toBe(-10 * 60_000);
    // Thirty seconds later on the phone, the server's deadline at 10:05 is 4 min 30 s away.
    expect(remainingMs('2026-12-02 10:05:00', offset, received + 30_000)).toBe(270_000);
  });

  it('never goes below nothing left', () => {
    expect(remainingMs('2026-12-02 10:05:00', 0, at('2026-12-02T11:00:00Z'))).toBe(0);
  });

  it('submits at the deadline only once it has surely passed on the server', () => {
    const offset = clockOffset('2026-12-02 10:00:00', at('2026-12-02T10:00:00Z'));
    expect(isPastDeadline('2026-12-02 10:05:00', offset, at('2026-12-02T10:05:01Z'))).toBe(false);
    expect(isPastDeadline('2026-12-02 10:05:00', offset, at('2026-12-02T10:05:02.5Z'))).toBe(true);
  });

  it('reads an unreadable now as no offset', () => {
    expect(clockOffset('not a time', 5)).toBe(0);
  });
});

describe('what a screen reader hears', () => {
  it('says five minutes and one minute once each as they are crossed', () => {
    expect(crossedAnnouncement(300_500, 299_500)).toBe('5 minutes left.');
    expect(crossedAnnouncement(299_500, 298_500)).toBeNull();
    expect(crossedAnnouncement(60_400, 59_400)).toBe('1 minute left.');
    expect(crossedAnnouncement(400, 0)).toBe('Time is up.');
    expect(crossedAnnouncement(0, 0)).toBeNull();
  });

  it('says long times in words', () => {
    expect(remainingWords(125 * 60_000)).toBe('2 hours 5 minutes');
    expect(remainingWords(3 * 86_400_000 + 4 * 3_600_000)).toBe('3 days 4 hours');
    expect(remainingWords(59_001)).toBe('1 minute');
  });
});

describe('the timer’s face', () => {
  it('shows minutes and seconds, then hours, then days', () => {
    expect(formatRemaining(245_000)).toBe('4:05');
    expect(formatRemaining(3_845_000)).toBe('1:04:05');
    expect(formatRemaining(2 * 86_400_000 + 11_045_000)).toBe('2 days 3:04:05');
    expect(formatRemaining(0)).toBe('0:00');
  });
});
