import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocatePayment,
  type DueRule,
  dueDay,
  INSTALMENT_PARTS_MAX,
  type InstalmentPlan,
  planFromShares,
  planProblems,
  splitEvenly,
  splitFamilyPayment,
  splitFee,
} from './instalments.js';
import { type Currency, MONEY_MAX } from './money.js';

const IRR: Currency = { code: 'IRR', name: 'Rial', decimals: 0 };
const sum = (parts: readonly number[]) => parts.reduce((total, p) => total + p, 0);

const onJoining: DueRule = { kind: 'on_joining' };
const week = (weeks: number): DueRule => ({ kind: 'weeks_after_start', weeks });
const onDate = (day: string): DueRule => ({ kind: 'on_date', day });

describe('splitFee: parts proportional to shares that add up to the fee', () => {
  it('splits exactly when the shares divide the fee', () => {
    expect(splitFee(1_000_000, [40, 30, 30])).toEqual([400_000, 300_000, 300_000]);
    expect(splitFee(1_000_000, [1])).toEqual([1_000_000]);
    expect(splitFee(0, [1, 1, 1])).toEqual([0, 0, 0]);
  });
  it('gives the units rounding lost to the largest remainders', () => {
    // Exact: 3.333…, 3.333…, 3.333…: the first part gets the unit left over.
    expect(splitFee(10, [1, 1, 1])).toEqual([4, 3, 3]);
    // Exact: 1.5, 4.5, 4: remainders tie at .5 and the earlier part wins.
    expect(splitFee(10, [15, 45, 40])).toEqual([2, 4, 4]);
    // Exact: 1.2, 3.6, 5.2: the .6 gets the unit, not the earlier .2.
    expect(splitFee(10, [12, 36, 52])).toEqual([1, 4, 5]);
    // Exact: 0.2, 0.2, 0.6: one unit, to the last part, whose remainder is largest.
    expect(splitFee(1, [1, 1, 3])).toEqual([0, 0, 1]);
  });
  it('splits one unit to the first part among equals', () => {
    expect(splitFee(1, [1, 1])).toEqual([1, 0]);
    expect(splitEvenly(1, 3)).toEqual([1, 0, 0]);
    expect(splitEvenly(2, 3)).toEqual([1, 1, 0]);
  });
  it('gives a share of 0 nothing', () => {
    expect(splitFee(10, [0, 1, 1, 1])).toEqual([0, 4, 3, 3]);
    expect(splitFee(7, [1, 0, 1])).toEqual([4, 0, 3]);
  });
  it('splits the largest fee exactly, where fee × share passes 2^53', () => {
    expect(splitFee(MONEY_MAX, [1, 1, 1])).toEqual([
      333_333_333_333_334, 333_333_333_333_333, 333_333_333_333_333,
    ]);
    expect(sum(splitFee(MONEY_MAX, [97, 89, 83, 79]))).toBe(MONEY_MAX);
  });
  it('splits evenly, the earlier parts a unit larger', () => {
    expect(splitEvenly(1_250_000, 3)).toEqual([416_667, 416_667, 416_666]);
    expect(splitEvenly(100, 12)).toEqual([9, 9, 9, 9, 8, 8, 8, 8, 8, 8, 8, 8]);
  });
  it('refuses a total or shares that are not ones', () => {
    expect(() => splitFee(-1, [1])).toThrow(RangeError);
    expect(() => splitFee(1.5, [1])).toThrow(RangeError);
    expect(() => splitFee(MONEY_MAX + 1, [1])).toThrow(RangeError);
    expect(() => splitFee(10, [])).toThrow(RangeError);
    expect(() => splitFee(10, [0, 0])).toThrow(RangeError);
    expect(() => splitFee(10, [1, -1])).toThrow(RangeError);
    expect(() => splitFee(10, [0.5, 0.5])).toThrow(RangeError);
    expect(() => splitEvenly(10, 0)).toThrow(RangeError);
  });
  it('always adds up to the total, each part within a unit of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_MAX }),
        fc
          .array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 40 })
          .filter((shares) => sum(shares) > 0),
        (total, shares) => {
          const parts = splitFee(total, shares);
          expect(parts).toHaveLength(shares.length);
          expect(sum(parts)).toBe(total);
          const whole = BigInt(sum(shares));
          parts.forEach((part, i) => {
            // The exact share rounded down, or one unit more; a share of 0 gets exactly 0.
            const floor = Number((BigInt(total) * BigInt(shares[i] ?? 0)) / whole);
            expect([floor, floor + 1]).toContain(part);
            if (shares[i] === 0) expect(part).toBe(0);
          });
        },
      ),
    );
  });
  it('gives equal shares parts that differ by a unit at most, the earlier never smaller', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_MAX }),
        fc.integer({ min: 1, max: 100 }),
        (total, n) => {
          const parts = splitEvenly(total, n);
          expect(sum(parts)).toBe(total);
          for (let i = 1; i < parts.length; i++) {
            const [before, after] = [parts[i - 1] ?? 0, parts[i] ?? 0];
            expect(before - after === 0 || before - after === 1).toBe(true);
          }
        },
      ),
    );
  });
});

