import { receiptGaps } from '@academy/contract/tuition/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk as ok } from '../../test-support/expect-ok.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { standingsOutOfStep } from '../../test-support/payer-standings.js';
import { changesBetween, snapshotData } from '../../test-support/snapshot.js';

/**
 * One payment for brothers and sisters (issue 52, point 1): a guardian pays for two children
 * at the desk in one go. The amount goes to the family's instalments due first, whoever's they
 * are, each child's share is a payment on their own ledger with its own receipt, the numbers
 * consecutive, all in one transaction; what is left over is the credit of the child whose
 * statement is open. A child with no brothers or sisters is a family of one.
 */

let t: TestApp;
let admin: TestUser;
let rana: TestUser;
let sara: TestUser;
let omid: TestUser;

const call = (name: Parameters<TestApp['callUnchecked']>[0], payload: Record<string, unknown>) =>
  t.callUnchecked(name, admin.token, payload);
const familyPays = (from: TestUser, amount: number, extra: Record<string, unknown> = {}) =>
  call('recordFamilyPayment', {
    user_id: from.id,
    amount,
    day: '2026-10-01',
    method: 'cash',
    ...extra,
  });
const statement = async (who: TestUser) =>
  (await ok(call('getStatement', { student_id: who.id }))).json() as {
    balance: number;
    rows: { kind: string; amount: number; method: string | null }[];
    receipts: { number: string; amount: number }[];
  };

beforeAll(async () => {
  // 2026-10-01 noon UTC: the term began on 2026-09-20; "Week 4" falls on 2026-10-18.
  t = await createTestApp({ startAt: Date.UTC(2026, 9, 1, 12) });
  admin = await t.admin();
  await ok(
    call('saveSettings', { currency_code: 'IRR', currency_name: 'Rial', currency_decimals: '0' }),
  );
  rana = await t.student({ name: 'Rana Karimi' });
  sara = await t.student({ name: 'Sara Karimi' });
  omid = await t.student({ name: 'Omid Tehrani' });
  // Rana and Sara share their mother's phone: a family. Omid's guardian is his own.
  for (const [child, phone] of [
    [rana, '+989121110000'],
    [sara, '+989121110000'],
    [omid, '+989123334444'],
  ] as const)
    await ok(call('saveGuardian', { user_id: child.id, name: 'Parent', phone }));
  const classId = (await ok(call('createClass', { name: 'Family Class' }))).json().class_id;
  await ok(call('addClassStudents', { class_id: classId, user_ids: [rana.id, sara.id, omid.id] }));
  const termId = (
    await ok(
      call('saveTerm', { name: 'Autumn 2026', first_day: '2026-09-20', last_day: '2026-12-20' }),
    )
  ).json().id;
  await ok(
    call('saveFeePlan', {
      class_id: classId,
      term_id: termId,
      tuition: 1_000_000,
      items: [],
      parts: [
        { label: 'On joining', due: { kind: 'on_joining' }, amount: 400_000 },
        { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: 600_000 },
      ],
    }),
  );
  await ok(call('chargeClassFees', { class_id: classId, term_id: termId }));
});
afterAll(() => t.close());

