import { DEFAULT_MONEY_RULES } from '@academy/contract/tuition/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTerm } from '../../domain/terms.js';
import { expectOk as ok } from '../../test-support/expect-ok.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../test-support/interleave.js';
import { standingsOutOfStep } from '../../test-support/payer-standings.js';
import { pdfText } from '../../test-support/pdf.js';
import { chargePlan, feesReason, findFeePlan } from './plans-data.js';
import { readMoneyRules } from './rules-data.js';

/**
 * Issue 52, point 2: the academy's money rules at work. A late joiner charged by the sessions
 * left (the parts still adding up), the second and third child of a family given the sibling
 * discount, a discount at the desk (never more than is left), and a leaving student's refund
 * proposed by the rules and settled once, as a refund or as credit. Nothing is changed or
 * deleted: each is a row beside the charge.
 */

let t: TestApp;
let admin: TestUser;
let classId: number;
let term: number;
const M = 1_000_000;
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

const call = (name: Parameters<TestApp['callUnchecked']>[0], payload: Record<string, unknown>) =>
  t.callUnchecked(name, admin.token, payload);

interface Row {
  id: number;
  kind: string;
  amount: number;
  reason: string;
}
const statementOf = async (student: TestUser) =>
  (await ok(call('getStatement', { student_id: student.id }))).json() as {
    balance: number;
    rows: Row[];
    instalments: { amount: number }[];
  };
const chargeOf = async (student: TestUser) => {
  const charge = (await statementOf(student)).rows.find((r) => r.kind === 'charge');
  if (!charge) throw new Error('not charged');
  return charge;
};

/** A student in the class with a guardian of this phone (a family), and charged. */
async function joins(name: string, phone: string | null) {
  const student = await t.student({ name });
  await ok(call('addClassStudents', { class_id: classId, user_ids: [student.id] }));
  if (phone) await ok(call('saveGuardian', { user_id: student.id, name: 'Parent', phone }));
  return student;
}

