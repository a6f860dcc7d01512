import { NOTIFICATION_TOPICS } from '@academy/contract';
import { messagePath } from '@academy/contract/messages';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-link';

/**
 * A push tapped or an e-mail's link opens the path the server wrote (contract messagePath);
 * in the app, a notification's link leads by notificationTarget. They must be the same screen.
 */
describe('what a message opens', () => {
  it('is the screen the notification in the app leads to, for every topic', () => {
    for (const topic of NOTIFICATION_TOPICS)
      for (const refId of [null, 42])
        expect(messagePath(topic, refId), `${topic} ${refId}`).toBe(
          notificationTarget({ topic, ref_id: refId })?.to,
        );
  });

  it("opens the Notification screen for an administrator's message", () => {
    expect(notificationTarget({ topic: null, ref_id: null })).toBeNull();
    expect(messagePath(null, null)).toBe('/notification');
  });
});
