import styles from './messages.module.css';
import type { MessageChoicesAnswer } from './use-messages';

/** What can reach the person now, so each choice below says what it will do. */
export function ReachSummary({ reach }: { reach: MessageChoicesAnswer['reach'] }) {
  const devices = reach.push_devices;
  return (
    <ul className={styles.reach} aria-label="What can reach you">
      <li>
        {devices === 0
          ? 'Push: no device of yours has notifications turned on yet. The app offers it on your phone once you have used it a little.'
          : `Push: on for ${devices} ${devices === 1 ? 'device' : 'devices'} of yours.`}
      </li>
      <li>
        {reach.email
          ? `E-mail: to ${reach.email_address}.`
          : 'E-mail: the academy has not set e-mail up yet.'}
      </li>
      <li>
        {reach.sms
          ? 'SMS: to the mobile number below.'
          : 'SMS: the academy has not set SMS up yet.'}
      </li>
    </ul>
  );
}
