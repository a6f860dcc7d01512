import type { MessageKind } from '@academy/contract/messages';
import type { Urgency } from 'web-push';
import type { Letter } from '../messages/channels.js';

/** What a push carries, as the service worker reads it (web/src/service-worker/push.ts). */
export interface PushPayload {
  /** The academy's name: who the notification is from. */
  title: string;
  body: string;
  /** The screen a tap opens. */
  path: string;
  /** The letter's key: a repeat of the same letter replaces its notification, not doubles it. */
  tag: string;
}

/** A notification's text is cut here: lock screens show two or three lines. */
export const PUSH_BODY_CHARS = 180;

const HOUR_S = 3600;

/**
 * How long a push service keeps a push for a device that is off (RFC 8030 TTL), and how
 * urgently it wakes the device. A due-date reminder kept past a few hours may arrive after the
 * work was due; an absence warning and a reminder wake a sleeping phone (high), the rest may
 * wait for it to wake by itself (normal, which spares the battery).
 */
export const PUSH_DELIVERY: Record<MessageKind, { ttlSeconds: number; urgency: Urgency }> = {
  announcement: { ttlSeconds: 24 * HOUR_S, urgency: 'normal' },
  assignment: { ttlSeconds: 24 * HOUR_S, urgency: 'normal' },
  reminder: { ttlSeconds: 6 * HOUR_S, urgency: 'high' },
  feedback: { ttlSeconds: 24 * HOUR_S, urgency: 'normal' },
  attendance: { ttlSeconds: 24 * HOUR_S, urgency: 'high' },
  results: { ttlSeconds: 24 * HOUR_S, urgency: 'normal' },
  payments: { ttlSeconds: 24 * HOUR_S, urgency: 'normal' },
};

/** Text cut to at most `max` characters, at a word where one is near, with an ellipsis. */
export function cutText(text: string, max = PUSH_BODY_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${(space >= max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
}

/**
 * The push of a letter. A push letter is one outbox row (digests are e-mail's); were it ever
 * several, the newest speaks for them and opens the notifications.
 */
export function pushOf(letter: Letter, academyName: string): PushPayload {
  const last = letter.items.at(-1);
  const several = letter.items.length > 1;
  return {
    title: academyName,
    body: cutText(
      several ? `${letter.items.length} new messages. ${last?.text ?? ''}` : (last?.text ?? ''),
    ),
    path: several ? '/notification' : (last?.path ?? '/'),
    tag: letter.key,
  };
}

/** The delivery of a letter: its most pressing item's. */
export function deliveryOf(letter: Letter) {
  const kinds = letter.items.map((i) => PUSH_DELIVERY[i.kind]);
  return {
    ttlSeconds: Math.min(...kinds.map((k) => k.ttlSeconds)),
    urgency: kinds.some((k) => k.urgency === 'high') ? ('high' as const) : ('normal' as const),
  };
}
