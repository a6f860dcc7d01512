import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  type LedgerKind,
  type LedgerRow,
  ledgerProblems,
  readReceiptNumber,
  receiptGaps,
  receiptNumber,
  voidedIds,
} from './ledger.js';
import { MONEY_MAX } from './money.js';

const row = (id: number, kind: LedgerKind, amount: number, voids?: number): LedgerRow =>
  voids === undefined ? { id, kind, amount } : { id, kind, amount, voids };

describe('balanceOf', () => {
  it('is charges − discounts − payments + refunds', () => {
    const rows = [
      row(1, 'charge', 1_000_000),
      row(2, 'discount', 100_000),
      row(3, 'payment', 400_000),
      row(4, 'refund', 50_000),
    ];
    expect(balanceOf(rows)).toBe(550_000);
    expect(balanceOf([])).toBe(0);
  });
  it('goes below 0 when the payer has paid more: their credit', () => {
    expect(balanceOf([row(1, 'charge', 100), row(2, 'payment', 150)])).toBe(-50);
  });
  it('takes a voided row out exactly, the void counting nothing itself', () => {
    const rows = [row(1, 'charge', 1000), row(2, 'payment', 600), row(3, 'void', 600, 2)];
    expect(balanceOf(rows)).toBe(1000);
    expect(balanceOf([row(1, 'charge', 1000), row(2, 'void', 1000, 1)])).toBe(0);
  });
  it('takes out a row voided twice once, and nothing for a void ledgerProblems refuses', () => {
    const charge = row(1, 'charge', 1000);
    expect(balanceOf([charge, row(2, 'void', 1000, 1), row(3, 'void', 1000, 1)])).toBe(0);
    // A void of a void does not bring the payment back.
    const voidOfVoid = [
      charge,
      row(2, 'payment', 400),
      row(3, 'void', 400, 2),
      row(4, 'void', 400, 3),
    ];
    expect(balanceOf(voidOfVoid)).toBe(1000);
    expect(balanceOf([charge, row(2, 'void', 1000, 99)])).toBe(1000);
    expect([...voidedIds(voidOfVoid)]).toEqual([2]);
  });
  it('sums the largest amounts exactly', () => {
    expect(
      balanceOf([row(1, 'charge', MONEY_MAX), row(2, 'charge', MONEY_MAX), row(3, 'payment', 1)]),
    ).toBe(2 * MONEY_MAX - 1);
  });
  it('after a void equals the balance without the voided row', () => {
    const kinds = fc.constantFrom<LedgerKind>('charge', 'discount', 'payment', 'refund');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(kinds, fc.integer({ min: 1, max: 10 ** 12 })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.nat(),
        (entries, pick) => {
          const rows = entries.map(([kind, amount], i) => row(i + 1, kind, amount));
          const target = rows[pick % rows.length] as LedgerRow;
          const withVoid = [...rows, row(rows.length + 1, 'void', target.amount, target.id)];
          expect(ledgerProblems(withVoid)).toEqual([]);
          expect(balanceOf(withVoid)).toBe(balanceOf(rows.filter((r) => r !== target)));
          // Voiding it again changes nothing more.
          const twice = [...withVoid, row(rows.length + 2, 'void', target.amount, target.id)];
          expect(balanceOf(twice)).toBe(balanceOf(withVoid));
        },
      ),
    );
  });
});

