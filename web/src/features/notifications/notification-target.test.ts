import { NOTIFICATION_TOPICS } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-link';

/** Staff read their own notifications (issue 49, point 3): their links lead to staff screens. */
describe("where a staff member's notification leads", () => {
  it('opens Absence Warnings for a student reaching the warning or the limit', () => {
    for (const ref_id of [null, 42])
      expect(notificationTarget({ topic: 'attendance', ref_id }, 'staff')).toEqual({
        to: '/attendance-warnings',
        label: 'Open Absence Warnings',
      });
  });

  it("never opens a student's screen, and an administrator's message has no link", () => {
    for (const topic of NOTIFICATION_TOPICS.filter((t) => t !== 'attendance'))
      expect(notificationTarget({ topic, ref_id: 7 }, 'staff'), topic).toBeNull();
    expect(notificationTarget({ topic: null, ref_id: null }, 'staff')).toBeNull();
  });

  it("leaves a student's links as they were", () => {
    expect(notificationTarget({ topic: 'attendance', ref_id: 3 })?.to).toBe('/schedule');
    expect(notificationTarget({ topic: 'attendance', ref_id: 3 }, 'student')?.to).toBe('/schedule');
  });
});
