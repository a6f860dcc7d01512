import { describe, expect, it } from 'vitest';
import { onAcademyClock, outboxWhen } from './outbox-times';

/** Issue 49, point 14: the Outbox's times name the academy's zone; a waiting row its tries. */
describe('the Outbox times', () => {
  it("are on the academy's clock, with its zone named", () => {
    expect(onAcademyClock('2026-12-02 06:05:00', 'Europe/Istanbul')).toBe(
      'Dec 2, 2026, 9:05 AM GMT+3',
    );
    expect(onAcademyClock('2026-12-02 06:05:00', 'UTC')).toBe('Dec 2, 2026, 6:05 AM UTC');
  });

  it('say how many tries a waiting message had, and when the next is', () => {
    const row = {
      state: 'queued',
      attempts: 2,
      created_at: '2026-12-02 06:00:00',
      send_after: '2026-12-02 06:05:00',
      sent_at: null,
    };
    expect(outboxWhen(row, 'UTC')).toBe('Tried 2 of 6 times. Next try Dec 2, 2026, 6:05 AM UTC');
    expect(outboxWhen({ ...row, attempts: 0 }, 'UTC')).toBe('Not before Dec 2, 2026, 6:05 AM UTC');
    expect(outboxWhen({ ...row, state: 'sent', sent_at: '2026-12-02 06:06:00' }, 'UTC')).toBe(
      'Sent Dec 2, 2026, 6:06 AM UTC',
    );
  });
});
