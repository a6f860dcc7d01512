import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_MAX } from './money.js';
import {
  applyDiscounts,
  type Discount,
  lateJoinCharge,
  type RefundTerms,
  refundProposal,
  refundTermsProblem,
  siblingDiscountPercent,
} from './rules.js';

describe('lateJoinCharge', () => {
  it('charges the whole fee under the rule "all", however late', () => {
    expect(lateJoinCharge(1_200_000, { rule: 'all', sessionsTotal: 24, sessionsLeft: 6 })).toBe(
      1_200_000,
    );
  });
  it('charges by sessions left, rounded half up', () => {
    const by = (fee: number, sessionsTotal: number, sessionsLeft: number) =>
      lateJoinCharge(fee, { rule: 'sessions_left', sessionsTotal, sessionsLeft });
    expect(by(1_200_000, 24, 18)).toBe(900_000);
    expect(by(1_200_000, 24, 24)).toBe(1_200_000);
    expect(by(1_200_000, 24, 0)).toBe(0);
    expect(by(100, 3, 1)).toBe(33); // 33.33 down
    expect(by(100, 3, 2)).toBe(67); // 66.67 up
    expect(by(5, 2, 1)).toBe(3); // 2.5 up
    expect(by(1, 2, 1)).toBe(1); // 0.5 up
    expect(by(1, 3, 1)).toBe(0); // 0.33 down
  });
  it('never charges more than the fee, and the fee when the class has no sessions', () => {
    const by = (sessionsTotal: number, sessionsLeft: number) =>
      lateJoinCharge(1000, { rule: 'sessions_left', sessionsTotal, sessionsLeft });
    expect(by(10, 12)).toBe(1000);
    expect(by(0, 0)).toBe(1000);
    expect(by(0, 5)).toBe(1000);
  });
  it('stays exact for the largest fee', () => {
    expect(
      lateJoinCharge(MONEY_MAX, { rule: 'sessions_left', sessionsTotal: 3, sessionsLeft: 2 }),
    ).toBe(666_666_666_666_667);
  });
  it('refuses a fee or counts that are not ones', () => {
    const how = { rule: 'sessions_left' as const, sessionsTotal: 10, sessionsLeft: 5 };
    expect(() => lateJoinCharge(-1, how)).toThrow(RangeError);
    expect(() => lateJoinCharge(10.5, how)).toThrow(RangeError);
    expect(() => lateJoinCharge(10, { ...how, sessionsLeft: -1 })).toThrow(RangeError);
    expect(() => lateJoinCharge(10, { ...how, sessionsTotal: 2.5 })).toThrow(RangeError);
  });
  it('charges more for more sessions left, from 0 to the fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_MAX }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 199 }),
        (fee, sessionsTotal, left) => {
          const sessionsLeft = left % (sessionsTotal + 1);
          const how = { rule: 'sessions_left' as const, sessionsTotal };
          const charge = lateJoinCharge(fee, { ...how, sessionsLeft });
          expect(charge).toBeGreaterThanOrEqual(0);
          expect(charge).toBeLessThanOrEqual(fee);
          if (sessionsLeft < sessionsTotal)
            expect(
              lateJoinCharge(fee, { ...how, sessionsLeft: sessionsLeft + 1 }),
            ).toBeGreaterThanOrEqual(charge);
        },
      ),
    );
  });
});