describe('ledgerProblems', () => {
  it('finds nothing wrong with rows and voids in order', () => {
    expect(
      ledgerProblems([row(1, 'charge', 1000), row(2, 'payment', 400), row(3, 'void', 400, 2)]),
    ).toEqual([]);
    expect(ledgerProblems([])).toEqual([]);
  });
  it('refuses a void of a row not there, of a void, or of a later row', () => {
    expect(ledgerProblems([row(1, 'charge', 1000), row(2, 'void', 1000, 7)])).toEqual([
      'Void 2 cancels row 7, which is not in the ledger.',
    ]);
    expect(
      ledgerProblems([row(1, 'charge', 10), row(2, 'void', 10, 1), row(3, 'void', 10, 2)]),
    ).toEqual(['Void 3 cancels void 2: a void cannot be undone.']);
    expect(ledgerProblems([row(1, 'void', 10, 2), row(2, 'charge', 10)])).toEqual([
      'Void 1 cancels row 2, which comes after it.',
    ]);
    expect(ledgerProblems([row(1, 'void', 10, 1)])).toEqual([
      'Void 1 cancels void 1: a void cannot be undone.',
    ]);
  });
  it('refuses voiding a row twice', () => {
    expect(
      ledgerProblems([row(1, 'charge', 10), row(2, 'void', 10, 1), row(5, 'void', 10, 1)]),
    ).toEqual(['Row 1 is voided twice (by 2 and 5).']);
  });
  it('refuses a void naming no row, a void of another amount, and a row naming one', () => {
    expect(ledgerProblems([row(1, 'charge', 10), row(2, 'void', 10)])).toEqual([
      'Void 2 does not say which row it cancels.',
    ]);
    expect(ledgerProblems([row(1, 'charge', 10), row(2, 'void', 9, 1)])).toEqual([
      'Void 2’s amount is not that of row 1.',
    ]);
    expect(ledgerProblems([row(1, 'charge', 10), row(2, 'payment', 10, 1)])).toEqual([
      'Row 2 is a payment but names a row to void.',
    ]);
  });
  it('refuses amounts that are not whole, not more than 0, or too large, and ids twice', () => {
    expect(
      ledgerProblems([
        row(1, 'charge', 10.5),
        row(2, 'payment', 0),
        row(3, 'refund', -5),
        row(4, 'charge', MONEY_MAX + 1),
        row(5, 'charge', Number.NaN),
      ]),
    ).toEqual([
      'Row 1’s amount must be a whole amount more than 0.',
      'Row 2’s amount must be a whole amount more than 0.',
      'Row 3’s amount must be a whole amount more than 0.',
      'Row 4’s amount must be a whole amount more than 0.',
      'Row 5’s amount must be a whole amount more than 0.',
    ]);
    expect(ledgerProblems([row(1, 'charge', 10), row(1, 'payment', 10)])).toEqual([
      'Two rows have the id 1.',
    ]);
  });
});

describe('receiptNumber', () => {
  it('writes the year and the place in six digits, growing past a million', () => {
    expect(receiptNumber(2026, 123)).toBe('2026-000123');
    expect(receiptNumber(2026, 1)).toBe('2026-000001');
    expect(receiptNumber(2026, 999_999)).toBe('2026-999999');
    expect(receiptNumber(2026, 1_000_000)).toBe('2026-1000000');
  });
  it('refuses a year or place that is not one', () => {
    expect(() => receiptNumber(2026, 0)).toThrow(RangeError);
    expect(() => receiptNumber(2026, 1.5)).toThrow(RangeError);
    expect(() => receiptNumber(26, 1)).toThrow(RangeError);
    expect(() => receiptNumber(20260, 1)).toThrow(RangeError);
  });
  it('reads back only the numbers it writes', () => {
    expect(readReceiptNumber('2026-000123')).toEqual({ year: 2026, n: 123 });
    expect(readReceiptNumber('2026-1000000')).toEqual({ year: 2026, n: 1_000_000 });
    for (const text of ['2026-123', '2026-0000123', '2026-000000', ' 2026-000123', 'R-000001'])
      expect(readReceiptNumber(text)).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (year, n) => {
          expect(readReceiptNumber(receiptNumber(year, n))).toEqual({ year, n });
        },
      ),
    );
  });
});

describe('receiptGaps', () => {
  const numbers = (year: number, ns: number[]) => ns.map((n) => receiptNumber(year, n));

  it('finds nothing in a counter that runs from 1 without a gap, in any order', () => {
    expect(receiptGaps(numbers(2026, [3, 1, 2]))).toEqual({
      missing: [],
      repeated: [],
      unreadable: [],
    });
    expect(receiptGaps([])).toEqual({ missing: [], repeated: [], unreadable: [] });
  });
  it('names the missing and the repeated, each year from 1, in order', () => {
    expect(
      receiptGaps([...numbers(2027, [1, 1, 3]), ...numbers(2026, [2, 5, 5, 5]), 'R-12']),
    ).toEqual({
      missing: ['2026-000001', '2026-000003', '2026-000004', '2027-000002'],
      repeated: ['2026-000005', '2027-000001'],
      unreadable: ['R-12'],
    });
  });
  it('finds every number left out and every number given twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 60 }),
        (ns) => {
          const check = receiptGaps(numbers(2026, ns));
          const highest = Math.max(...ns);
          const expectedMissing = Array.from({ length: highest }, (_, i) => i + 1).filter(
            (n) => !ns.includes(n),
          );
          const expectedRepeated = [...new Set(ns)]
            .filter((n) => ns.indexOf(n) !== ns.lastIndexOf(n))
            .sort((a, b) => a - b);
          expect(check.missing).toEqual(numbers(2026, expectedMissing));
          expect(check.repeated).toEqual(numbers(2026, expectedRepeated));
        },
      ),
    );
  });
});
