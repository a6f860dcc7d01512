import { isIPv4, isIPv6 } from 'node:net';
import {
  CERTIFICATE_CHECK_MAX_FAILURES,
  CERTIFICATE_CHECK_WINDOW_MS,
  LOGIN_ADDRESS_FIRST_DELAY_MS,
  LOGIN_ADDRESS_FREE_FAILURES,
  LOGIN_ADDRESS_MAX_DELAY_MS,
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_DEVICE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_MAX_FAILURES_PER_PAIR,
  LOGIN_MAX_FAILURES_PER_USERNAME,
  LOGIN_PAIR_WINDOW_MS,
  LOGIN_USERNAME_WINDOW_MS,
  PASSWORD_RESET_MAX_PER_ADDRESS,
  PASSWORD_RESET_MAX_PER_LOGIN,
  PASSWORD_RESET_WINDOW_MS,
} from '@academy/contract/constants';

/**
 * The rules of login throttling, as data and pure functions; auth/throttle.ts applies them
 * in the database. docs/security.md "Login throttling" says them in words.
 */
export type LoginScope =
  | 'pair'
  | 'username'
  | 'device'
  | 'address'
  | 'certificate'
  | 'reset-login'
  | 'reset-address';

/** Past `freeFailures` failures in a window, each try waits `firstMs`, doubling per failure up to `maxMs`. */
export interface GrowingDelay {
  freeFailures: number;
  firstMs: number;
  maxMs: number;
}

export interface LoginRule {
  /**
   * What is counted: a username at one address, an address, a username over all addresses,
   * or a username on one known device (its device cookie, auth/device-cookie.ts).
   */
  scope: LoginScope;
  /** A window starts at its first failure; when it has passed, counting starts again. */
  windowMs: number;
  /** Failures in a window after which the key is refused until the window ends; null: never. */
  maxFailures: number | null;
  /** Or, instead of a lock, a wait after each failure past a threshold. */
  delay: GrowingDelay | null;
  /** A success clears the count (the pair's); otherwise it only gives back its own try. */
  clearedBySuccess: boolean;
  /**
   * A try counts only once it has failed (the address's rule, issue 48 point 1): a whole class
   * signs in from one address behind the academy's Wi-Fi, and its successes must never slow
   * anyone down. While a password is checked its try holds one of the free failures' places
   * (so guesses sent together are checked no faster than in a row), and a try that finds every
   * place held waits until one is let go, rather than being refused. Only for a rule with a
   * delay and no lock.
   */
  countsOnlyFailures: boolean;
}

/**
 * In the order they are reserved: the same order in every request, so two logins that share
 * keys never wait for each other's rows in opposite orders (no deadlock on PostgreSQL).
 */
const addressRule: LoginRule = {
  scope: 'address',
  windowMs: LOGIN_ADDRESS_WINDOW_MS,
  maxFailures: null,
  delay: {
    freeFailures: LOGIN_ADDRESS_FREE_FAILURES,
    firstMs: LOGIN_ADDRESS_FIRST_DELAY_MS,
    maxMs: LOGIN_ADDRESS_MAX_DELAY_MS,
  },
  clearedBySuccess: false,
  countsOnlyFailures: true,
};

export const LOGIN_RULES: readonly LoginRule[] = [
  {
    scope: 'pair',
    windowMs: LOGIN_PAIR_WINDOW_MS,
    maxFailures: LOGIN_MAX_FAILURES_PER_PAIR,
    delay: null,
    clearedBySuccess: true,
    countsOnlyFailures: false,
  },
  {
    scope: 'username',
    windowMs: LOGIN_USERNAME_WINDOW_MS,
    maxFailures: LOGIN_MAX_FAILURES_PER_USERNAME,
    delay: null,
    clearedBySuccess: false,
    countsOnlyFailures: false,
  },
  addressRule,
];

/**
 * A try from a device that signed in to the username before: counted on that device alone
 * (5 failures in 15 minutes lock it, a success clears it) and on its address, never on the
 * username's or the pair's count, whose locks it does not heed. Guessers from any number of
 * addresses (an IPv6 /56 gives thousands) cannot keep the owner out, and a stolen cookie
 * guesses no faster than one address can. The address last, as in LOGIN_RULES.
 */