describe('refundProposal', () => {
  const terms: RefundTerms = {
    keptBeforeStartPercent: 10,
    keptAfterStartPercent: 20,
    rule: 'share_and_sessions',
  };
  const leaving = (change: object = {}) => ({
    ...terms,
    termStarted: true,
    sessionsTotal: 20,
    sessionsTaken: 5,
    ...change,
  });

  it('keeps the share before the term starts and refunds the rest of what was paid', () => {
    expect(refundProposal(1_000_000, 1_000_000, leaving({ termStarted: false }))).toEqual({
      kept: 100_000,
      refund: 900_000,
      owed: 0,
    });
  });
  it('after it starts keeps the share and the sessions taken’s part of the rest', () => {
    // 20% of 1,000,000 is 200,000; 5 of 20 sessions of the other 800,000 is 200,000.
    expect(refundProposal(1_000_000, 1_000_000, leaving())).toEqual({
      kept: 400_000,
      refund: 600_000,
      owed: 0,
    });
    expect(refundProposal(1_000_000, 1_000_000, leaving({ sessionsTaken: 0 })).kept).toBe(200_000);
    expect(refundProposal(1_000_000, 1_000_000, leaving({ sessionsTaken: 20 }))).toEqual({
      kept: 1_000_000,
      refund: 0,
      owed: 0,
    });
  });
  it('keeps only the share under the rule "share"', () => {
    expect(refundProposal(1_000_000, 1_000_000, leaving({ rule: 'share' }))).toEqual({
      kept: 200_000,
      refund: 800_000,
      owed: 0,
    });
  });
  it('refunds only what was paid beyond what is kept, and says what is still owed', () => {
    expect(refundProposal(300_000, 1_000_000, leaving())).toEqual({
      kept: 400_000,
      refund: 0,
      owed: 100_000,
    });
    expect(refundProposal(0, 1_000_000, leaving({ termStarted: false }))).toEqual({
      kept: 100_000,
      refund: 0,
      owed: 100_000,
    });
    // Paid more than the fee: what was paid beyond the kept part goes back, all of it.
    expect(refundProposal(1_100_000, 1_000_000, leaving()).refund).toBe(700_000);
  });
  it('counts no sessions when the class has none, and no more taken than there are', () => {
    expect(refundProposal(1000, 1000, leaving({ sessionsTotal: 0, sessionsTaken: 0 })).kept).toBe(
      200,
    );
    expect(refundProposal(1000, 1000, leaving({ sessionsTotal: 10, sessionsTaken: 15 })).kept).toBe(
      1000,
    );
  });
  it('rounds each part half up', () => {
    // 15% of 999 is 149.85: 150; 1 of 3 sessions of the other 849 is 283.
    expect(
      refundProposal(
        999,
        999,
        leaving({ keptAfterStartPercent: 15, sessionsTotal: 3, sessionsTaken: 1 }),
      ),
    ).toEqual({ kept: 433, refund: 566, owed: 0 });
    // 10% of 5 is 0.5: 1.
    expect(refundProposal(5, 5, leaving({ termStarted: false })).kept).toBe(1);
  });
  it('refuses amounts and percents that are not ones', () => {
    expect(() => refundProposal(-1, 10, leaving())).toThrow(RangeError);
    expect(() => refundProposal(1, 10.5, leaving())).toThrow(RangeError);
    expect(() => refundProposal(1, 10, leaving({ keptAfterStartPercent: 101 }))).toThrow(
      RangeError,
    );
    expect(() => refundProposal(1, 10, leaving({ keptBeforeStartPercent: 2.5 }))).toThrow(
      RangeError,
    );
    expect(() => refundProposal(1, 10, leaving({ sessionsTaken: -1 }))).toThrow(RangeError);
  });
  it('keeps no more than the fee and refunds no more than was paid, kept + refund − owed = paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_MAX }),
        fc.integer({ min: 0, max: MONEY_MAX }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        fc.constantFrom('share' as const, 'share_and_sessions' as const),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (paid, fee, before, after, termStarted, rule, sessionsTotal, sessionsTaken) => {
          const p = refundProposal(paid, fee, {
            keptBeforeStartPercent: before,
            keptAfterStartPercent: after,
            rule,
            termStarted,
            sessionsTotal,
            sessionsTaken,
          });
          expect(p.kept).toBeGreaterThanOrEqual(0);
          expect(p.kept).toBeLessThanOrEqual(fee);
          expect(p.refund).toBeGreaterThanOrEqual(0);
          expect(p.refund).toBeLessThanOrEqual(paid);
          expect(p.owed).toBeGreaterThanOrEqual(0);
          expect(p.refund === 0 || p.owed === 0).toBe(true);
          expect(p.kept + p.refund - p.owed).toBe(paid);
        },
      ),
    );
  });
});

describe('refundTermsProblem', () => {
  it('takes whole percents, the share after the start at least the share before', () => {
    const ok: RefundTerms = {
      keptBeforeStartPercent: 10,
      keptAfterStartPercent: 10,
      rule: 'share',
    };
    expect(refundTermsProblem(ok)).toBeNull();
    expect(refundTermsProblem({ ...ok, keptAfterStartPercent: 5 })).toBe(
      'The share kept after the term starts must not be less than the share kept before.',
    );
    expect(refundTermsProblem({ ...ok, keptAfterStartPercent: 101 })).toBe(
      'The shares kept must be whole percents from 0 to 100.',
    );
    expect(refundTermsProblem({ ...ok, keptBeforeStartPercent: 7.5 })).not.toBeNull();
    expect(refundTermsProblem({ ...ok, keptBeforeStartPercent: -1 })).not.toBeNull();
  });
});

