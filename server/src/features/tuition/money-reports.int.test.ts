import { RECEIPT_CHECK_LIST_MAX } from '@academy/contract/tuition/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk as ok } from '../../test-support/expect-ok.js';
import { createTestApp, present, type TestApp, type TestUser } from '../../test-support/harness.js';
import { standingsOutOfStep } from '../../test-support/payer-standings.js';
import { restatePayers } from './ledger-data.js';

/**
 * Issue 52, point 8: the money reports. Income by day and by month per method, a refund taken
 * off and a voided payment left out; what is outstanding per term, with a partial payment, a
 * discount, an overdue part on the app's clock and charges of no term; and the check of the
 * receipt numbers, on a clean year and on a year given gaps by rows put in by hand (the
 * database refuses to delete a receipt, so a gap can only be made by skipping a number).
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let cy: TestUser;
let dee: TestUser;
let autumn: number;
let winter: number;

const M = 1_000_000;
const K = 1_000;

const call = (name: Parameters<TestApp['callUnchecked']>[0], payload: Record<string, unknown>) =>
  t.callUnchecked(name, admin.token, payload);
const answer = async (name: Parameters<TestApp['callUnchecked']>[0], payload = {}) =>
  (await ok(call(name, payload))).json();

/**
 * A row put straight into the ledger (no call writes refunds and discounts yet), and the
 * payer's kept standing worked out again, as every writer of the app does.
 */
