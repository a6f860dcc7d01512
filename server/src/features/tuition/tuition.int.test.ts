import { receiptGaps } from '@academy/contract/tuition/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp, type TestUser } from '../../test-support/harness.js';
import { standingsOutOfStep } from '../../test-support/payer-standings.js';

/**
 * Issue 52, the first server slice: fee plans, charging a class, payments at the desk with
 * receipt numbers from the server's counter, voids that delete nothing, and who may read money.
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let carla: TestUser;
let teacher: TestUser;
let classId: number;
let termId: number;

const IRR = { currency_code: 'IRR', currency_name: 'Rial', currency_decimals: '0' };

/** Three parts of a fee of 9,000,000 with 1,000,000 of books. */
const PLAN = {
  tuition: 9_000_000,
  items: [{ label: 'Books', amount: 1_000_000 }],
  parts: [
    { label: 'On joining', due: { kind: 'on_joining' }, amount: 4_000_000 },
    { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: 3_000_000 },
    { label: 'Week 8', due: { kind: 'weeks_after_start', weeks: 8 }, amount: 3_000_000 },
  ],
};

beforeAll(async () => {
  // 2026-10-01 noon UTC: the term began on 2026-09-20.
  t = await createTestApp({ startAt: Date.UTC(2026, 9, 1, 12) });
  admin = await t.admin();
  ana = await t.student({ name: 'Ana Payer' });
  ben = await t.student({ name: 'Ben Payer' });
  carla = await t.student({ name: 'Carla Payer' });
  classId = (await t.call('createClass', admin.token, { name: 'Fees Class' })).json().class_id;
  teacher = await t.teacher({ classIds: [classId] });
  await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [ana.id, ben.id] });
  termId = (
    await t.call('saveTerm', admin.token, {
      name: 'Autumn 2026',
      first_day: '2026-09-20',
      last_day: '2026-12-20',
    })
  ).json().id;
});
afterAll(() => t.close());

const call = (name: Parameters<TestApp['callUnchecked']>[0], payload: Record<string, unknown>) =>
  t.callUnchecked(name, admin.token, payload);
const statement = async (who: TestUser) =>
  (await t.call('getStatement', admin.token, { student_id: who.id })).json();
const pay = (who: TestUser, amount: number, extra: Record<string, unknown> = {}) =>
  call('recordPayment', { user_id: who.id, amount, day: '2026-10-01', method: 'cash', ...extra });

