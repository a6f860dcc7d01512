import { createHmac, timingSafeEqual } from 'node:crypto';
import { MESSAGE_KINDS, type MessageKind } from '@academy/contract/messages';

/**
 * One-click unsubscribe (issue 49, point 18; RFC 8058): every e-mail the outbox sends carries
 * a link that turns that kind of e-mail off for its reader, without signing in. The link's
 * token names the person, the guardian (0: the person themself) and the kinds, signed with a
 * key of its own derived from the app's signing secret (as device cookies are,
 * auth/device-cookie.ts), so it cannot be made or altered without the secret. It does not
 * expire: an e-mail kept for months must still unsubscribe (RFC 8058, section 3.2).
 */

/** Where the link leads: a GET shows a page with a button, a POST turns the e-mail off. */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe.php';

export interface UnsubscribeTarget {
  userId: number;
  /** Set when the e-mail went to one of the person's guardians. */
  guardianId: number | null;
  kinds: MessageKind[];
}

const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('academy unsubscribe v1').digest();

const signed = (secret: string, body: string) =>
  createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

/** `<user>.<guardian or 0>.<kind-kind…>.<signature>`: only letters, digits, '.', '-', '_'. */
export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const kinds = MESSAGE_KINDS.filter((k) => target.kinds.includes(k));
  const body = `${target.userId}.${target.guardianId ?? 0}.${kinds.join('-')}`;
  return `${body}.${signed(secret, body)}`;
}

/** The link a letter carries, on the same origin as its other links. */
export const unsubscribeUrl = (origin: string, token: string) =>
  `${origin}${UNSUBSCRIBE_PATH}?token=${token}`;

/** What a token names, or null when it is not one this server signed (altered, cut, made up). */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const match = /^(\d{1,12})\.(\d{1,12})\.([a-z]+(?:-[a-z]+)*)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, user, guardian, kindList, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const body = `${user}.${guardian}.${kindList}`;
  const expected = Buffer.from(signed(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const kinds = kindList.split('-');
  if (!kinds.every((k) => (MESSAGE_KINDS as readonly string[]).includes(k))) return null;
  return {
    userId: Number(user),
    guardianId: Number(guardian) === 0 ? null : Number(guardian),
    kinds: kinds as MessageKind[],
  };
}