describe('dueDay', () => {
  const days = { termFirstDay: '2026-09-01', joinedOn: '2026-08-20' };
  it('is the day of joining, the first day and its weeks, or the date', () => {
    expect(dueDay(onJoining, days)).toBe('2026-08-20');
    expect(dueDay(week(0), days)).toBe('2026-09-01');
    expect(dueDay(week(4), days)).toBe('2026-09-29');
    expect(dueDay(week(8), days)).toBe('2026-10-27');
    expect(dueDay(onDate('2026-10-15'), days)).toBe('2026-10-15');
  });
  it('crosses months, years and leap days as the calendar does', () => {
    expect(dueDay(week(1), { termFirstDay: '2026-12-28', joinedOn: '2026-12-01' })).toBe(
      '2027-01-04',
    );
    expect(dueDay(week(1), { termFirstDay: '2028-02-23', joinedOn: '2028-02-01' })).toBe(
      '2028-03-01',
    );
    expect(dueDay(week(1), { termFirstDay: '2028-02-22', joinedOn: '2028-02-01' })).toBe(
      '2028-02-29',
    );
  });
  it('is never before the student joined: a late joiner owes past parts from joining', () => {
    const late = { termFirstDay: '2026-09-01', joinedOn: '2026-10-10' };
    expect(dueDay(week(4), late)).toBe('2026-10-10');
    expect(dueDay(week(8), late)).toBe('2026-10-27');
    expect(dueDay(onDate('2026-09-15'), late)).toBe('2026-10-10');
    expect(dueDay(onJoining, late)).toBe('2026-10-10');
  });
  it('refuses a day that is not a date', () => {
    expect(() => dueDay(onJoining, { ...days, joinedOn: '2026-02-30' })).toThrow(RangeError);
    expect(() => dueDay(week(1), { ...days, termFirstDay: 'soon' })).toThrow(RangeError);
    expect(() => dueDay(onDate('2026/10/01'), days)).toThrow(RangeError);
  });
});

describe('planFromShares', () => {
  it('lays a plan out from shares with amounts that add up to the fee', () => {
    const plan = planFromShares(1_250_000, [
      { label: 'On joining', due: onJoining, share: 1 },
      { label: 'Week 4', due: week(4), share: 1 },
      { label: 'Week 8', due: week(8), share: 1 },
    ]);
    expect(plan).toEqual({
      fee: 1_250_000,
      parts: [
        { label: 'On joining', due: onJoining, amount: 416_667 },
        { label: 'Week 4', due: week(4), amount: 416_667 },
        { label: 'Week 8', due: week(8), amount: 416_666 },
      ],
    });
    expect(planProblems(plan, { termFirstDay: '2026-09-01', currency: IRR })).toEqual([]);
  });
});