describe('tuition', () => {
  it('waits for the currency before any money', async () => {
    const res = await call('saveFeePlan', { class_id: classId, term_id: termId, ...PLAN });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/set the academy’s currency on Settings/);
    const bad = await t.callUnchecked('saveSettings', admin.token, { ...IRR, currency_code: 'ir' });
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'The code must be three capital letters, like IRR.',
    ]);
    const half = await t.callUnchecked('saveSettings', admin.token, { currency_code: 'IRR' });
    expect([half.statusCode, half.json().message]).toEqual([
      400,
      'The currency’s code, name and decimals are saved together.',
    ]);
    // Before money exists, the decimals may change freely.
    expect(
      (await t.callUnchecked('saveSettings', admin.token, { ...IRR, currency_decimals: '2' }))
        .statusCode,
    ).toBe(200);
    expect((await t.callUnchecked('saveSettings', admin.token, IRR)).statusCode).toBe(200);
    const settings = (await t.call('getSettings', admin.token, {})).json();
    expect(settings.settings.currency).toEqual({ code: 'IRR', name: 'Rial', decimals: 0 });
  });

  it('refuses a plan whose parts do not add up, in words, with 400', async () => {
    const short = await call('saveFeePlan', {
      class_id: classId,
      term_id: termId,
      ...PLAN,
      parts: PLAN.parts.slice(0, 2),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(
      'The parts add up to 7,000,000 IRR, not the fee of 10,000,000 IRR (3,000,000 IRR short).',
    );
    const backwards = await call('saveFeePlan', {
      class_id: classId,
      term_id: termId,
      ...PLAN,
      parts: [PLAN.parts[0], PLAN.parts[2], PLAN.parts[1]],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/Part 3 falls due before part 2/);
    for (const payload of [
      { class_id: classId, term_id: termId, ...PLAN, tuition: -5 },
      { class_id: classId, term_id: termId, ...PLAN, tuition: 1.5 },
      {
        class_id: classId,
        term_id: termId,
        ...PLAN,
        parts: [{ label: 'x', due: { kind: 'someday' }, amount: 1 }],
      },
      { class_id: classId, term_id: termId, ...PLAN, parts: 'three' },
      { class_id: 2_000_000_000, term_id: termId, ...PLAN },
    ]) {
      const res = await call('saveFeePlan', payload);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().message).toMatch(/\w/);
    }
    expect(
      (await call('getFeePlan', { class_id: classId, term_id: termId })).json().plan,
    ).toBeNull();
  });

  it('charges a class once, with instalments that add up, skipping those charged', async () => {
    const saved = await call('saveFeePlan', { class_id: classId, term_id: termId, ...PLAN });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(
      'Fee plan saved for “Fees Class”, Autumn 2026: 10,000,000 IRR in 3 parts.',
    );
    const first = await call('chargeClassFees', { class_id: classId, term_id: termId });
    expect(first.json()).toMatchObject({ charged: 2, skipped: 0 });
    expect(first.json().message).toBe('Charged 2 students 10,000,000 IRR each.');
    const again = await call('chargeClassFees', { class_id: classId, term_id: termId });
    expect(again.json()).toMatchObject({
      charged: 0,
      skipped: 2,
      message: 'Charged 0 students 10,000,000 IRR each. 2 students were charged already.',
    });
    const mine = await statement(ana);
    expect(mine.balance).toBe(10_000_000);
    expect(
      mine.instalments.map((i: { due_day: string; amount: number }) => [i.due_day, i.amount]),
    ).toEqual([
      ['2026-10-01', 4_000_000],
      ['2026-10-18', 3_000_000],
      ['2026-11-15', 3_000_000],
    ]);
    const sum = mine.instalments.reduce((s: number, i: { amount: number }) => s + i.amount, 0);
    expect(sum).toBe(present(mine.rows[0], 'the charge').amount);
    const plan = (await call('getFeePlan', { class_id: classId, term_id: termId })).json();
    expect(plan.plan).toMatchObject({ total: 10_000_000, charged: 2 });
  });

  it('sets partial payments against the oldest instalment, moving the balance', async () => {
    const first = await pay(ana, 2_500_000, { method: 'card_transfer', reference: 'TRK-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ balance: 7_500_000 });
    expect(first.json().allocations).toHaveLength(1);
    const second = await pay(ana, 2_000_000);
    expect(second.json().balance).toBe(5_500_000);
    const s = await statement(ana);
    expect(s.balance).toBe(5_500_000);
    expect(s.instalments.map((i: { outstanding: number }) => i.outstanding)).toEqual([
      0, 2_500_000, 3_000_000,
    ]);
    expect(s.receipts.map((r: { amount: number; void: boolean }) => [r.amount, r.void])).toEqual([
      [2_500_000, false],
      [2_000_000, false],
    ]);
    // Refusals in words, never a 500.
    for (const [extra, words] of [
      [{ amount: 0 }, 'The amount must be more than 0.'],
      [{ amount: -100 }, undefined],
      [{ amount: 10.5 }, undefined],
      [{ method: 'bitcoin' }, undefined],
      [{ method: 'cheque' }, 'Please enter the cheque’s number.'],
      [{ day: '2026-13-01' }, undefined],
      [{ day: '2026-10-02' }, 'The payment’s date cannot be after today.'],
      [{ user_id: 2_000_000_000 }, 'No such student.'],
    ] as const) {
      const res = await call('recordPayment', {
        user_id: ana.id,
        amount: 1000,
        day: '2026-10-01',
        method: 'cash',
        ...extra,
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (words) expect(res.json().message).toBe(words);
    }
    const cheque = await pay(ana, 500_000, {
      method: 'cheque',
      cheque_number: '887766',
      cheque_day: '2026-10-05',
    });
    expect(cheque.json().balance).toBe(5_000_000);
  });

  it('gives two payments at the same instant distinct, consecutive receipt numbers', async () => {
    const [one, two] = await Promise.all([pay(ben, 1_000_000), pay(carla, 300_000)]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    const numbers = [one.json().receipt_number, two.json().receipt_number].sort();
    // Ana's three came first: 2026-000001 to 000003.
    expect(numbers).toEqual(['2026-000004', '2026-000005']);
    const many = await Promise.all(Array.from({ length: 6 }, () => pay(carla, 1_000)));
    const all = [
      ...(await statement(ana)).receipts,
      ...(await statement(ben)).receipts,
      ...(await statement(carla)).receipts,
    ].map((r: { number: string }) => r.number);
    expect(many.every((r) => r.statusCode === 200)).toBe(true);
    expect(all).toHaveLength(11);
    expect(receiptGaps(all)).toEqual({ missing: [], repeated: [], unreadable: [] });
  });

  it('voids a row without deleting anything; the balance returns, the receipt keeps its number', async () => {
    const before = await statement(ana);
    const payment = present(
      before.rows.find((r) => r.kind === 'payment'),
      'a payment',
    );
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('ledger_rows')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rowsBefore = await count();
    const noReason = await call('voidLedgerRow', {
      user_id: ana.id,
      row_id: payment.id,
      reason: ' ',
    });
    expect([noReason.statusCode, noReason.json().message]).toEqual([
      400,
      'Please give the reason for voiding it.',
    ]);
    const voided = await call('voidLedgerRow', {
      user_id: ana.id,
      row_id: payment.id,
      reason: 'Card transfer bounced',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().balance).toBe(before.balance + payment.amount);
    expect(voided.json().message).toBe(
      'The payment of 2,500,000 IRR is void; receipt 2026-000001 is marked VOID and keeps its number.',
    );
    expect(await count()).toBe(rowsBefore + 1);
    const after = await statement(ana);
    const voidRow = present(after.rows.at(-1), 'the void');
    expect(after.rows.find((r: { id: number }) => r.id === payment.id)).toMatchObject({
      amount: payment.amount,
      voided_by: voidRow.id,
    });
    expect(after.receipts[0]).toMatchObject({ number: '2026-000001', void: true });
    // The other payments now fill the oldest instalment first again.
    expect(after.instalments.map((i: { outstanding: number }) => i.outstanding)).toEqual([
      1_500_000, 3_000_000, 3_000_000,
    ]);
    const twice = await call('voidLedgerRow', {
      user_id: ana.id,
      row_id: payment.id,
      reason: 'Again',
    });
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      `That row is voided already (by row ${voidRow.id}).`,
    ]);
    const ofVoid = await call('voidLedgerRow', {
      user_id: ana.id,
      row_id: voidRow.id,
      reason: 'Undo',
    });
    expect([ofVoid.statusCode, ofVoid.json().message]).toEqual([
      409,
      'That row is a void, and a void cannot be undone: enter the row again instead.',
    ]);
    const elsewhere = await call('voidLedgerRow', {
      user_id: ben.id,
      row_id: payment.id,
      reason: 'x',
    });
    expect(elsewhere.statusCode).toBe(404);
    // The database itself refuses to change or delete a money row.
    await expect(
      t.database.db.deleteFrom('ledger_rows').where('id', '=', payment.id).execute(),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(
      t.database.db
        .updateTable('ledger_rows')
        .set({ amount: 1 })
        .where('id', '=', payment.id)
        .execute(),
    ).rejects.toThrow(/never changed or deleted/);
    // The audit log has who and the amounts.
    const log = (await t.call('auditLog', admin.token, { action: 'voidLedgerRow' })).json();
    const entry = present(log.entries[0], 'the void’s entry');
    expect(entry.actor_name).toBe(admin.name);
    expect(entry.details).toContain('"amount":2500000');
  });

  it('voids a row once when two administrators void it at the same instant', async () => {
    const row = present(
      (await statement(carla)).rows.find((r) => r.kind === 'payment'),
      'a payment of Carla’s',
    );
    const both = await Promise.all(
      ['Twice at once', 'Twice at once, again'].map((reason) =>
        call('voidLedgerRow', { user_id: carla.id, row_id: row.id, reason }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await statement(carla);
    expect(after.rows.filter((r) => r.voids === row.id)).toHaveLength(1);
    expect(after.balance).toBe(-6_000);
  });

  it('refuses to change the decimals once money exists, in words', async () => {
    const res = await t.callUnchecked('saveSettings', admin.token, {
      ...IRR,
      currency_decimals: '2',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The currency’s decimals cannot change from 0 to 2 once money is recorded: every amount ' +
        'would change its meaning. The code and name may still change.',
    );
    const renamed = await t.callUnchecked('saveSettings', admin.token, {
      ...IRR,
      currency_code: 'IRT',
      currency_name: 'Toman',
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('finds payers by name with their balances', async () => {
    const found = (await call('findPayers', { q: 'payer' })).json();
    expect(found.payers.map((p: { name: string; balance: number }) => [p.name, p.balance])).toEqual(
      [
        ['Ana Payer', 7_500_000],
        ['Ben Payer', 9_000_000],
        ['Carla Payer', -6_000],
      ],
    );
    expect((await call('findPayers', { q: '' })).statusCode).toBe(400);
  });

  it('lets a student read only their own statement, and a teacher none', async () => {
    const own = await t.call('getStatement', ana.token, { student_id: ana.id });
    expect(own.statusCode).toBe(200);
    const other = await t.call('getStatement', ana.token, { student_id: ben.id });
    expect([other.statusCode, other.json()]).toEqual([
      403,
      { success: false, message: 'You can only see your own statement.' },
    ]);
    const asTeacher = await t.call('getStatement', teacher.token, { student_id: ana.id });
    expect(asTeacher.statusCode).toBe(403);
    for (const name of ['recordPayment', 'findPayers', 'getFeePlan'] as const) {
      const res = await t.callUnchecked(name, teacher.token, { user_id: ana.id, q: 'a' });
      expect(res.statusCode, name).toBe(403);
    }
    const deleted = await call('deleteUser', { user_id: carla.id });
    expect(deleted.statusCode).toBe(409);
  });
});

describe('the payers’ kept standings', () => {
  it('agree with their ledgers after every write above', async () => {
    const db = t.database.db;
    expect(await db.selectFrom('payer_balances').select('student_id').execute()).not.toEqual([]);
    expect(await standingsOutOfStep(db)).toEqual([]);
  });
});
