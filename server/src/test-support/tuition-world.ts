import { issueRefundNote } from '../features/tuition/discounts-data.js';
import { restatePayers } from '../features/tuition/ledger-data.js';
import type { TestApp, TestUser } from './harness.js';
import { samples } from './samples.js';

/**
 * Tuition's part of the access matrix's world (issue 52; world.ts merges it into `ids`): the
 * academy's currency, a fee plan for A's class in the world's term (not charged: A keeps no
 * money, so deleting A stays a test of deletion), a payment of B's for a void to cancel, a
 * refund of B's with its refund note, and a card transfer of B's awaiting approval.
 */
export interface TuitionWorldIds {
  /** The payer whose ledger holds `ledgerRow`: B. */
  payer: number;
  /** A payment of B's, with its receipt. */
  ledgerRow: number;
  /** A card transfer B reported, awaiting approval (issue 52, point 4). */
  cardTransfer: number;
  /** A bonus on A's teacher's pay for 2026-11, for a void to cancel (point 7). */
  payAdjustment: number;
  /** B's charge for a class of their own, for a discount or a leaving settlement (point 2). */
  charge: number;
  /** A refund of B's on that charge, with its refund note (point 3). */
  refund: number;
}

/** The world's fee plan: tuition and books in two parts, as the matrix's saveFeePlan sends it. */
export const WORLD_FEE_PLAN = {
  tuition: 9_000_000,
  items: [{ label: 'Books', amount: 1_000_000 }],
  parts: [
    { label: 'On joining', due: { kind: 'on_joining' as const }, amount: 4_000_000 },
    { label: 'Week 4', due: { kind: 'weeks_after_start' as const, weeks: 4 }, amount: 6_000_000 },
  ],
};

export async function tuitionWorld(
  t: TestApp,
  world: {
    admin: TestUser;
    b: TestUser;
    teacher: TestUser;
    schoolClass: number;
    term: number;
  },
): Promise<TuitionWorldIds> {
  const { admin } = world;
  const ok = async (res: { statusCode: number; body: string; json(): unknown }) => {
    if (res.statusCode !== 200) throw new Error(`tuition world: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  await ok(
    await t.call('saveSettings', admin.token, {
      currency_code: 'IRR',
      currency_name: 'Rial',
      currency_decimals: '0',
    }),
  );
  await ok(
    await t.call('saveFeePlan', admin.token, {
      class_id: world.schoolClass,
      term_id: world.term,
      ...WORLD_FEE_PLAN,
    }),
  );
  const paid = (await ok(
    await t.call('recordPayment', admin.token, {
      user_id: world.b.id,
      amount: 500_000,
      day: t.app.deps.today(),
      method: 'cash',
    }),
  )) as { payment_id: number };
  const transfer = (await ok(
    await t.call('reportCardTransfer', world.b.token, {
      user_id: world.b.id,
      amount: '250000',
      day: t.app.deps.today(),
      card_last4: '6037',
      tracking: '123456789',
      photo: { filename: 'transfer.jpg', content: samples.jpg },
    }),
  )) as { id: number };
  // Teachers' pay (point 7): A's teacher has an hourly rate and a bonus.
  await ok(
    await t.call('setTeacherRate', admin.token, { teacher_id: world.teacher.id, hourly: 500_000 }),
  );
  const bonus = (await ok(
    await t.call('addPayAdjustment', admin.token, {
      teacher_id: world.teacher.id,
      month: '2026-11',
      kind: 'bonus',
      amount: 200_000,
      reason: 'World bonus',
    }),
  )) as { id: number };
  // B's own class, charged: a charge of B's a discount or a leaving settlement comes off.
  const bClass = (
    (await ok(await t.call('createClass', admin.token, { name: 'World B fees' }))) as {
      class_id: number;
    }
  ).class_id;
  await ok(
    await t.call('addClassStudents', admin.token, { class_id: bClass, user_ids: [world.b.id] }),
  );
  await ok(
    await t.call('saveFeePlan', admin.token, {
      class_id: bClass,
      term_id: world.term,
      ...WORLD_FEE_PLAN,
    }),
  );
  await ok(await t.call('chargeClassFees', admin.token, { class_id: bClass, term_id: world.term }));
  const statement = (await ok(
    await t.call('getStatement', admin.token, { student_id: world.b.id }),
  )) as { rows: { id: number; kind: string }[] };
  const charge = statement.rows.find((r) => r.kind === 'charge')?.id;
  if (charge === undefined) throw new Error('tuition world: B was not charged');
  // A refund of B's with its note, written as settleLeaving writes one but without settling
  // the charge, which the discount and leaving cases still need standing.
  const db = t.database.db;
  const by = { id: admin.id, name: admin.name };
  const writer = { today: t.app.deps.today(), by, now: t.clock.now };
  const { id: refund } = await db
    .insertInto('ledger_rows')
    .values({
      student_id: world.b.id,
      kind: 'refund',
      amount: 100_000,
      reason: 'World refund',
      voids: null,
      for_charge: charge,
      fee_plan_id: null,
      class_id: bClass,
      term_id: world.term,
      day: writer.today,
      method: 'cash',
      reference: null,
      cheque_number: null,
      cheque_day: null,
      created_by: by.id,
      created_by_name: by.name,
      created_at: writer.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await issueRefundNote(db, refund, writer);
  await restatePayers(db, [world.b.id]);
  return {
    refund,
    charge,
    payer: world.b.id,
    ledgerRow: paid.payment_id,
    cardTransfer: transfer.id,
    payAdjustment: bonus.id,
  };
}
