import {
  EMAIL_TIMINGS,
  type EmailTiming,
  type KindChoice,
  MESSAGE_KIND_WORDS,
  type MessageKind,
} from '@academy/contract/messages';
import { useId } from 'react';
import { Options } from '../../ui';
import styles from './messages.module.css';

const TIMING_WORDS: Record<EmailTiming, string> = {
  now: 'At once',
  digest: 'In a daily digest',
  off: 'Off',
};

interface KindChoiceProps {
  kind: MessageKind;
  choice: KindChoice;
  onChange: (choice: KindChoice) => void;
  /** Channels the academy has not set up are shown, but cannot be chosen. */
  emailReady: boolean;
  smsReady: boolean;
}

/** One kind of message's channels: push on or off, e-mail at once, in a digest or off, SMS. */
export function KindChoiceFields({
  kind,
  choice,
  onChange,
  emailReady,
  smsReady,
}: KindChoiceProps) {
  const emailId = useId();
  return (
    <fieldset className={styles.kind}>
      <legend>{MESSAGE_KIND_WORDS[kind]}</legend>
      <div className={styles.channels}>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={choice.push}
            onChange={(e) => onChange({ ...choice, push: e.target.checked })}
          />
          Push
        </label>
        <span className={styles.toggle}>
          <label htmlFor={emailId}>E-mail</label>
          <select
            id={emailId}
            value={choice.email}
            disabled={!emailReady}
            onChange={(e) => onChange({ ...choice, email: e.target.value as EmailTiming })}
          >
            <Options values={EMAIL_TIMINGS} label={(timing) => TIMING_WORDS[timing]} />
          </select>
        </span>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={choice.sms}
            disabled={!smsReady}
            onChange={(e) => onChange({ ...choice, sms: e.target.checked })}
          />
          SMS
        </label>
      </div>
    </fieldset>
  );
}