describe('one payment for a family', () => {
  it('pays the instalments due first, whoever’s they are, with a receipt for each child', async () => {
    // Both "On joining" parts are due today (Rana's made first), then both "Week 4" parts.
    const res = await ok(familyPays(rana, 700_000));
    expect(res.json()).toEqual({
      success: true,
      message:
        '700,000 IRR from Rana Karimi’s family by cash, 2 receipts: ' +
        '2026-000001: 400,000 IRR for Rana Karimi (still owed: 600,000 IRR); ' +
        '2026-000002: 300,000 IRR for Sara Karimi (still owed: 700,000 IRR).',
      receipts: [
        expect.objectContaining({
          user_id: rana.id,
          name: 'Rana Karimi',
          receipt_number: '2026-000001',
          amount: 400_000,
          balance: 600_000,
        }),
        expect.objectContaining({
          user_id: sara.id,
          name: 'Sara Karimi',
          receipt_number: '2026-000002',
          amount: 300_000,
          balance: 700_000,
        }),
      ],
    });
    // Each child's own ledger holds their share as a payment, and their own receipt.
    const [ranas, saras, omids] = [
      await statement(rana),
      await statement(sara),
      await statement(omid),
    ];
    expect(ranas.rows.filter((r) => r.kind === 'payment')).toEqual([
      expect.objectContaining({ amount: 400_000, method: 'cash' }),
    ]);
    expect(ranas.receipts.map((r) => [r.number, r.amount])).toEqual([['2026-000001', 400_000]]);
    expect(saras.receipts.map((r) => [r.number, r.amount])).toEqual([['2026-000002', 300_000]]);
    expect(omids.balance).toBe(1_000_000);
    expect(omids.receipts).toEqual([]);
    // The audit log names the receipts and each child's share.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'recordFamilyPayment')
      .executeTakeFirstOrThrow();
    expect(audit.details).toContain('2026-000001, 2026-000002');
    expect(audit.details).toContain('Rana Karimi: 400000, Sara Karimi: 300000');
  });

  it('keeps what is over once the family owes nothing as the credit of the child whose statement is open', async () => {
    // Owed: Sara 100,000 now and 600,000 on the 18th, Rana 600,000 on the 18th.
    const res = await ok(
      familyPays(sara, 2_000_000, { method: 'card_reader', reference: 'POS 88' }),
    );
    expect(
      res
        .json()
        .receipts.map((r: { name: string; amount: number; balance: number }) => [
          r.name,
          r.amount,
          r.balance,
        ]),
    ).toEqual([
      ['Sara Karimi', 1_400_000, -700_000],
      ['Rana Karimi', 600_000, 0],
    ]);
    expect(res.json().message).toContain(
      '2026-000003: 1,400,000 IRR for Sara Karimi (in credit: 700,000 IRR)',
    );
    expect(res.json().message).toContain('2026-000004: 600,000 IRR for Rana Karimi (nothing owed)');
  });

  it('is the payer’s own payment when they have no brothers or sisters', async () => {
    const res = await ok(familyPays(omid, 100_000));
    expect(res.json().message).toBe(
      '100,000 IRR from Omid Tehrani’s family by cash, one receipt: ' +
        '2026-000005: 100,000 IRR for Omid Tehrani (still owed: 900,000 IRR).',
    );
    expect((await statement(omid)).receipts.map((r) => r.number)).toEqual(['2026-000005']);
  });

  it('refuses bad input in words and writes nothing', async () => {
    const before = await snapshotData(t);
    const refused = [
      [await familyPays(rana, 0), 400, 'The amount must be more than 0.'],
      [
        await familyPays(rana, 1_000, { method: 'cheque' }),
        400,
        'Please enter the cheque’s number.',
      ],
      [
        await familyPays(rana, 1_000, { day: '2026-10-02' }),
        400,
        'The payment’s date cannot be after today.',
      ],
      [await familyPays({ ...rana, id: 999_999 }, 1_000), 404, 'No such student.'],
    ] as const;
    for (const [res, status, words] of refused) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(words);
    }
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
  });

  it('takes distinct, consecutive numbers beside a payment to one of the children at the same instant', async () => {
    const [family, single] = await Promise.all([
      familyPays(rana, 10_000),
      call('recordPayment', { user_id: sara.id, amount: 5_000, day: '2026-10-01', method: 'cash' }),
    ]);
    expect(family.statusCode, family.body).toBe(200);
    expect(single.statusCode, single.body).toBe(200);
    const numbers = [
      ...(await statement(rana)).receipts,
      ...(await statement(sara)).receipts,
      ...(await statement(omid)).receipts,
    ].map((r) => r.number);
    expect(numbers).toHaveLength(7);
    expect(receiptGaps(numbers)).toEqual({ missing: [], repeated: [], unreadable: [] });
  });
});

describe('the payers’ kept standings', () => {
  it('agree with their ledgers after every write above', async () => {
    const db = t.database.db;
    expect(await db.selectFrom('payer_balances').select('student_id').execute()).not.toEqual([]);
    expect(await standingsOutOfStep(db)).toEqual([]);
  });
});