export const DEVICE_LOGIN_RULES: readonly LoginRule[] = [
  {
    scope: 'device',
    windowMs: LOGIN_DEVICE_WINDOW_MS,
    maxFailures: LOGIN_MAX_FAILURES_PER_DEVICE,
    delay: null,
    clearedBySuccess: true,
    countsOnlyFailures: false,
  },
  addressRule,
];

/**
 * The public check of a certificate's code (issue 30, point 6), counted per address like a
 * login: unknown codes a window allows, then a 429 until it ends. A code found gives its try
 * back, so someone checking real certificates is never slowed; only guessing is.
 */
export const CERTIFICATE_CHECK_RULE: LoginRule = {
  scope: 'certificate',
  windowMs: CERTIFICATE_CHECK_WINDOW_MS,
  maxFailures: CERTIFICATE_CHECK_MAX_FAILURES,
  delay: null,
  clearedBySuccess: false,
  countsOnlyFailures: false,
};

/**
 * "Forgot password?" (issue 31, point 3): each request sends an e-mail, so each counts, on the
 * username or e-mail typed (whether an account has it or not, so a refusal tells nothing of
 * which exist) and on the address; past the limit, a 429 until the window ends. Nothing gives a
 * try back: a request has no success to tell apart from a failure.
 */
export const PASSWORD_RESET_RULES: readonly LoginRule[] = [
  {
    scope: 'reset-login',
    windowMs: PASSWORD_RESET_WINDOW_MS,
    maxFailures: PASSWORD_RESET_MAX_PER_LOGIN,
    delay: null,
    clearedBySuccess: false,
    countsOnlyFailures: false,
  },
  {
    scope: 'reset-address',
    windowMs: PASSWORD_RESET_WINDOW_MS,
    maxFailures: PASSWORD_RESET_MAX_PER_ADDRESS,
    delay: null,
    clearedBySuccess: false,
    countsOnlyFailures: false,
  },
];

/** No count outlives this: rows older than it can be trimmed. */
export const LONGEST_LOGIN_WINDOW_MS = Math.max(
  ...[...LOGIN_RULES, ...DEVICE_LOGIN_RULES, CERTIFICATE_CHECK_RULE, ...PASSWORD_RESET_RULES].map(
    (r) => r.windowMs,
  ),
);

/** How long a key must wait after its `failures`-th failure in a window before it may try again. */
export function delayAfter(delay: GrowingDelay | null, failures: number): number {
  if (!delay) return 0;
  const past = failures - delay.freeFailures;
  if (past <= 0) return 0;
  // Capped before the power, so a long run of failures cannot overflow to Infinity.
  const doublings = Math.min(past - 1, Math.ceil(Math.log2(delay.maxMs / delay.firstMs)));
  return Math.min(delay.maxMs, delay.firstMs * 2 ** doublings);
}

/**
 * The delay as steps (from this many failures on, wait this long), up to the cap: the database
 * applies the same rule as a CASE expression, so a reservation is one atomic statement.
 */
export function delaySteps(delay: GrowingDelay): { failures: number; ms: number }[] {
  const steps = [{ failures: 0, ms: 0 }];
  for (let failures = delay.freeFailures + 1; ; failures++) {
    const ms = delayAfter(delay, failures);
    steps.push({ failures, ms });
    if (ms >= delay.maxMs) return steps;
  }
}

/**
 * The wait in words, rounded up: seconds under a minute, minutes from there
 * ('1 second', '45 seconds', '1 minute', '15 minutes').
 */
export function describeWait(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Usernames are matched ignoring case and surrounding spaces, as login matches them. */
export const usernameKey = (username: string) => username.trim().toLowerCase();

/**
 * The address as throttling counts it. An IPv4 address is itself (also when it arrives as
 * IPv6-mapped, `::ffff:1.2.3.4`); an IPv6 address counts as its /64, the block one home or
 * one phone gets, so walking through a block's 2^64 addresses gives a guesser no fresh
 * counts. Anything else (no address at all) is kept as it is.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip.split('%')[0] as string);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}
