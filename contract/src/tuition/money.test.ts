import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_PRESETS,
  type Currency,
  currencyProblem,
  formatMoney,
  fractionOf,
  isAmount,
  MONEY_MAX,
  parseMoney,
  percentOf,
  westernDigits,
} from './money.js';

const IRR: Currency = { code: 'IRR', name: 'Rial', decimals: 0 };
const IRT: Currency = { code: 'IRT', name: 'Toman', decimals: 0 };
const USD: Currency = { code: 'USD', name: 'US dollar', decimals: 2 };
const KWD: Currency = { code: 'KWD', name: 'Kuwaiti dinar', decimals: 3 };
const ONE: Currency = { code: 'XXA', name: 'One decimal', decimals: 1 };

const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC = '٠١٢٣٤٥٦٧٨٩';
const inPersian = (text: string) => text.replace(/\d/g, (d) => PERSIAN[Number(d)] ?? d);
const currencies = fc.constantFrom(IRR, IRT, USD, KWD, ONE);

describe('currencies', () => {
  it('offers rial and toman without decimals, and dollars, euros and pounds with two', () => {
    expect(CURRENCY_PRESETS.map((c) => [c.code, c.decimals])).toEqual([
      ['IRR', 0],
      ['IRT', 0],
      ['USD', 2],
      ['EUR', 2],
      ['GBP', 2],
    ]);
    for (const c of CURRENCY_PRESETS) expect(currencyProblem(c)).toBeNull();
  });
  it('refuses a code that is not three capitals, an empty or long name, and odd decimals', () => {
    expect(currencyProblem({ ...IRR, code: 'irr' })).toBe(
      'The code must be three capital letters, like IRR.',
    );
    expect(currencyProblem({ ...IRR, code: 'RIAL' })).not.toBeNull();
    expect(currencyProblem({ ...IRR, name: '  ' })).toBe('Please enter the currency’s name.');
    expect(currencyProblem({ ...IRR, name: 'x'.repeat(41) })).not.toBeNull();
    expect(currencyProblem({ ...IRR, decimals: 4 })).toBe(
      'Decimals must be a whole number from 0 to 3.',
    );
    expect(currencyProblem({ ...IRR, decimals: -1 })).not.toBeNull();
    expect(currencyProblem({ ...IRR, decimals: 1.5 })).not.toBeNull();
    expect(currencyProblem(KWD)).toBeNull();
  });
});

describe('isAmount', () => {
  it('is a whole number from 0 to MONEY_MAX, well inside exact numbers', () => {
    expect(MONEY_MAX * 9).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    for (const n of [0, 1, 1_250_000, MONEY_MAX]) expect(isAmount(n)).toBe(true);
    for (const n of [-1, 0.5, MONEY_MAX + 1, Number.NaN, Number.POSITIVE_INFINITY, '5', null])
      expect(isAmount(n)).toBe(false);
  });
});

describe('fractionOf and percentOf: half up to the minor unit', () => {
  it('rounds a half up and anything less down', () => {
    expect(fractionOf(5, 1, 2)).toBe(3); // 2.5: up, where half even would give 2
    expect(fractionOf(9, 1, 2)).toBe(5); // 4.5
    expect(fractionOf(1, 1, 2)).toBe(1); // 0.5
    expect(fractionOf(10, 1, 3)).toBe(3); // 3.33
    expect(fractionOf(20, 1, 3)).toBe(7); // 6.67
    expect(percentOf(1_250_000, 15)).toBe(187_500);
    expect(percentOf(999, 50)).toBe(500); // 499.5
    expect(percentOf(1, 49)).toBe(0);
    expect(percentOf(0, 100)).toBe(0);
  });
  it('stays exact for the largest amounts, where amount × part passes 2^53', () => {
    expect(fractionOf(MONEY_MAX, 7, 9)).toBe(777_777_777_777_778);
    expect(percentOf(MONEY_MAX - 1, 33)).toBe(330_000_000_000_000); // 329,999,999,999,999.67
  });
  it('refuses what is no amount or no fraction', () => {
    expect(() => fractionOf(-1, 1, 2)).toThrow(RangeError);
    expect(() => fractionOf(1.5, 1, 2)).toThrow(RangeError);
    expect(() => fractionOf(1, 1, 0)).toThrow(RangeError);
    expect(() => fractionOf(1, -1, 2)).toThrow(RangeError);
  });
  it('is never more than half a unit from the exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (amount, part, whole) => {
          const got = fractionOf(amount, part, whole);
          // In whole numbers: |got × whole − amount × part| ≤ whole / 2, the half going up.
          const diff = BigInt(got) * BigInt(whole) - BigInt(amount) * BigInt(part);
          expect(2n * diff).toBeLessThanOrEqual(BigInt(whole));
          expect(2n * diff).toBeGreaterThan(-BigInt(whole));
        },
      ),
    );
  });
});

