import type { PushState } from '../../api/push-device';
import { Button, Card, Message } from '../../ui';
import styles from './push.module.css';
import { PushDeviceList } from './push-device-list';
import { deniedWords, HOME_SCREEN_WORDS, pushFailureText, UNSUPPORTED_WORDS } from './push-words';
import { usePush } from './use-push';

const STATE_WORDS: Record<Exclude<PushState, 'home-screen' | 'unsupported' | 'denied'>, string> = {
  checking: 'Checking this device...',
  off: 'Notifications are off on this device.',
  on: 'Notifications are on for this device: reminders, corrections and absence warnings reach you even when the app is closed.',
};

function stateWords(state: PushState): string {
  if (state === 'home-screen') return HOME_SCREEN_WORDS;
  if (state === 'unsupported') return UNSUPPORTED_WORDS;
  if (state === 'denied') return deniedWords();
  return STATE_WORDS[state];
}

/**
 * Notifications on this device (issue 31, point 2), under Change Password for every role: push
 * turned on or off for the device in hand, and the person's other devices with it on.
 */
export function PushDeviceCard() {
  const { state, turnOn, turnOff } = usePush();
  const busy = turnOn.isPending || turnOff.isPending;
  const failed = turnOn.isError ? turnOn.error : turnOff.isError ? turnOff.error : null;

  return (
    <Card title="Notifications on this device" className={styles.card}>
      <p className={styles.text}>{stateWords(state)}</p>
      {failed && <Message tone="error">{pushFailureText(failed, turnOn.isError)}</Message>}
      {state === 'off' && (
        <Button onClick={() => turnOn.mutate()} disabled={busy}>
          {turnOn.isPending ? 'Turning on...' : 'Turn on notifications on this device'}
        </Button>
      )}
      {state === 'on' && (
        <Button variant="secondary" onClick={() => turnOff.mutate()} disabled={busy}>
          {turnOff.isPending ? 'Turning off...' : 'Turn off on this device'}
        </Button>
      )}
      <PushDeviceList changedAt={turnOn.submittedAt + turnOff.submittedAt} />
    </Card>
  );
}
