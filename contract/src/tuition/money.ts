import { withoutHidden } from '../text.js';

/**
 * Money as the academy keeps it (issue 52, point 1): whole numbers of the currency's minor
 * unit (a rial, a toman, a cent), never floating point, so that 0.1 + 0.2 never shows on a
 * receipt and every sum adds up to the unit. Pure and without zod, like terms.ts: the server
 * checks and stores amounts with these rules, and the screens format and read what people type
 * with the same ones. Formatting is written out here rather than left to Intl, whose grouping
 * and digits differ between Node and each phone's browser and locale.
 */

/** The academy's currency, set once on Settings. */
export interface Currency {
  /** Shown after an amount when asked for: 'IRR', 'USD'. */
  code: string;
  /** What people call it: 'Rial', 'Toman', 'US dollar'. */
  name: string;
  /** Digits after the point in an amount: 0 for rial and toman, 2 for dollars (0 to 3). */
  decimals: number;
}

/** The most decimals a currency may have (ISO 4217 has none with more than 3: the dinars). */
export const CURRENCY_DECIMALS_MAX = 3;

/** The longest name a currency may have. */
export const CURRENCY_NAME_MAX = 40;

/** Currencies Settings offers to start from; any other can be typed. */
export const CURRENCY_PRESETS: readonly Currency[] = [
  { code: 'IRR', name: 'Rial', decimals: 0 },
  // IRT is not an ISO 4217 code: the toman (ten rials) has none, and banks only know IRR. It is
  // the code Iranian shops and payment pages write for prices in toman, which is how people
  // in Iran speak of money, so an academy may keep its books in toman under this code.
  { code: 'IRT', name: 'Toman', decimals: 0 },
  { code: 'USD', name: 'US dollar', decimals: 2 },
  { code: 'EUR', name: 'Euro', decimals: 2 },
  { code: 'GBP', name: 'Pound sterling', decimals: 2 },
];

/**
 * The largest amount the app takes: 10^15 minor units (a thousand trillion rials, ten
 * trillion dollars). A sum of a few such amounts stays within Number.MAX_SAFE_INTEGER (about
 * 9 × 10^15), so balances and totals of sensible books are exact in a JavaScript number.
 */
export const MONEY_MAX = 10 ** 15;

/** Whether `n` is an amount: a whole number of minor units from 0 to MONEY_MAX. */
export function isAmount(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= MONEY_MAX;
}

/** What is wrong with a currency as Settings saves it, or null. */
export function currencyProblem(currency: Currency): string | null {
  if (!/^[A-Z]{3}$/.test(currency.code)) return 'The code must be three capital letters, like IRR.';
  const name = currency.name.trim();
  if (name === '') return 'Please enter the currency’s name.';
  if (name.length > CURRENCY_NAME_MAX)
    return `The currency’s name must be at most ${CURRENCY_NAME_MAX} characters.`;
  const d = currency.decimals;
  if (!Number.isInteger(d) || d < 0 || d > CURRENCY_DECIMALS_MAX)
    return `Decimals must be a whole number from 0 to ${CURRENCY_DECIMALS_MAX}.`;
  return null;
}

/**
 * `amount × part / whole`, rounded half up to the minor unit: the one rounding of the app's
 * shares of money (late joining, what is kept on leaving, percent discounts). Worked in BigInt,
 * since amount × part can pass 2^53 when the amount is large. Half up, not half even: people
 * check a receipt by hand, and half up is the rounding they learned.
 */
export function fractionOf(amount: number, part: number, whole: number): number {
  if (!isAmount(amount)) throw new RangeError(`Not an amount: ${amount}.`);
  if (!Number.isSafeInteger(part) || part < 0 || !Number.isSafeInteger(whole) || whole <= 0)
    throw new RangeError(`Not a fraction: ${part}/${whole}.`);
  const [a, p, w] = [BigInt(amount), BigInt(part), BigInt(whole)];
  return Number((2n * a * p + w) / (2n * w));
}

/** `percent` % of an amount (a whole percent, 0 to 100), rounded half up. */
export function percentOf(amount: number, percent: number): number {
  return fractionOf(amount, percent, 100);
}

