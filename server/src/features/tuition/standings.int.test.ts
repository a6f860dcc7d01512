import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPayerStandings } from '../../db/migrations/0060-payer-standings.js';
import { expectOk as ok } from '../../test-support/expect-ok.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { standingsOutOfStep } from '../../test-support/payer-standings.js';

/**
 * Each payer's standing is kept as their ledger is written (migration 0060, restatePayers): the
 * debtors list reads it. Writers to one payer at the same instant each work it out with the
 * others' rows in (on PostgreSQL the payer is locked; SQLite writes one at a time), and the
 * migration fills it from the ledgers an academy already has, as the writers would have.
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let chargeId: number;
const M = 1_000_000;

const call = (name: Parameters<TestApp['callUnchecked']>[0], payload: Record<string, unknown>) =>
  t.callUnchecked(name, admin.token, payload);
const pay = (who: TestUser, amount: number) =>
  call('recordPayment', { user_id: who.id, amount, day: '2026-10-01', method: 'cash' });

beforeAll(async () => {
  t = await createTestApp({ startAt: Date.UTC(2026, 9, 1, 12) });
  admin = await t.admin();
  await ok(
    call('saveSettings', { currency_code: 'IRR', currency_name: 'Rial', currency_decimals: '0' }),
  );
  ana = await t.student({ name: 'Ana Many' });
  ben = await t.student({ name: 'Ben Many' });
  const classId = (await ok(call('createClass', { name: 'Busy Desk' }))).json().class_id;
  await ok(call('addClassStudents', { class_id: classId, user_ids: [ana.id, ben.id] }));
  const term = (
    await ok(
      call('saveTerm', { name: 'Autumn 2026', first_day: '2026-09-20', last_day: '2026-12-20' }),
    )
  ).json().id;
  await ok(
    call('saveFeePlan', {
      class_id: classId,
      term_id: term,
      tuition: 30 * M,
      items: [],
      parts: [
        { label: 'On joining', due: { kind: 'on_joining' }, amount: 10 * M },
        { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: 10 * M },
        { label: 'Week 8', due: { kind: 'weeks_after_start', weeks: 8 }, amount: 10 * M },
      ],
    }),
  );
  await ok(call('chargeClassFees', { class_id: classId, term_id: term }));
  const charge = (await ok(t.call('getStatement', admin.token, { student_id: ana.id })))
    .json()
    .rows.find((r: { kind: string }) => r.kind === 'charge');
  if (!charge) throw new Error('Ana was not charged.');
  chargeId = charge.id;
});
afterAll(() => t.close());

describe("a payer's kept standing", () => {
  it('holds when payments, discounts and voids of one payer come at the same instant', async () => {
    const early = await Promise.all([1, 2].map(async () => (await ok(pay(ana, M))).json()));
    const answers = await Promise.all([
      ...[1, 2, 3, 4, 5, 6].map((n) => pay(ana, n * 100_000)),
      pay(ben, 2 * M),
      call('grantDiscount', {
        user_id: ana.id,
        charge_id: chargeId,
        kind: 'amount',
        value: 500_000,
        reason: 'Early bird',
      }),
      call('grantDiscount', {
        user_id: ana.id,
        charge_id: chargeId,
        kind: 'percent',
        value: 5,
        reason: 'Staff child',
      }),
      ...early.map((p) =>
        call('voidLedgerRow', { user_id: ana.id, row_id: p.payment_id, reason: 'Bounced' }),
      ),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await standingsOutOfStep(t.database.db)).toEqual([]);
    // 30M charged; 2.1M paid and kept, 0.5M and 1.5M off: 25.9M owed, the first part's
    // 10M less 4.1M overdue on no day yet (due today), so nothing is overdue.
    const debtors = (await ok(call('listDebtors', {}))).json();
    const row = debtors.rows.find((r: { student_id: number }) => r.student_id === ana.id);
    expect(row).toMatchObject({ balance: 25_900_000, overdue: 0, days_overdue: 0 });
    expect(row.next).toMatchObject({ label: 'On joining', outstanding: 5_900_000 });
  });

  it('is filled by the migration from the ledgers already written, as the writers keep it', async () => {
    const db = t.database.db;
    const kept = async () => ({
      balances: await db.selectFrom('payer_balances').selectAll().orderBy('student_id').execute(),
      owed: await db.selectFrom('owed_instalments').selectAll().orderBy('instalment_id').execute(),
    });
    const before = await kept();
    expect(before.owed.length).toBeGreaterThan(0);
    await db.deleteFrom('owed_instalments').execute();
    await db.deleteFrom('payer_balances').execute();
    await fillPayerStandings(db);
    expect(await kept()).toEqual(before);
  });
});
