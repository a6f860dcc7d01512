import { useRef, useState } from 'react';
import { ActionRow, Button, ExternalButtonLink, Message, TextField } from '../../ui';
import styles from './calendar-card.module.css';
import { copyText, webcalOf } from './calendar-links';

/**
 * A calendar address just made, shown this once: to copy, or to open in the phone's calendar
 * app (webcal:). The server keeps only its hash, so it cannot be shown again.
 */
export function CalendarAddress({ url }: { url: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);

  const handleCopy = async () => {
    const done = await copyText(url);
    // Where the page may not copy, the address is selected for the person to copy it.
    if (!done) field.current?.select();
    setCopied(done);
  };

  return (
    <div className={styles.address}>
      <TextField
        ref={field}
        label="Your calendar address"
        hint="Copy it now: it is shown only this once. Anyone who has it can see your calendar, so keep it to yourself."
        value={url}
        readOnly
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        className={styles.addressField}
      />
      <ActionRow className={styles.fill}>
        <Button onClick={handleCopy}>Copy</Button>
        <ExternalButtonLink href={webcalOf(url)}>Subscribe</ExternalButtonLink>
      </ActionRow>
      {copied === true && <Message tone="success">Copied.</Message>}
      {copied === false && (
        <Message tone="info">The address is selected: copy it with your device's Copy.</Message>
      )}
      <p className={styles.caption}>
        On an iPhone or a Mac, Subscribe opens the Calendar app. For Google Calendar, copy the
        address and add it on calendar.google.com under Other calendars, From URL.
      </p>
    </div>
  );
}
