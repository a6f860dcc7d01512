import {
  EMAIL_TIMINGS,
  type EmailTiming,
  type KindChoice,
  MESSAGE_KIND_WORDS,
  type MessageKind,
} from '@academy/contract/messages';
import { type ReactNode, useId } from 'react';
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

/** A channel that is on or off (push, SMS): a checkbox with its name. */
function ChannelCheck({
  channel,
  choice,
  onChange,
  disabled,
  children,
}: {
  channel: 'push' | 'sms';
  choice: KindChoice;
  onChange: (choice: KindChoice) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={styles.toggle}>
      <input
        type="checkbox"
        checked={choice[channel]}
        disabled={disabled}
        onChange={(e) => onChange({ ...choice, [channel]: e.target.checked })}
      />
      {children}
    </label>
  );
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
        <ChannelCheck channel="push" choice={choice} onChange={onChange}>
          Push
        </ChannelCheck>
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
        <ChannelCheck channel="sms" choice={choice} onChange={onChange} disabled={!smsReady}>
          SMS
        </ChannelCheck>
      </div>
    </fieldset>
  );
}