describe('formatMoney', () => {
  it('separates thousands with commas and shows no decimals for rial and toman', () => {
    expect(formatMoney(1_234_567, IRR)).toBe('1,234,567');
    expect(formatMoney(1_234_567, IRT, { withCode: true })).toBe('1,234,567 IRT');
    expect(formatMoney(0, IRR)).toBe('0');
    expect(formatMoney(1, IRR)).toBe('1');
    expect(formatMoney(999, IRR)).toBe('999');
    expect(formatMoney(1000, IRR)).toBe('1,000');
    expect(formatMoney(100_000, IRR)).toBe('100,000');
    expect(formatMoney(MONEY_MAX, IRR)).toBe('1,000,000,000,000,000');
  });
  it('shows the currency’s decimals, small amounts with a leading 0', () => {
    expect(formatMoney(123_450, USD, { withCode: true })).toBe('1,234.50 USD');
    expect(formatMoney(123_450, USD)).toBe('1,234.50');
    expect(formatMoney(1, USD)).toBe('0.01');
    expect(formatMoney(0, USD)).toBe('0.00');
    expect(formatMoney(100, USD)).toBe('1.00');
    expect(formatMoney(1, KWD)).toBe('0.001');
    expect(formatMoney(1_234_567, KWD)).toBe('1,234.567');
    expect(formatMoney(12_345, ONE)).toBe('1,234.5');
  });
  it('puts a minus sign before a negative amount (a credit)', () => {
    expect(formatMoney(-1_234_567, IRR)).toBe('-1,234,567');
    expect(formatMoney(-5, USD, { withCode: true })).toBe('-0.05 USD');
    expect(formatMoney(-123_450, USD)).toBe('-1,234.50');
  });
  it('refuses a number that is not whole', () => {
    expect(() => formatMoney(1.5, IRR)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, IRR)).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it('reads plain digits, commas and spaces between thousands', () => {
    expect(parseMoney('1250000', IRR)).toEqual({ amount: 1_250_000 });
    expect(parseMoney('1,250,000', IRR)).toEqual({ amount: 1_250_000 });
    expect(parseMoney(' 1 250 000 ', IRR)).toEqual({ amount: 1_250_000 });
    expect(parseMoney('1\u00a0250\u202f000', IRR)).toEqual({ amount: 1_250_000 });
    expect(parseMoney('0', IRR)).toEqual({ amount: 0 });
    expect(parseMoney('007', IRR)).toEqual({ amount: 7 });
  });
  it('reads Persian and Arabic-Indic digits and separators, and hidden direction marks', () => {
    expect(parseMoney('۱۲۵۰۰۰۰', IRR)).toEqual({ amount: 1_250_000 });
    expect(parseMoney('۱٬۲۵۰٬۰۰۰', IRT)).toEqual({ amount: 1_250_000 });
    expect(parseMoney('١٢٣٤٥٦٧٨٩٠', IRR)).toEqual({ amount: 1_234_567_890 });
    expect(parseMoney('\u200f۱,۲۵۰,۰۰۰\u200e', IRR)).toEqual({ amount: 1_250_000 });
    expect(parseMoney('۱۲۳۴٫۵', USD)).toEqual({ amount: 123_450 });
    expect(westernDigits(`${PERSIAN} ${ARABIC}`)).toBe('0123456789 0123456789');
  });
  it('reads decimals into minor units, fewer decimals than the currency’s too', () => {
    expect(parseMoney('1,234.50', USD)).toEqual({ amount: 123_450 });
    expect(parseMoney('1234.5', USD)).toEqual({ amount: 123_450 });
    expect(parseMoney('0.01', USD)).toEqual({ amount: 1 });
    expect(parseMoney('12', USD)).toEqual({ amount: 1200 });
    expect(parseMoney('1.234', KWD)).toEqual({ amount: 1234 });
  });
  it('takes the currency’s code before or after, in any case, as formatMoney writes it', () => {
    expect(parseMoney('1,234.50 USD', USD)).toEqual({ amount: 123_450 });
    expect(parseMoney('usd 12', USD)).toEqual({ amount: 1200 });
    expect(parseMoney('1,000 IRT', IRT)).toEqual({ amount: 1000 });
    expect(parseMoney('1,000 USD', IRR)).toEqual({
      problem: 'Write the amount as a number, like 1,250,000.',
    });
  });
  it('refuses what is not a number, in words a person reads', () => {
    const asNumber = { problem: 'Write the amount as a number, like 1,250,000.' };
    expect(parseMoney('', IRR)).toEqual({ problem: 'Please enter the amount.' });
    expect(parseMoney('   ', IRR)).toEqual({ problem: 'Please enter the amount.' });
    for (const text of ['abc', '12a', '1e6', '+5', '12.', '.5', '1..2', '1.2.3', '1,,', ',1'])
      expect(parseMoney(text, IRR)).toEqual(asNumber);
    expect(parseMoney('abc', USD)).toEqual({
      problem: 'Write the amount as a number, like 1,250.50.',
    });
    expect(parseMoney('x', KWD)).toEqual({
      problem: 'Write the amount as a number, like 1,250.500.',
    });
  });
  it('refuses a negative amount', () => {
    expect(parseMoney('-5', IRR)).toEqual({ problem: 'The amount cannot be negative.' });
    expect(parseMoney('\u22125', USD)).toEqual({ problem: 'The amount cannot be negative.' });
  });
  it('refuses separators that are not every three digits rather than guess', () => {
    const problem = 'Put a separator after every three digits, like 1,250,000.';
    expect(parseMoney('1,25,000', IRR)).toEqual({ problem });
    expect(parseMoney('1250,000', IRR)).toEqual({ problem });
    expect(parseMoney('1,2500', IRR)).toEqual({ problem });
    expect(parseMoney('12 50', IRR)).toEqual({ problem });
  });
  it('refuses decimals the currency has not', () => {
    expect(parseMoney('1.250', IRR)).toEqual({ problem: 'This currency has no decimals.' });
    expect(parseMoney('1250.0', IRT)).toEqual({ problem: 'This currency has no decimals.' });
    expect(parseMoney('1.234', USD)).toEqual({ problem: 'Up to 2 decimals.' });
    expect(parseMoney('1.25', ONE)).toEqual({ problem: 'Up to 1 decimal.' });
    expect(parseMoney('1.0000', KWD)).toEqual({ problem: 'Up to 3 decimals.' });
  });
  it('refuses an amount past MONEY_MAX, and takes MONEY_MAX itself', () => {
    expect(parseMoney('1,000,000,000,000,000', IRR)).toEqual({ amount: MONEY_MAX });
    expect(parseMoney('1,000,000,000,000,001', IRR)).toEqual({
      problem: 'The amount is too large: at most 1,000,000,000,000,000.',
    });
    expect(parseMoney('10000000000000.01', USD)).toEqual({
      problem: 'The amount is too large: at most 10,000,000,000,000.00.',
    });
    expect(parseMoney('9'.repeat(40), IRR)).toHaveProperty('problem');
    expect(parseMoney(`${'0'.repeat(30)}12`, IRR)).toEqual({ amount: 12 });
  });
  it('reads back every amount formatMoney writes, in Western or Persian digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_MAX }),
        currencies,
        fc.boolean(),
        (amount, currency, withCode) => {
          const text = formatMoney(amount, currency, { withCode });
          expect(parseMoney(text, currency)).toEqual({ amount });
          expect(parseMoney(inPersian(text), currency)).toEqual({ amount });
        },
      ),
    );
  });
  it('never answers an amount that is not one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), currencies, (text, currency) => {
        const parsed = parseMoney(text, currency);
        if ('amount' in parsed) expect(isAmount(parsed.amount)).toBe(true);
        else expect(parsed.problem.length).toBeGreaterThan(0);
      }),
    );
  });
});
