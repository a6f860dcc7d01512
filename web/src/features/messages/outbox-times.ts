import { OUTBOX_MAX_ATTEMPTS } from '@academy/contract/messages';
import { parseServerTime } from '../../lib/dates';

/**
 * The Outbox's times (issue 49, point 14), pure: on the academy's clock with its zone named
 * ('Dec 2, 2026, 9:05 AM GMT+3'), short enough for a phone's card; and what a row waits for.
 */
export function onAcademyClock(value: string | null | undefined, timeZone?: string): string {
  const date = parseServerTime(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

interface OutboxTimes {
  state: string;
  attempts: number;
  created_at: string;
  send_after: string;
  sent_at: string | null;
}

/** When: sent; or for a waiting row, when it goes and how many tries it had; or when queued. */
export function outboxWhen(row: OutboxTimes, timeZone?: string): string {
  const at = (value: string) => onAcademyClock(value, timeZone);
  if (row.sent_at) return `Sent ${at(row.sent_at)}`;
  if (row.state === 'queued' && row.attempts > 0)
    return `Tried ${row.attempts} of ${OUTBOX_MAX_ATTEMPTS} times. Next try ${at(row.send_after)}`;
  if (row.state === 'queued') return `Not before ${at(row.send_after)}`;
  if (row.state === 'failed' && row.attempts > 0)
    return `Tried ${triesWords(row.attempts)}. Queued ${at(row.created_at)}`;
  return `Queued ${at(row.created_at)}`;
}

const triesWords = (n: number) => (n === 1 ? '1 time' : `${n} times`);