describe('planProblems', () => {
  const context = { termFirstDay: '2026-09-01', currency: IRR };
  const good: InstalmentPlan = {
    fee: 1_000_000,
    parts: [
      { label: 'On joining', due: onJoining, amount: 400_000 },
      { label: 'Week 4', due: week(4), amount: 300_000 },
      { label: 'October', due: onDate('2026-10-20'), amount: 300_000 },
    ],
  };
  const withPart = (i: number, change: object): InstalmentPlan => ({
    ...good,
    parts: good.parts.map((p, j) => (j === i ? { ...p, ...change } : p)),
  });

  it('finds nothing wrong with a plan whose parts add up and fall due in order', () => {
    expect(planProblems(good, context)).toEqual([]);
    expect(
      planProblems({ fee: 5, parts: [{ label: 'All', due: onJoining, amount: 5 }] }, context),
    ).toEqual([]);
  });
  it('names how far the parts are from the fee', () => {
    expect(planProblems(withPart(2, { amount: 250_000 }), context)).toEqual([
      'The parts add up to 950,000 IRR, not the fee of 1,000,000 IRR (50,000 IRR short).',
    ]);
    expect(planProblems(withPart(2, { amount: 300_001 }), context)).toEqual([
      'The parts add up to 1,000,001 IRR, not the fee of 1,000,000 IRR (1 IRR too much).',
    ]);
  });
  it('refuses a part of 0, a part without a label, and an amount that is no amount', () => {
    expect(
      planProblems(
        { fee: 1_000_000, parts: [...good.parts, { label: 'Extra', due: week(9), amount: 0 }] },
        context,
      ),
    ).toEqual(['Part 4 is 0: give it an amount or remove it.']);
    expect(planProblems(withPart(1, { label: '  ' }), context)).toEqual([
      'Part 2 needs a label, like “Week 4”.',
    ]);
    expect(planProblems(withPart(1, { label: 'x'.repeat(61) }), context)).toEqual([
      'Part 2’s label must be at most 60 characters.',
    ]);
    expect(planProblems(withPart(0, { amount: 399_999.5 }), context)).toEqual([
      'Part 1’s amount must be a whole amount.',
    ]);
    expect(planProblems(withPart(0, { amount: -400_000 }), context)).toEqual([
      'Part 1’s amount must be a whole amount.',
    ]);
  });
  it('refuses no parts, more than the limit, and a fee of 0', () => {
    expect(planProblems({ fee: 1000, parts: [] }, context)).toEqual([
      'The plan needs at least one part.',
    ]);
    const many = planFromShares(
      1300,
      Array.from({ length: INSTALMENT_PARTS_MAX + 1 }, (_, i) => ({
        label: `Month ${i + 1}`,
        due: week(i * 4),
        share: 1,
      })),
    );
    expect(planProblems(many, context)).toEqual(['A plan has at most 12 parts.']);
    expect(planProblems({ ...many, parts: many.parts.slice(0, 12) }, context)).toEqual([
      'The parts add up to 1,200 IRR, not the fee of 1,300 IRR (100 IRR short).',
    ]);
    expect(
      planProblems({ fee: 0, parts: [{ label: 'All', due: onJoining, amount: 0 }] }, context),
    ).toEqual(['The fee must be more than 0.', 'Part 1 is 0: give it an amount or remove it.']);
  });
  it('refuses due days out of order, reading weeks against the term’s first day', () => {
    // Week 4 of a term starting 2026-09-01 is 2026-09-29, after 2026-09-20.
    const swapped = withPart(2, { due: onDate('2026-09-20') });
    expect(planProblems(swapped, context)).toEqual([
      'Part 3 falls due before part 2: put them in order.',
    ]);
    expect(planProblems(withPart(1, { due: onJoining }), context)).toEqual([]);
    expect(planProblems(withPart(2, { due: onJoining }), context)).toEqual([
      'Part 3 falls due before part 2: put them in order.',
    ]);
    // Two parts on one day are in order.
    expect(planProblems(withPart(2, { due: onDate('2026-09-29') }), context)).toEqual([]);
    // A later term: week 4 is 2026-11-03, after the October date.
    expect(planProblems(good, { ...context, termFirstDay: '2026-10-06' })).toEqual([
      'Part 3 falls due before part 2: put them in order.',
    ]);
  });
  it('refuses due rules that are not ones', () => {
    expect(planProblems(withPart(2, { due: onDate('2026-13-01') }), context)).toEqual([
      'Part 3’s date must be a date, such as 2026-10-01.',
    ]);
    expect(planProblems(withPart(1, { due: week(-1) }), context)).toEqual([
      'Part 2’s weeks must be a whole number from 0 to 104.',
    ]);
    expect(planProblems(withPart(1, { due: week(1.5) }), context)).toHaveLength(1);
    expect(planProblems(withPart(1, { due: week(105) }), context)).toHaveLength(1);
  });
});

