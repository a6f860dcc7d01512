import { Bell } from 'lucide-react';
import { sayNotNow, usePushOffer } from '../../pwa/push-memory';
import { Button, Card, Message } from '../../ui';
import styles from './push.module.css';
import { HOME_SCREEN_WORDS, pushFailureText } from './push-words';
import { usePush } from './use-push';

/**
 * The offer to turn push on (issue 31, point 2), made after something meaningful and never on
 * a first load: on the student's home once they read a notification or handed in work
 * (push-memory.ts markPushEarned), and on the Notifications screen (`always`), where being is
 * meaningful already. "Not now" is remembered on this device; the Change Password screen's
 * device card turns push on or off whenever the person likes.
 */
export function PushPrompt({ always = false }: { always?: boolean }) {
  const { earned, notNow } = usePushOffer();
  if (notNow || (!always && !earned)) return null;
  return <PushOffer />;
}

/**
 * The offer itself, once it may be made: only then is the device's push state read (the
 * browser's push service through the offline worker), which a first load of the home, where
 * no offer is made yet, need not wait on (bench:lighthouse, issue 50 point 7).
 */
function PushOffer() {
  const { state, turnOn } = usePush();
  const answered = turnOn.isSuccess || turnOn.isError;
  if (state !== 'off' && state !== 'home-screen' && !answered) return null;

  return (
    <Card
      title="Notifications on this phone"
      aria-label="Turn on notifications"
      className={styles.card}
    >
      {state === 'home-screen' ? (
        <p className={styles.text}>{HOME_SCREEN_WORDS}</p>
      ) : (
        <p className={styles.text}>
          Hear about reminders, corrections and absence warnings on this phone, even when the app is
          closed.
        </p>
      )}
      {turnOn.isError && <Message tone="error">{pushFailureText(turnOn.error, true)}</Message>}
      {state === 'on' && <Message tone="success">Notifications are on for this phone.</Message>}
      {state === 'denied' && (
        <Message tone="info">
          Notifications are blocked. You can allow them in the browser's settings, then turn them on
          from Change Password.
        </Message>
      )}
      <div className={styles.actions}>
        {state === 'off' && (
          <Button onClick={() => turnOn.mutate()} disabled={turnOn.isPending}>
            <Bell size={18} aria-hidden />{' '}
            {turnOn.isPending ? 'Turning on...' : 'Turn on notifications on this phone'}
          </Button>
        )}
        {state !== 'on' && (
          <Button variant="secondary" onClick={sayNotNow}>
            Not now
          </Button>
        )}
      </div>
    </Card>
  );
}
