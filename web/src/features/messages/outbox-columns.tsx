import { CHANNEL_WORDS, canSendAgain, OUTBOX_KIND_WORDS } from '@academy/contract/messages';
import { Button, type Column, Tag } from '../../ui';
import styles from './messages.module.css';
import { outboxWhen } from './outbox-times';
import type { OutboxAnswer } from './use-messages';

export type OutboxRow = OutboxAnswer['rows'][number];

export const STATE_WORDS: Record<OutboxRow['state'], string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};
const STATE_TONES = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
  skipped: 'warning',
} as const;

const recipient = (row: OutboxRow) =>
  row.guardian_name ? `${row.guardian_name} (guardian of ${row.user_name})` : row.user_name;

/**
 * The Outbox's columns (issue 49, point 14): five, so that at a laptop's width none is
 * squeezed to a letter a line (the state, its time and its tries, and why, share one column);
 * a name breaks between words only; on a phone each row is a card and every line wraps.
 */
export function outboxColumns(options: {
  timeZone: string | undefined;
  busy: boolean;
  resend: (id: number) => void;
}): Column<OutboxRow>[] {
  return [
    {
      header: 'To',
      cell: (r) => <span className={styles.name}>{recipient(r)}</span>,
      className: () => styles.to,
    },
    {
      header: 'By',
      cell: (r) => `${CHANNEL_WORDS[r.channel]}${r.digest ? ' (digest)' : ''}`,
      kind: 'short',
    },
    {
      header: 'Message',
      cell: (r) => `${OUTBOX_KIND_WORDS[r.kind]}: ${r.text}`,
      kind: 'text',
    },
    {
      header: 'State',
      cell: (r) => (
        <div className={styles.state}>
          <Tag tone={STATE_TONES[r.state]}>{STATE_WORDS[r.state]}</Tag>
          <span>{outboxWhen(r, options.timeZone)}</span>
          {r.error ? <span className={styles.why}>{r.error}</span> : null}
        </div>
      ),
      className: () => styles.stateCell,
    },
    {
      header: 'Action',
      cell: (r) =>
        canSendAgain(r) ? (
          <Button
            size="small"
            variant="secondary"
            disabled={options.busy}
            onClick={() => options.resend(r.id)}
          >
            Send again
          </Button>
        ) : null,
      kind: 'short',
    },
  ];
}