describe('allocatePayment: the oldest instalment due first', () => {
  const owed = [
    { id: 3, due_day: '2026-10-27', outstanding: 300_000 },
    { id: 1, due_day: '2026-09-01', outstanding: 400_000 },
    { id: 2, due_day: '2026-09-29', outstanding: 300_000 },
  ];
  it('pays the earliest first, a part partly, and leaves no credit', () => {
    expect(allocatePayment(owed, 500_000)).toEqual({
      allocations: [
        { id: 1, amount: 400_000 },
        { id: 2, amount: 100_000 },
      ],
      credit: 0,
    });
    expect(allocatePayment(owed, 1)).toEqual({ allocations: [{ id: 1, amount: 1 }], credit: 0 });
  });
  it('pays every instalment, the coming ones too, and keeps only the rest as credit', () => {
    expect(allocatePayment(owed, 1_000_000)).toEqual({
      allocations: [
        { id: 1, amount: 400_000 },
        { id: 2, amount: 300_000 },
        { id: 3, amount: 300_000 },
      ],
      credit: 0,
    });
    expect(allocatePayment(owed, 1_000_001).credit).toBe(1);
    expect(allocatePayment([], 5000)).toEqual({ allocations: [], credit: 5000 });
  });
  it('takes equal days by id, skips what is paid, and sets nothing for 0', () => {
    const sameDay = [
      { id: 9, due_day: '2026-09-01', outstanding: 100 },
      { id: 4, due_day: '2026-09-01', outstanding: 100 },
      { id: 5, due_day: '2026-08-01', outstanding: 0 },
    ];
    expect(allocatePayment(sameDay, 150)).toEqual({
      allocations: [
        { id: 4, amount: 100 },
        { id: 9, amount: 50 },
      ],
      credit: 0,
    });
    expect(allocatePayment(sameDay, 0)).toEqual({ allocations: [], credit: 0 });
  });
  it('refuses an amount or outstanding that is no amount', () => {
    expect(() => allocatePayment(owed, -1)).toThrow(RangeError);
    expect(() => allocatePayment(owed, 0.5)).toThrow(RangeError);
    expect(() => allocatePayment([{ id: 1, due_day: '2026-09-01', outstanding: -5 }], 10)).toThrow(
      RangeError,
    );
  });
  it('never sets more than the amount, or more than an instalment owes, and loses nothing', () => {
    const instalments = fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 10_000 }),
        due_day: fc.constantFrom('2026-09-01', '2026-09-29', '2026-10-27', '2027-01-05'),
        outstanding: fc.integer({ min: 0, max: 10 ** 12 }),
      }),
      { selector: (i) => i.id, maxLength: 15 },
    );
    fc.assert(
      fc.property(instalments, fc.integer({ min: 0, max: 2 * 10 ** 12 }), (owing, amount) => {
        const { allocations, credit } = allocatePayment(owing, amount);
        expect(sum(allocations.map((a) => a.amount)) + credit).toBe(amount);
        expect(credit).toBeGreaterThanOrEqual(0);
        const byId = new Map(owing.map((i) => [i.id, i]));
        for (const a of allocations) {
          expect(a.amount).toBeGreaterThan(0);
          expect(a.amount).toBeLessThanOrEqual(byId.get(a.id)?.outstanding ?? 0);
        }
        expect(new Set(allocations.map((a) => a.id)).size).toBe(allocations.length);
        // Credit only once everything is paid; a later instalment only once earlier ones are.
        const totalOwed = sum(owing.map((i) => i.outstanding));
        if (credit > 0) expect(amount - credit).toBe(totalOwed);
        const paid = new Map(allocations.map((a) => [a.id, a.amount]));
        const order = [...owing].sort((a, b) =>
          a.due_day === b.due_day ? a.id - b.id : a.due_day < b.due_day ? -1 : 1,
        );
        let short = false;
        for (const i of order) {
          const got = paid.get(i.id) ?? 0;
          if (short) expect(got).toBe(0);
          if (got < i.outstanding) short = true;
        }
      }),
    );
  });
});

describe('splitFamilyPayment: one payment for brothers and sisters', () => {
  const rana = {
    studentId: 7,
    owed: [
      { id: 10, due_day: '2026-10-01', outstanding: 300 },
      { id: 11, due_day: '2026-11-01', outstanding: 300 },
    ],
  };
  const sara = {
    studentId: 9,
    owed: [
      { id: 20, due_day: '2026-10-15', outstanding: 200 },
      { id: 21, due_day: '2026-11-01', outstanding: 200 },
    ],
  };

  it('pays whoever’s instalment is due first, and answers each child’s share', () => {
    // 10 (Rana, Oct 1), 20 (Sara, Oct 15), then 11 and 21 both Nov 1: the lower id first.
    expect(splitFamilyPayment(7, [rana, sara], 700)).toEqual([
      { studentId: 7, amount: 500 },
      { studentId: 9, amount: 200 },
    ]);
    expect(splitFamilyPayment(7, [rana, sara], 400)).toEqual([
      { studentId: 7, amount: 300 },
      { studentId: 9, amount: 100 },
    ]);
  });

  it('leaves out a child whose share is 0', () => {
    expect(splitFamilyPayment(9, [rana, sara], 250)).toEqual([{ studentId: 7, amount: 250 }]);
  });

  it('keeps what is left after every instalment as the credit of the child whose statement is open', () => {
    expect(splitFamilyPayment(9, [rana, sara], 1_100)).toEqual([
      { studentId: 7, amount: 600 },
      { studentId: 9, amount: 500 },
    ]);
    expect(
      splitFamilyPayment(
        9,
        [
          { studentId: 7, owed: [] },
          { studentId: 9, owed: [] },
        ],
        50,
      ),
    ).toEqual([{ studentId: 9, amount: 50 }]);
  });

  it('always adds up to the payment', () => {
    for (const amount of [1, 299, 300, 301, 999, 1_000, 5_000]) {
      const shares = splitFamilyPayment(7, [rana, sara], amount);
      expect(shares.reduce((sum, s) => sum + s.amount, 0)).toBe(amount);
    }
  });
});
