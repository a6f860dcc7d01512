import type { NotificationTopic } from '@academy/contract';
import { isQuietTime } from '@academy/contract/quiet-hours';
import { useEffect, useRef, useState } from 'react';
import { useUnreadNotifications } from '../../api/waiting-counts';
import { markPushEarned } from '../../pwa/push-memory';
import { useAppConfig } from '../../shared/branding';
import { Button, Popup } from '../../ui';
import { NotificationLink } from './notification-link';
import { chimeForArrivals } from './notification-sound';
import { NotificationText } from './notification-text';
import { useMarkNotificationRead } from './use-notifications';
import { usePushArrivals } from './use-push-arrivals';

interface Shown {
  id: number;
  message: string;
  topic: NotificationTopic | null;
  ref_id: number | null;
}

/**
 * The home screen's 'Message for You': unread notifications one at a time, oldest first,
 * 'Notification X of N'; Next or Close (Escape does what the button shown does) marks the one
 * shown as read. A chime plays when new unread notifications arrive (once for all tabs),
 * except during the academy's quiet hours, when the popup shows without it.
 */
export function NotificationPopup() {
  const unread = useUnreadNotifications();
  const config = useAppConfig().data;
  // Read when notifications arrive, not a reason to run the effect again.
  const quiet = useRef(config);
  quiet.current = config;
  const seen = useRef(new Set<number>());
  // One that could not be marked read is forgotten as seen, so the next poll shows it again.
  const markRead = useMarkNotificationRead((id) => seen.current.delete(id));
  usePushArrivals();
  // A notification read: from now on the home may offer push on this device (push-prompt.tsx).
  const read = (id: number) => {
    markRead.mutate(id);
    markPushEarned();
  };
  const [queue, setQueue] = useState<Shown[]>([]);
  const [index, setIndex] = useState(0);

  // Each poll, even one that answers the same list (the same data object): one that could not
  // be marked read is shown again then.
  const { data, dataUpdatedAt } = unread;
  useEffect(() => {
    if (!dataUpdatedAt) return;
    const arrived = (data?.notifications ?? []).filter((n) => !seen.current.has(n.id));
    if (arrived.length === 0) return;
    for (const n of arrived) seen.current.add(n.id);
    const academy = quiet.current;
    const isQuiet =
      academy !== undefined &&
      isQuietTime(Date.now(), academy.timeZone, academy.quietHours?.from, academy.quietHours?.to);
    if (!isQuiet) void chimeForArrivals(arrived.map((n) => n.id));
    // New ones join the end of what is being shown (oldest first).
    setQueue((current) => [
      ...current,
      ...arrived
        .slice()
        .reverse()
        .map((n) => ({ id: n.id, message: n.message, topic: n.topic, ref_id: n.ref_id })),
    ]);
  }, [data, dataUpdatedAt]);

  const current = queue[index];
  const isLast = index === queue.length - 1;

  const handleNext = () => {
    if (current) read(current.id);
    setIndex((i) => i + 1);
  };
  const handleClose = () => {
    if (current) read(current.id);
    setQueue([]);
    setIndex(0);
  };

  return (
    <Popup
      open={current !== undefined}
      title="Message for You"
      // Escape moves on like the button shown: Next, or Close on the last one.
      onClose={isLast ? handleClose : handleNext}
      // A link in the message would take first focus, and Enter would open it instead of Next.
      initialFocus="action"
      actions={
        isLast ? (
          <Button onClick={handleClose}>Close</Button>
        ) : (
          <Button onClick={handleNext}>Next</Button>
        )
      }
    >
      {current && (
        <>
          <p>
            <NotificationText message={current.message} />
          </p>
          {/* Following it reads this one; the rest wait for the next visit home. */}
          <NotificationLink notification={current} onFollow={() => read(current.id)} />
          <p aria-live="polite">{`Notification ${index + 1} of ${queue.length}`}</p>
        </>
      )}
    </Popup>
  );
}