async function insertRow(row: {
  student_id: number;
  kind: 'charge' | 'discount' | 'payment' | 'refund';
  amount: number;
  day: string;
  method?: string;
  term_id?: number;
}): Promise<number> {
  const { id } = await t.database.db
    .insertInto('ledger_rows')
    .values({
      student_id: row.student_id,
      kind: row.kind,
      amount: row.amount,
      reason: `A ${row.kind} by hand`,
      voids: null,
      fee_plan_id: null,
      class_id: null,
      term_id: row.term_id ?? null,
      day: row.day,
      method: row.method ?? null,
      reference: null,
      cheque_number: null,
      cheque_day: null,
      created_by: admin.id,
      created_by_name: 'Test',
      created_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await restatePayers(t.database.db, [row.student_id]);
  return id;
}

beforeAll(async () => {
  // 2026-10-01 noon UTC: the autumn term began on 2026-09-20; its parts fall due on joining
  // (today), in week 4 (2026-10-18) and in week 8 (2026-11-15).
  t = await createTestApp({ startAt: Date.UTC(2026, 9, 1, 12) });
  admin = await t.admin();
  await ok(
    call('saveSettings', { currency_code: 'IRR', currency_name: 'Rial', currency_decimals: '0' }),
  );
  ana = await t.student({ name: 'Ana Partial' });
  ben = await t.student({ name: 'Ben Refunded' });
  cy = await t.student({ name: 'Cy Voided' });
  dee = await t.student({ name: 'Dee Uncharged' });
  const classA = (await answer('createClass', { name: 'Reports A' })).class_id;
  const classB = (await answer('createClass', { name: 'Reports B' })).class_id;
  await ok(call('addClassStudents', { class_id: classA, user_ids: [ana.id, ben.id, cy.id] }));
  await ok(call('addClassStudents', { class_id: classB, user_ids: [ana.id] }));
  autumn = (
    await answer('saveTerm', {
      name: 'Autumn 2026',
      first_day: '2026-09-20',
      last_day: '2026-12-20',
    })
  ).id;
  winter = (
    await answer('saveTerm', {
      name: 'Winter 2027',
      first_day: '2027-01-10',
      last_day: '2027-03-20',
    })
  ).id;
  await ok(
    call('saveFeePlan', {
      class_id: classA,
      term_id: autumn,
      tuition: 3 * M,
      items: [],
      parts: [
        { label: 'On joining', due: { kind: 'on_joining' }, amount: M },
        { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: M },
        { label: 'Week 8', due: { kind: 'weeks_after_start', weeks: 8 }, amount: M },
      ],
    }),
  );
  await ok(
    call('saveFeePlan', {
      class_id: classB,
      term_id: winter,
      tuition: 2 * M,
      items: [],
      parts: [{ label: 'Whole', due: { kind: 'on_date', day: '2027-01-10' }, amount: 2 * M }],
    }),
  );
  await ok(call('chargeClassFees', { class_id: classA, term_id: autumn }));
  await ok(call('chargeClassFees', { class_id: classB, term_id: winter }));
  const pay = (who: TestUser, amount: number, day: string, method: string) =>
    answer('recordPayment', { user_id: who.id, amount, day, method });
  // Receipts 2026-000001 to 000004, in this order.
  await pay(dee, 400 * K, '2026-09-30', 'bank_deposit');
  await pay(ana, 1500 * K, '2026-10-01', 'cash');
  await pay(ben, 3 * M, '2026-10-01', 'card_reader');
  const cyPaid = await pay(cy, 500 * K, '2026-10-01', 'cash');
  await ok(call('voidLedgerRow', { user_id: cy.id, row_id: cyPaid.payment_id, reason: 'Bounced' }));
  // Later days, written by hand: Ben's refund, Cy's discount of the term, and Cy's books, a
  // charge of no term with its one part due on 2026-10-10.
  t.clock.now = Date.UTC(2026, 9, 5, 12);
  await insertRow({
    student_id: ben.id,
    kind: 'refund',
    amount: 200 * K,
    day: '2026-10-05',
    method: 'card_reader',
  });
  await insertRow({
    student_id: cy.id,
    kind: 'discount',
    amount: 300 * K,
    day: '2026-10-05',
    term_id: autumn,
  });
  const books = await insertRow({
    student_id: cy.id,
    kind: 'charge',
    amount: 100 * K,
    day: '2026-10-05',
  });
  await t.database.db
    .insertInto('ledger_instalments')
    .values({
      charge_id: books,
      student_id: cy.id,
      position: 0,
      label: 'Books',
      due_day: '2026-10-10',
      amount: 100 * K,
    })
    .execute();
  await restatePayers(t.database.db, [cy.id]);
  // 2026-10-25: the parts due on 2026-10-01 and 2026-10-18 are overdue.
  t.clock.now = Date.UTC(2026, 9, 25, 12);
});
afterAll(async () => {
  await t.close();
});

const none = { cash: 0, card_reader: 0, card_transfer: 0, bank_deposit: 0, cheque: 0, other: 0 };

describe('income', () => {
  it('by day: per method, a refund taken off, a voided payment left out', async () => {
    const income = await answer('moneyIncome', { from: '2026-09-01', to: '2026-10-31', by: 'day' });
    expect(income).toMatchObject({ from: '2026-09-01', to: '2026-10-31', by: 'day' });
    expect(income.currency).toEqual({ code: 'IRR', name: 'Rial', decimals: 0 });
    expect(income.periods).toEqual([
      {
        period: '2026-09-30',
        by_method: { ...none, bank_deposit: 400 * K },
        paid: 400 * K,
        refunded: 0,
        net: 400 * K,
        payments: 1,
        refunds: 0,
      },
      {
        period: '2026-10-01',
        by_method: { ...none, cash: 1500 * K, card_reader: 3 * M },
        paid: 4500 * K,
        refunded: 0,
        net: 4500 * K,
        payments: 2,
        refunds: 0,
      },
      {
        period: '2026-10-05',
        by_method: { ...none, card_reader: -200 * K },
        paid: 0,
        refunded: 200 * K,
        net: -200 * K,
        payments: 0,
        refunds: 1,
      },
    ]);
    expect(income.totals).toEqual({
      by_method: { ...none, cash: 1500 * K, card_reader: 2800 * K, bank_deposit: 400 * K },
      paid: 4900 * K,
      refunded: 200 * K,
      net: 4700 * K,
      payments: 3,
      refunds: 1,
    });
  });

  it('by month, and only the days of the range', async () => {
    const income = await answer('moneyIncome', {
      from: '2026-09-01',
      to: '2026-10-31',
      by: 'month',
    });
    expect(income.periods.map((p: { period: string; net: number }) => [p.period, p.net])).toEqual([
      ['2026-09', 400 * K],
      ['2026-10', 4300 * K],
    ]);
    expect(income.periods[1]).toMatchObject({
      by_method: { ...none, cash: 1500 * K, card_reader: 2800 * K },
      payments: 2,
      refunds: 1,
    });
    const oneDay = await answer('moneyIncome', { from: '2026-10-02', to: '2026-10-05' });
    expect(oneDay.by).toBe('day');
    expect(oneDay.periods.map((p: { period: string }) => p.period)).toEqual(['2026-10-05']);
    const empty = await answer('moneyIncome', { from: '2025-01-01', to: '2025-01-31' });
    expect(empty.periods).toEqual([]);
    expect(empty.totals).toMatchObject({ net: 0, payments: 0 });
  });

  it('refuses a range backwards or longer than 400 days, in words', async () => {
    const backwards = await call('moneyIncome', { from: '2026-10-02', to: '2026-10-01' });
    expect([backwards.statusCode, backwards.json().message]).toEqual([
      400,
      'The range must end on or after the day it starts.',
    ]);
    const long = await call('moneyIncome', { from: '2026-01-01', to: '2027-02-05' });
    expect([long.statusCode, long.json().message]).toEqual([
      400,
      'A range may be at most 400 days long; this one is 401.',
    ]);
    await ok(call('moneyIncome', { from: '2026-01-01', to: '2027-02-04' }));
    const notDay = await call('moneyIncome', { from: '2026-02-30', to: '2026-03-01' });
    expect([notDay.statusCode, notDay.json().message]).toEqual([
      400,
      'The first day must be a date, such as 2026-10-01.',
    ]);
    const by = await call('moneyIncome', { from: '2026-02-01', to: '2026-03-01', by: 'week' });
    expect([by.statusCode, by.json().message]).toEqual([
      400,
      'Income is shown by day or by month.',
    ]);
  });

  it('as CSV: a line per period and one of the totals, amounts as plain numbers', async () => {
    const file = await answer('exportMoneyIncome', {
      from: '2026-09-01',
      to: '2026-10-31',
      by: 'month',
    });
    expect(file.file_name).toBe('income-by-month-2026-09-01-to-2026-10-31.csv');
    expect(file.count).toBe(2);
    expect(
      file.csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([
      'period,cash,card reader,card-to-card transfer,bank deposit,cheque,other,paid,refunded,net,payments,refunds',
      '2026-09,0,0,0,400000,0,0,400000,0,400000,1,0',
      '2026-10,1500000,2800000,0,0,0,0,4500000,200000,4300000,2,1',
      'total,1500000,2800000,0,400000,0,0,4900000,200000,4700000,3,1',
    ]);
  });
});

describe('outstanding per term', () => {
  it('sets credits oldest first: a partial payment, a discount, what is overdue, and no term', async () => {
    const report = await answer('moneyOutstanding');
    expect(report.today).toBe('2026-10-25');
    expect(report.terms).toEqual([
      {
        term_id: autumn,
        name: 'Autumn 2026',
        // Ana 1.5M of 3M (the week 4 part half paid and overdue), Ben 3M less the 0.2M refund
        // (the week 8 part, not due yet), Cy the 0.3M discount (the first part, overdue).
        charged: 9 * M,
        discounts: 300 * K,
        paid: 4600 * K,
        outstanding: 4400 * K,
        overdue: 500 * K + 1700 * K,
        payers: 3,
        owing: 3,
        overdue_payers: 2,
      },
      {
        term_id: winter,
        name: 'Winter 2027',
        charged: 2 * M,
        discounts: 0,
        paid: 0,
        outstanding: 2 * M,
        overdue: 0,
        payers: 1,
        owing: 1,
        overdue_payers: 0,
      },
      {
        term_id: null,
        name: null,
        charged: 100 * K,
        discounts: 0,
        paid: 0,
        outstanding: 100 * K,
        overdue: 100 * K,
        payers: 1,
        owing: 1,
        overdue_payers: 1,
      },
    ]);
    expect(report.totals).toEqual({
      charged: 11_100 * K,
      discounts: 300 * K,
      paid: 4600 * K,
      outstanding: 6500 * K,
      overdue: 2300 * K,
      payers: 3,
      owing: 3,
      overdue_payers: 2,
    });
  });

  it('one term alone, whose payers’ older parts still come first; a term not there is 404', async () => {
    const report = await answer('moneyOutstanding', { term_id: winter });
    expect(report.terms.map((r: { term_id: number }) => r.term_id)).toEqual([winter]);
    expect(report.totals).toMatchObject({ charged: 2 * M, outstanding: 2 * M, payers: 1 });
    const missing = await call('moneyOutstanding', { term_id: 999_999 });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'No such term.']);
  });
});

describe('the receipt-number check', () => {
  it('a clean year: every number once, the voided one keeping its number', async () => {
    const check = await answer('receiptCheck', {});
    expect(check).toMatchObject({
      year: 2026,
      years: [2026],
      count: 4,
      highest: '2026-000004',
      missing: [],
      missing_count: 0,
      repeated: [],
      repeated_count: 0,
      unreadable: [],
      voided: ['2026-000004'],
      voided_count: 1,
    });
    const empty = await answer('receiptCheck', { year: 2027 });
    expect(empty).toMatchObject({ year: 2027, count: 0, highest: null, missing: [] });
  });

  it('names a number skipped, and lists no more than its limit past a gap put in by hand', async () => {
    const receipt = async (number: number) => {
      const payment = await insertRow({
        student_id: dee.id,
        kind: 'payment',
        amount: K,
        day: '2025-06-01',
        method: 'cash',
      });
      await t.database.db
        .insertInto('receipts')
        .values({ payment_id: payment, year: 2025, number, created_at: t.clock.now })
        .execute();
    };
    await receipt(1);
    await receipt(3);
    const gap = await answer('receiptCheck', { year: 2025 });
    expect(gap).toMatchObject({
      year: 2025,
      years: [2026, 2025],
      count: 2,
      highest: '2025-000003',
      missing: ['2025-000002'],
      missing_count: 1,
      repeated: [],
      voided_count: 0,
    });
    await receipt(1000);
    const far = await answer('receiptCheck', { year: 2025 });
    expect(far.missing_count).toBe(997);
    expect(far.missing).toHaveLength(RECEIPT_CHECK_LIST_MAX);
    expect(present(far.missing[0], 'the first')).toBe('2025-000002');
    expect(far.missing.at(-1)).toBe(`2025-${String(RECEIPT_CHECK_LIST_MAX + 2).padStart(6, '0')}`);
    expect(far.highest).toBe('2025-001000');
  });

  it('checks the refund notes as a series of their own: R- numbers, a gap, a voided note', async () => {
    const note = async (number: number) => {
      const refund = await insertRow({
        student_id: dee.id,
        kind: 'refund',
        amount: K,
        day: '2024-06-01',
        method: 'cash',
      });
      await t.database.db
        .insertInto('refund_notes')
        .values({ refund_id: refund, year: 2024, number, created_at: t.clock.now })
        .execute();
      return refund;
    };
    await note(1);
    const voided = await note(2);
    await note(4);
    await ok(call('voidLedgerRow', { user_id: dee.id, row_id: voided, reason: 'Typed twice' }));
    const check = await answer('receiptCheck', { year: 2024 });
    // A year with refund notes and no receipt is a year to choose; its receipts are none.
    expect(check.years).toEqual([2026, 2025, 2024]);
    expect(check).toMatchObject({ count: 0, highest: null, missing: [] });
    expect(check.refund_notes).toEqual({
      count: 3,
      highest: 'R-2024-000004',
      missing: ['R-2024-000003'],
      missing_count: 1,
      repeated: [],
      repeated_count: 0,
      unreadable: [],
      voided: ['R-2024-000002'],
      voided_count: 1,
    });
    // The receipts' year knows nothing of the refund notes, and the other way round.
    expect((await answer('receiptCheck', { year: 2025 })).refund_notes.count).toBe(0);
  });

  it('refuses a year that is no year', async () => {
    const bad = await call('receiptCheck', { year: '99' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('year must be at least 1000');
  });
});

describe('the payers’ kept standings', () => {
  it('agree with their ledgers after every write above', async () => {
    const db = t.database.db;
    expect(await db.selectFrom('payer_balances').select('student_id').execute()).not.toEqual([]);
    expect(await standingsOutOfStep(db)).toEqual([]);
  });
});