/** Thousands separated by commas: '1234567' gives '1,234,567'. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * An amount as people read it: thousands separated by commas, the currency's decimals after
 * a point, a minus sign before a negative amount (a balance in credit), and the code after it
 * when asked: 1234567 rials '1,234,567'; 123450 cents '1,234.50 USD'. The digits are always
 * Western: receipts, CSV files and SMS read alike on every device.
 */
export function formatMoney(
  amount: number,
  currency: Currency,
  options: { withCode?: boolean } = {},
): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole amount: ${amount}.`);
  const d = currency.decimals;
  const digits = String(Math.abs(amount)).padStart(d + 1, '0');
  const whole = digits.slice(0, digits.length - d);
  const fraction = d > 0 ? `.${digits.slice(-d)}` : '';
  const sign = amount < 0 ? '-' : '';
  const code = options.withCode ? ` ${currency.code}` : '';
  return `${sign}${grouped(whole)}${fraction}${code}`;
}

/** Persian (U+06F0–06F9) and Arabic-Indic (U+0660–0669) digits as 0–9. */
const EASTERN_DIGITS = /[\u06F0-\u06F9\u0660-\u0669]/g;

/**
 * Text with Western digits for the Persian and Arabic-Indic ones an Iranian phone's keyboard
 * types, and the Arabic decimal and thousands separators (U+066B '٫', U+066C '٬') as '.' and
 * ','. Exported for other number fields that Persian keyboards fill.
 */
export function westernDigits(text: string): string {
  return text
    .replace(EASTERN_DIGITS, (c) => {
      const code = c.charCodeAt(0);
      return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
    })
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',');
}

/** An example amount in the currency's own shape, for the words of a problem. */
const exampleOf = (currency: Currency) =>
  currency.decimals === 0 ? '1,250,000' : `1,250.${'50'.padEnd(currency.decimals, '0')}`;

export type ParsedMoney = { amount: number } | { problem: string };

/**
 * What a person typed as an amount, in minor units, or the problem in words a form shows.
 * Takes what phones and people type: Persian and Arabic-Indic digits, commas or spaces
 * between thousands ('1,250,000', '1 250 000', '۱٬۲۵۰٬۰۰۰'), and the currency's code before
 * or after ('1,234.50 USD', as formatMoney writes it). Refuses what it would have to guess:
 * separators not every three digits ('1,25,000' may be a missing digit), a point in a
 * currency without decimals ('1.250' may mean one thousand two hundred and fifty, or one and a
 * quarter), more decimals than the currency has, and a minus sign. Zero is an amount; a form
 * that needs more than zero says so itself.
 */
export function parseMoney(text: string, currency: Currency): ParsedMoney {
  const asNumber = { problem: `Write the amount as a number, like ${exampleOf(currency)}.` };
  // Hidden marks (a right-to-left mark a Persian keyboard puts in) go first; then the code.
  let rest = westernDigits(withoutHidden(text)).trim();
  const code = currency.code.toUpperCase();
  if (code && rest.toUpperCase().endsWith(code)) rest = rest.slice(0, -code.length).trim();
  else if (code && rest.toUpperCase().startsWith(code)) rest = rest.slice(code.length).trim();
  if (rest === '') return { problem: 'Please enter the amount.' };
  if (/^[-\u2212]/.test(rest)) return { problem: 'The amount cannot be negative.' };

  const match = /^(\d+(?:[,\s]+\d+)*)(?:\.(\d+))?$/.exec(rest);
  if (!match) return asNumber;
  const [, wholeText = '', fraction = ''] = match;
  const groups = wholeText.split(/[,\s]+/);
  if (groups.length > 1 && groups.some((g, i) => (i === 0 ? g.length > 3 : g.length !== 3)))
    return { problem: `Put a separator after every three digits, like ${exampleOf(currency)}.` };
  if (rest.includes('.') && currency.decimals === 0)
    return { problem: 'This currency has no decimals.' };
  if (fraction.length > currency.decimals)
    return {
      problem: `Up to ${currency.decimals} decimal${currency.decimals === 1 ? '' : 's'}.`,
    };

  const digits = (groups.join('') + fraction.padEnd(currency.decimals, '0')).replace(/^0+/, '');
  // Seventeen digits or more are past MONEY_MAX whatever they are, and past exact numbers.
  if (digits.length > 16 || Number(digits) > MONEY_MAX)
    return {
      problem: `The amount is too large: at most ${formatMoney(MONEY_MAX, currency)}.`,
    };
  return { amount: Number(digits) };
}