describe('applyDiscounts', () => {
  const percent = (p: number, reason = `${p}%`): Discount => ({
    kind: 'percent',
    percent: p,
    reason,
  });
  const off = (amount: number, reason = `${amount} off`): Discount => ({
    kind: 'amount',
    amount,
    reason,
  });

  it('takes percents off the gross, not one after another, then amounts', () => {
    expect(applyDiscounts(1_000_000, [percent(10, 'Second sibling'), percent(5, 'Early')])).toEqual(
      {
        lines: [
          { reason: 'Second sibling', amount: 100_000 },
          { reason: 'Early', amount: 50_000 },
        ],
        total: 850_000,
      },
    );
    // The amount is listed first but comes off after the percent, which is on the gross.
    expect(
      applyDiscounts(1_000_000, [off(200_000, 'Voucher'), percent(10, 'Staff child')]),
    ).toEqual({
      lines: [
        { reason: 'Staff child', amount: 100_000 },
        { reason: 'Voucher', amount: 200_000 },
      ],
      total: 700_000,
    });
  });
  it('rounds a percent half up to the unit', () => {
    expect(applyDiscounts(999, [percent(50)]).total).toBe(499); // 499.5 off: 500
    expect(applyDiscounts(1, [percent(50)]).lines).toEqual([{ reason: '50%', amount: 1 }]);
    expect(applyDiscounts(1, [percent(49)])).toEqual({ lines: [], total: 1 });
  });
  it('never goes below 0, cutting the discount that would, and makes no line of 0', () => {
    expect(applyDiscounts(1000, [percent(60), percent(60)])).toEqual({
      lines: [
        { reason: '60%', amount: 600 },
        { reason: '60%', amount: 400 },
      ],
      total: 0,
    });
    expect(applyDiscounts(1000, [off(700), off(700), off(5)])).toEqual({
      lines: [
        { reason: '700 off', amount: 700 },
        { reason: '700 off', amount: 300 },
      ],
      total: 0,
    });
    expect(applyDiscounts(0, [percent(10), off(5)])).toEqual({ lines: [], total: 0 });
    expect(applyDiscounts(1000, [])).toEqual({ lines: [], total: 1000 });
    expect(applyDiscounts(1000, [percent(0), off(0)])).toEqual({ lines: [], total: 1000 });
    expect(applyDiscounts(1000, [percent(100)]).total).toBe(0);
  });
  it('refuses amounts and percents that are not ones', () => {
    expect(() => applyDiscounts(-1, [])).toThrow(RangeError);
    expect(() => applyDiscounts(100, [percent(101)])).toThrow(RangeError);
    expect(() => applyDiscounts(100, [percent(12.5)])).toThrow(RangeError);
    expect(() => applyDiscounts(100, [off(-5)])).toThrow(RangeError);
    expect(() => applyDiscounts(100, [off(2.5)])).toThrow(RangeError);
  });
  it('lines and total add up to the gross, the total never below 0', () => {
    const discount = fc.oneof(
      fc.record({
        kind: fc.constant('percent' as const),
        percent: fc.integer({ min: 0, max: 100 }),
        reason: fc.string(),
      }),
      fc.record({
        kind: fc.constant('amount' as const),
        amount: fc.integer({ min: 0, max: MONEY_MAX }),
        reason: fc.string(),
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_MAX }),
        fc.array(discount, { maxLength: 8 }),
        (gross, discounts) => {
          const { lines, total } = applyDiscounts(gross, discounts);
          expect(total).toBeGreaterThanOrEqual(0);
          expect(lines.reduce((sum, l) => sum + l.amount, 0) + total).toBe(gross);
          for (const l of lines) expect(l.amount).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('siblingDiscountPercent', () => {
  const rules = { second: 10, third: 15 };
  it('gives the first child none, the second its rule, the third and later the third’s', () => {
    expect(siblingDiscountPercent(1, rules)).toBe(0);
    expect(siblingDiscountPercent(2, rules)).toBe(10);
    expect(siblingDiscountPercent(3, rules)).toBe(15);
    expect(siblingDiscountPercent(7, rules)).toBe(15);
  });
  it('refuses a place that is not one, and a rule that is no percent', () => {
    expect(() => siblingDiscountPercent(0, rules)).toThrow(RangeError);
    expect(() => siblingDiscountPercent(1.5, rules)).toThrow(RangeError);
    expect(() => siblingDiscountPercent(2, { second: 120, third: 0 })).toThrow(RangeError);
  });
});