beforeAll(async () => {
  // The term runs 2026-09-20 to 2026-12-20; the class meets on ten days of it, one cancelled.
  t = await createTestApp({ startAt: noon('2026-09-10') });
  admin = await t.admin();
  await ok(
    call('saveSettings', { currency_code: 'IRR', currency_name: 'Rial', currency_decimals: '0' }),
  );
  classId = (await ok(call('createClass', { name: 'Rules A' }))).json().class_id;
  term = (
    await ok(
      call('saveTerm', { name: 'Autumn 2026', first_day: '2026-09-20', last_day: '2026-12-20' }),
    )
  ).json().id;
  const days = Array.from(
    { length: 11 },
    (_, i) => `2026-10-${String(1 + i * 2).padStart(2, '0')}`,
  );
  await t.database.db
    .insertInto('class_sessions')
    .values(
      days.map((day, i) => ({
        class_id: classId,
        session_date: day,
        session_day: 'Thursday',
        session_time: '17:00',
        cancelled_at: i === 10 ? noon('2026-09-01') : null,
        roll_taken_at: null,
        roll_taken_by: null,
        roll_changed_at: null,
        created_at: noon('2026-09-01'),
        updated_at: noon('2026-09-01'),
      })),
    )
    .execute();
  // 9,000,000 tuition and 1,000,000 of books, in 4 and 6 million.
  await ok(
    call('saveFeePlan', {
      class_id: classId,
      term_id: term,
      tuition: 9 * M,
      items: [{ label: 'Books', amount: M }],
      parts: [
        { label: 'On joining', due: { kind: 'on_joining' }, amount: 4 * M },
        { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: 6 * M },
      ],
    }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('the rules', () => {
  it('are the defaults until saved, and refuse keeping less after the start than before', async () => {
    expect((await ok(call('getMoneyRules', {}))).json()).toEqual({
      success: true,
      rules: DEFAULT_MONEY_RULES,
      saved: null,
    });
    const wrong = await call('saveMoneyRules', {
      ...DEFAULT_MONEY_RULES,
      kept_before_percent: 30,
      kept_after_percent: 20,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain(
      'The share kept after the term starts must not be less than the share kept before.',
    );
    const percent = await call('saveMoneyRules', {
      ...DEFAULT_MONEY_RULES,
      sibling_second_percent: 101,
    });
    expect(percent.statusCode).toBe(400);
    const saved = await ok(
      call('saveMoneyRules', {
        late_join: 'sessions_left',
        kept_before_percent: 10,
        kept_after_percent: 20,
        refund_rule: 'share_and_sessions',
        sibling_second_percent: 10,
        sibling_third_percent: 20,
        staff_child_percent: 50,
      }),
    );
    expect(saved.json().message).toBe('Money rules saved. They apply to charges made from now on.');
    const read = (await ok(call('getMoneyRules', {}))).json();
    expect(read.rules.late_join).toBe('sessions_left');
    expect(read.saved.by).toBe(admin.name);
  });
});

describe('charging a family', () => {
  it('gives the second and third child their discount, and the first none', async () => {
    // Before the term starts: the whole fee for each.
    const first = await joins('Ali First', '+989121111111');
    const second = await joins('Bita Second', '+989121111111');
    const third = await joins('Cyrus Third', '+989121111111');
    const other = await joins('Dara Other', '+989122222222');
    const res = await ok(call('chargeClassFees', { class_id: classId, term_id: term }));
    // 10,000,000 less 900,000 and 1,800,000 for the second and third.
    expect(res.json().message).toBe('Charged 4 students 37,300,000 IRR in all.');
    const discounts = async (s: TestUser) =>
      (await statementOf(s)).rows.filter((r) => r.kind === 'discount');
    expect(await discounts(first)).toEqual([]);
    expect(await discounts(other)).toEqual([]);
    expect((await discounts(second)).map((r) => [r.amount, r.reason])).toEqual([
      [900_000, 'Sibling discount: second child (10%)'],
    ]);
    expect((await discounts(third)).map((r) => [r.amount, r.reason])).toEqual([
      [1_800_000, 'Sibling discount: third child (20%)'],
    ]);
    expect((await statementOf(third)).balance).toBe(10 * M - 1_800_000);
    // The desk's family: the brothers and sisters, each with what they owe; none for Dara.
    const family = (await ok(call('getFamily', { student_id: first.id }))).json().family;
    expect(family).toEqual([
      { id: second.id, name: 'Bita Second', balance: 10 * M - 900_000 },
      { id: third.id, name: 'Cyrus Third', balance: 10 * M - 1_800_000 },
    ]);
    expect((await ok(call('getFamily', { student_id: other.id }))).json().family).toEqual([]);
  });
});

describe('two charges at once (PostgreSQL)', () => {
  const onPostgres = process.env.TEST_DB === 'postgres';

  /** A class of the term with its plan (9,000,000 on joining), and a student in it. */
  async function classWithPlan(name: string, child: string, phone: string | null) {
    const id = (await ok(call('createClass', { name }))).json().class_id as number;
    await ok(
      call('saveFeePlan', {
        class_id: id,
        term_id: term,
        tuition: 9 * M,
        items: [],
        parts: [{ label: 'On joining', due: { kind: 'on_joining' }, amount: 9 * M }],
      }),
    );
    const student = await t.student({ name: child });
    await ok(call('addClassStudents', { class_id: id, user_ids: [student.id] }));
    if (phone) await ok(call('saveGuardian', { user_id: student.id, name: 'Parent', phone }));
    return { id, student };
  }

  /** Charges a class's plan, on `on` (the database, or one paused between two reads). */
  async function charge(on: typeof t.database.db, classId: number, name: string) {
    const db = t.database.db;
    const [plan, termRow, { rules }] = await Promise.all([
      findFeePlan(db, classId, term),
      findTerm(db, term),
      readMoneyRules(db),
    ]);
    if (!plan || !termRow) throw new Error('no plan or term');
    const context = {
      reason: feesReason(name, termRow.name),
      term: termRow,
      today: '2026-09-10',
      rules,
    };
    return chargePlan(on, plan, context, { id: admin.id, name: admin.name }, t.clock.now);
  }

  it.skipIf(!onPostgres)(
    'gives the later child the sibling discount when both classes are charged at once',
    async () => {
      const db = t.database.db;
      // A brother in one class, his sister in another.
      const gil = await classWithPlan('Rules G', 'Gil Brother', '+989123333333');
      const hana = await classWithPlan('Rules H', 'Hana Sister', '+989123333333');
      // Hana's class is charged just after Gil's has read who in the family was charged.
      let other: Promise<unknown> = Promise.resolve();
      const paused = pausedAfterRead(db, { from: 'ledger_rows as c', nth: 2 }, async (trx) => {
        other = charge(db, hana.id, 'Rules H');
        await finishedOrBlockedBy(db, other, trx);
      });
      await charge(paused, gil.id, 'Rules G');
      await other;
      const discounts = [
        ...(await statementOf(gil.student)).rows,
        ...(await statementOf(hana.student)).rows,
      ].filter((r) => r.kind === 'discount');
      expect(discounts.map((r) => r.reason)).toEqual(['Sibling discount: second child (10%)']);
    },
  );

  it.skipIf(!onPostgres)(
    "charges a student who joins during the class's first charge",
    async () => {
      const db = t.database.db;
      const { id } = await classWithPlan('Rules J', 'Ivo Early', null);
      const joiner = await t.student({ name: 'Jan Joiner' });
      // Jan joins just after the first charge has read who is in the class.
      let joinCharge: Promise<unknown> = Promise.resolve();
      const paused = pausedAfterRead(db, { from: 'class_students as cs' }, async (trx) => {
        // Joining charges the class's fees in force (join-charges.ts).
        joinCharge = ok(call('addClassStudents', { class_id: id, user_ids: [joiner.id] }));
        await finishedOrBlockedBy(db, joinCharge, trx);
      });
      await charge(paused, id, 'Rules J');
      await joinCharge;
      expect((await statementOf(joiner)).rows.map((r) => r.kind)).toEqual(['charge']);
    },
  );
});

describe('joining late', () => {
  it('charges the tuition by the sessions left, books in full, in parts that still add up', async () => {
    // 2026-10-10: five of the ten sessions held (Oct 1, 3, 5, 7, 9), five left.
    t.clock.now = noon('2026-10-10');
    admin = await t.admin();
    const late = await joins('Eli Late', null);
    await ok(call('chargeClassFees', { class_id: classId, term_id: term }));
    const statement = await statementOf(late);
    const charge = statement.rows.find((r) => r.kind === 'charge');
    expect(charge?.amount).toBe(4_500_000 + M);
    expect(charge?.reason).toBe('Fees: Rules A, Autumn 2026 (joined late: 5 of 10 sessions)');
    const parts = statement.instalments.map((i) => i.amount);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(5_500_000);
    expect(parts).toEqual([2_200_000, 3_300_000]);
  });
});

describe('a discount at the desk', () => {
  it('comes off a charge as a row with its reason, never below what is left', async () => {
    const student = await joins('Fara Staff', null);
    await ok(call('chargeClassFees', { class_id: classId, term_id: term }));
    const charge = await chargeOf(student);
    const half = await ok(
      call('grantDiscount', {
        user_id: student.id,
        charge_id: charge.id,
        kind: 'percent',
        value: 50,
        reason: 'Staff child',
      }),
    );
    expect(half.json().message).toBe('A discount of 2,750,000 IRR for Fara Staff: Staff child.');
    // An amount larger than what is left comes off as what is left; then nothing is left.
    const rest = await ok(
      call('grantDiscount', {
        user_id: student.id,
        charge_id: charge.id,
        kind: 'amount',
        value: 9 * M,
        reason: 'Scholarship',
      }),
    );
    expect(rest.json().balance).toBe(0);
    const none = await call('grantDiscount', {
      user_id: student.id,
      charge_id: charge.id,
      kind: 'amount',
      value: 1,
      reason: 'More',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Nothing is left of this charge to discount.');
    const over = await call('grantDiscount', {
      user_id: student.id,
      charge_id: charge.id,
      kind: 'percent',
      value: 101,
      reason: 'Too much',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('A discount is at most 100%.');
    // Another payer's charge is not this payer's.
    const gol = await joins('Gol Else', null);
    await ok(call('chargeClassFees', { class_id: classId, term_id: term }));
    const other = await call('grantDiscount', {
      user_id: student.id,
      charge_id: (await chargeOf(gol)).id,
      kind: 'amount',
      value: 1,
      reason: 'Wrong payer',
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This payer has no such charge, or it is void.');
  });
});

describe('leaving', () => {
  /** Hana, who left with a refund (the first test). */
  let hana: TestUser;

  it('proposes by the rules, and settles once as a refund, writing rows beside the charge', async () => {
    // Joined and paid it all before the term; leaves on 2026-10-14 with 7 of 10 sessions held.
    t.clock.now = noon('2026-09-15');
    admin = await t.admin();
    const student = await t.student({ name: 'Hana Leaves' });
    await ok(call('addClassStudents', { class_id: classId, user_ids: [student.id] }));
    await ok(call('chargeClassFees', { class_id: classId, term_id: term }));
    await ok(
      call('recordPayment', {
        user_id: student.id,
        amount: 10 * M,
        day: '2026-09-15',
        method: 'cash',
      }),
    );
    t.clock.now = noon('2026-10-14');
    admin = await t.admin();
    const charge = await chargeOf(student);
    const proposal = (
      await ok(call('proposeLeaving', { student_id: student.id, charge_id: charge.id }))
    ).json();
    // Kept: 20% of 10,000,000 and 7/10 of the other 8,000,000 = 2,000,000 + 5,600,000.
    expect(proposal).toMatchObject({
      what: 'Rules A, Autumn 2026',
      fee: 10 * M,
      paid: 10 * M,
      kept: 7_600_000,
      refund: 2_400_000,
      owed: 0,
      term_started: true,
      sessions_total: 10,
      sessions_taken: 7,
      settled: false,
    });
    const settled = await ok(
      call('settleLeaving', {
        user_id: student.id,
        charge_id: charge.id,
        settle: 'refund',
        method: 'card_transfer',
      }),
    );
    expect(settled.json().message).toBe(
      'Hana Leaves left Rules A, Autumn 2026: the academy keeps 7,600,000 IRR. 2,400,000 IRR is refunded (refund note R-2026-000001).',
    );
    expect(settled.json().balance).toBe(0);
    expect(settled.json().refund_number).toBe('R-2026-000001');
    hana = student;
    const rows = (await statementOf(student)).rows.map((r) => [r.kind, r.amount]);
    expect(rows).toEqual([
      ['charge', 10 * M],
      ['payment', 10 * M],
      ['discount', 2_400_000],
      ['refund', 2_400_000],
    ]);
    const again = await call('settleLeaving', {
      user_id: student.id,
      charge_id: charge.id,
      settle: 'refund',
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await ok(call('proposeLeaving', { student_id: student.id, charge_id: charge.id }))).json()
        .settled,
    ).toBe(true);
  });

  it('makes the refund its own document: a numbered refund note, to download, VOID once voided', async () => {
    const statement = (await ok(call('getStatement', { student_id: hana.id }))).json() as {
      rows: (Row & { document_number: string | null })[];
      receipts: unknown[];
      refund_notes: { number: string; refund_id: number; method: string; void: boolean }[];
    };
    const refund = statement.rows.find((r) => r.kind === 'refund');
    expect(refund?.document_number).toBe('R-2026-000001');
    expect(statement.refund_notes).toEqual([
      {
        number: 'R-2026-000001',
        refund_id: refund?.id,
        amount: 2_400_000,
        day: '2026-10-14',
        method: 'card_transfer',
        void: false,
      },
    ]);
    // Receipts keep their own series: the payment's receipt is still the year's first.
    expect(statement.receipts).toHaveLength(1);
    const note = (as: TestUser) =>
      t.callUnchecked('downloadRefundNote', as.token, { refund_id: refund?.id ?? 0 });
    const res = await note(hana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('refund-R-2026-000001.pdf');
    const text = pdfText(res.rawPayload ?? Buffer.alloc(0))?.replace(/[ \t]+/g, ' ') ?? null;
    if (text !== null)
      for (const words of [
        'Refund',
        'No. R-2026-000001',
        'Paid back to',
        'Hana Leaves',
        'Card-to-card transfer',
        'Fees: Rules A, Autumn 2026',
        'Amount refunded',
        '2,400,000 IRR',
        'Nothing owed',
      ])
        expect(text).toContain(words);
    // Another student's refund is no refund note of theirs; a payment has none.
    const other = await t.student({ name: 'Kai Other' });
    expect((await note(other)).statusCode).toBe(404);
    const payment = statement.rows.find((r) => r.kind === 'payment');
    const notARefund = await t.callUnchecked('downloadRefundNote', admin.token, {
      refund_id: payment?.id ?? 0,
    });
    expect(notARefund.statusCode).toBe(404);

    const voided = (
      await ok(
        call('voidLedgerRow', { user_id: hana.id, row_id: refund?.id, reason: 'Not paid back' }),
      )
    ).json();
    expect(voided.message).toBe(
      'The refund of 2,400,000 IRR is void; refund note R-2026-000001 is marked VOID and keeps its number.',
    );
    const after = (await ok(call('getStatement', { student_id: hana.id }))).json() as {
      refund_notes: { void: boolean }[];
    };
    expect(after.refund_notes.map((n) => n.void)).toEqual([true]);
    const voidText = pdfText((await note(admin)).rawPayload ?? Buffer.alloc(0)) ?? null;
    if (voidText !== null) {
      expect(voidText).toContain('VOID');
      expect(voidText).toContain('Not paid back');
    }
  });

  it('keeps what would go back as credit when the office says so', async () => {
    const student = await t.student({ name: 'Ida Credit' });
    await ok(call('addClassStudents', { class_id: classId, user_ids: [student.id] }));
    await ok(call('chargeClassFees', { class_id: classId, term_id: term }));
    const charge = await chargeOf(student);
    // Joined today, late: 3 sessions left of 10, so 2,700,000 and the books; paid in full. Left
    // before any of them: the academy keeps its 20% share of 3,700,000.
    await ok(
      call('recordPayment', {
        user_id: student.id,
        amount: 3_700_000,
        day: '2026-10-14',
        method: 'cash',
      }),
    );
    const proposal = (
      await ok(call('proposeLeaving', { student_id: student.id, charge_id: charge.id }))
    ).json();
    expect(proposal).toMatchObject({
      fee: 3_700_000,
      kept: 740_000,
      refund: 2_960_000,
      sessions_total: 3,
      sessions_taken: 0,
    });
    const res = (
      await ok(
        call('settleLeaving', { user_id: student.id, charge_id: charge.id, settle: 'credit' }),
      )
    ).json();
    expect(res.balance).toBe(-2_960_000);
    // Nothing went back: no refund, and no refund note taken from the counter.
    expect(res.refund_number).toBeNull();
    const rows = (await statementOf(student)).rows.map((r) => r.kind);
    expect(rows).not.toContain('refund');
  });

  it('is the administrators’ alone', async () => {
    const student = await t.student({ name: 'Jo Student' });
    const asStudent = await t.callUnchecked('proposeLeaving', student.token, {
      student_id: student.id,
      charge_id: 1,
    });
    expect(asStudent.statusCode).toBe(403);
  });
});

describe('joining a class', () => {
  it('charges its fees once the office has started charging them, and not a draft plan', async () => {
    const newcomer = await t.student({ name: 'Kian Joins' });
    const res = await ok(call('addClassStudents', { class_id: classId, user_ids: [newcomer.id] }));
    expect(res.json().message).toBe(
      '1 student added to Rules A. 1 student charged the class’s fees.',
    );
    const statement = await statementOf(newcomer);
    expect(statement.rows.map((r) => r.kind)).toEqual(['charge']);
    // A class whose plan is saved but not yet charged: joining it charges nothing.
    const draft = (await ok(call('createClass', { name: 'Rules Draft' }))).json().class_id;
    await ok(
      call('saveFeePlan', {
        class_id: draft,
        term_id: term,
        tuition: M,
        items: [],
        parts: [{ label: 'All', due: { kind: 'on_joining' }, amount: M }],
      }),
    );
    const other = await t.student({ name: 'Lale Draft' });
    const quiet = await ok(call('addClassStudents', { class_id: draft, user_ids: [other.id] }));
    expect(quiet.json().message).toBe('1 student added to Rules Draft.');
    expect((await statementOf(other)).rows).toEqual([]);
  });

  it('keeps the student in the class when the charge fails, and says to charge them from the plan', async () => {
    // A plan the server cannot read (its parts not JSON): the charge throws after the join.
    const saved = await t.database.db
      .selectFrom('fee_plans')
      .select(['id', 'parts'])
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('fee_plans')
      .set({ parts: 'not json' })
      .where('id', '=', saved.id)
      .execute();
    try {
      const student = await t.student({ name: 'Mina Unlucky' });
      const res = await ok(call('addClassStudents', { class_id: classId, user_ids: [student.id] }));
      expect(res.json().message).toBe(
        '1 student added to Rules A. The class’s fees could not be charged now: charge them on its fee plan.',
      );
      expect((await statementOf(student)).rows).toEqual([]);
    } finally {
      await t.database.db
        .updateTable('fee_plans')
        .set({ parts: saved.parts })
        .where('id', '=', saved.id)
        .execute();
    }
  });
});

describe('the payers’ kept standings', () => {
  it('agree with their ledgers after every write above', async () => {
    const db = t.database.db;
    expect(await db.selectFrom('payer_balances').select('student_id').execute()).not.toEqual([]);
    expect(await standingsOutOfStep(db)).toEqual([]);
  });
});
