import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { usernameKey } from './login-rules.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a device
 * that has signed in to a username keeps a signed, httpOnly cookie naming that username. A
 * username locked by guesses from many addresses still takes tries from such a device, under a
 * limit of the device's own (auth/login-rules.ts), so the lock stops guessers without stopping
 * the owner. The cookie is sent only to the login call and says nothing to the page.
 */

/** How long a device stays known without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60_000;

const COOKIE_PREFIX = 'academy_device_';
const LOGIN_PATH = '/api/login.php';

/**
 * One cookie per username, so a family's shared phone stays known for each of them: its name
 * is a short hash of the username (a cookie's name must be a plain token; the name reveals
 * nothing of whose it is).
 */
const cookieName = (username: string) =>
  `${COOKIE_PREFIX}${createHash('sha256').update(usernameKey(username)).digest('hex').slice(0, 16)}`;

/** The key that signs device cookies: its own, derived from the app's signing secret. */
const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('academy device cookie v1').digest();

const signature = (secret: string, username: string, device: string, issuedAt: number) =>
  createHmac('sha256', keyOf(secret))
    .update(`${usernameKey(username)}.${device}.${issuedAt}`)
    .digest('base64url');

/** A new device cookie for `username`, as a Set-Cookie header's value. */
export function issueDeviceCookie(
  secret: string,
  username: string,
  now: number,
  options: { secure: boolean; device?: string },
): string {
  // A device that was known keeps its id, so its own count of failures follows it.
  const device = options.device ?? randomBytes(16).toString('base64url');
  const issuedAt = Math.floor(now / 1000);
  const value = `${device}.${issuedAt}.${signature(secret, username, device, issuedAt)}`;
  return [
    `${cookieName(username)}=${value}`,
    `Path=${LOGIN_PATH}`,
    `Max-Age=${Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * The id of the device, when the request carries a valid, unexpired device cookie for
 * `username`; undefined otherwise (none, another username's, altered, or too old).
 */
export function readDeviceCookie(
  secret: string,
  cookieHeader: string | undefined,
  username: string,
  now: number,
): string | undefined {
  const name = `${cookieName(username)}=`;
  for (const part of cookieHeader?.split(';') ?? []) {
    const cookie = part.trim();
    if (!cookie.startsWith(name)) continue;
    const [device, issued, sig, ...rest] = cookie.slice(name.length).split('.');
    if (!device || !issued || !sig || rest.length > 0 || !/^\d{1,12}$/.test(issued)) continue;
    const issuedAt = Number(issued);
    if (issuedAt * 1000 + DEVICE_COOKIE_MAX_AGE_MS <= now) continue;
    const expected = Buffer.from(signature(secret, username, device, issuedAt));
    const given = Buffer.from(sig);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return device;
  }
  return undefined;
}
