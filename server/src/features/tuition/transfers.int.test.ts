import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../test-support/interleave.js';
import { standingsOutOfStep } from '../../test-support/payer-standings.js';
import { samples } from '../../test-support/samples.js';
import { reportTransfer } from './transfers-data.js';

/**
 * Issue 52, point 4: card-to-card transfers, checked. A payer reports one with a photo; it
 * waits; an administrator approves it (a payment with its receipt, in one transaction) or
 * rejects it with a reason; the payer is told either way; a decision is made once.
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  t = await createTestApp({ startAt: Date.UTC(2026, 9, 1, 12) });
  admin = await t.admin();
  ana = await t.student({ name: 'Ana Transfer' });
  ben = await t.student({ name: 'Ben Transfer' });
  const classId = (await t.call('createClass', admin.token, { name: 'Transfer Class' })).json()
    .class_id;
  teacher = await t.teacher({ classIds: [classId] });
  await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [ana.id, ben.id] });
});
afterAll(() => t.close());

const photo = { filename: 'receipt.jpg', content: samples.jpg };
const report = (who: TestUser, fields: Record<string, unknown>, token = who.token) =>
  t.callUnchecked('reportCardTransfer', token, {
    user_id: who.id,
    amount: '1500000',
    day: '2026-09-30',
    card_last4: '6037',
    tracking: '998877',
    photo,
    ...fields,
  });

describe('card transfers', () => {
  it('waits for the currency, then takes a report in words, Persian digits too', async () => {
    const early = await report(ana, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('currency');
    await t.call('saveSettings', admin.token, {
      currency_code: 'IRR',
      currency_name: 'Rial',
      currency_decimals: '0',
    });

    const noPhoto = await t.callUnchecked('reportCardTransfer', ana.token, {
      user_id: ana.id,
      amount: '1500000',
      day: '2026-09-30',
      card_last4: '6037',
      tracking: '998877',
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toBe('Please add a photo of the transfer’s receipt.');
    const badCard = await report(ana, { card_last4: '60' });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json().message).toBe(
      'Please enter the last four digits of the card you paid from.',
    );
    const future = await report(ana, { day: '2026-10-02' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The transfer’s date cannot be after today.');

    // A Persian keyboard's digits are read as Western ones.
    const ok = await report(ana, { card_last4: '۶۰۳۷', tracking: '۹۹۸۸۷۷' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(
      'Your transfer of 1,500,000 IRR is awaiting approval. You will be told when the office has checked it.',
    );
    const again = await report(ana, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'A transfer with the tracking number 998877 was reported already.',
    );

    const mine = (await t.call('listCardTransfers', ana.token, { student_id: ana.id })).json();
    expect(mine.transfers).toHaveLength(1);
    expect(mine.transfers[0]).toMatchObject({
      amount: 1_500_000,
      card_last4: '6037',
      tracking: '998877',
      state: 'awaiting',
      receipt_number: null,
    });
    expect(mine.transfers[0]?.photo_url).toMatch(/^files\/\d+\?exp=/);
  });

  it('keeps money from teachers and other students', async () => {
    const asTeacher = await report(ana, { tracking: 'TEACH-1' }, teacher.token);
    expect(asTeacher.statusCode).toBe(403);
    expect(
      (await t.callUnchecked('listCardTransfers', teacher.token, { student_id: ana.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.callUnchecked('listCardTransfers', ben.token, { student_id: ana.id })).statusCode,
    ).toBe(403);
    expect((await t.callUnchecked('listCardTransfers', ben.token, {})).statusCode).toBe(403);
  });

  it('approves once: a card-transfer payment with its receipt, and the payer is told', async () => {
    const awaiting = (await t.call('listCardTransfers', admin.token, { state: 'awaiting' })).json()
      .transfers;
    const transfer = awaiting.find((x) => x.student.id === ana.id);
    if (!transfer) throw new Error('Ana’s transfer is not awaiting');
    const [first, second] = await Promise.all([
      t.callUnchecked('decideCardTransfer', admin.token, {
        transfer_id: transfer.id,
        decision: 'approve',
      }),
      t.callUnchecked('decideCardTransfer', admin.token, {
        transfer_id: transfer.id,
        decision: 'approve',
      }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const won = first.statusCode === 200 ? first : second;
    const lost = first.statusCode === 200 ? second : first;
    expect(lost.json().message).toBe('This transfer was approved already.');
    expect(won.json().message).toMatch(/^Approved: receipt 2026-\d{6} for Ana Transfer\./);
    expect(won.json().balance).toBe(-1_500_000);

    const statement = (await t.call('getStatement', admin.token, { student_id: ana.id })).json();
    const payments = statement.rows.filter((r: { kind: string }) => r.kind === 'payment');
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amount: 1_500_000,
      method: 'card_transfer',
      day: '2026-09-30',
      reference: 'Tracking 998877, card ending 6037',
      document_number: won.json().receipt_number,
    });
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['message', 'topic'])
      .where('user_id', '=', ana.id)
      .execute();
    expect(told).toContainEqual({
      topic: 'payment',
      message: `Your card transfer of 1,500,000 IRR (tracking 998877) was approved. Receipt ${won.json().receipt_number}.`,
    });
    const mine = (await t.call('listCardTransfers', ana.token, { student_id: ana.id })).json();
    expect(mine.transfers[0]).toMatchObject({
      state: 'approved',
      receipt_number: won.json().receipt_number,
    });
  });

  it('rejects with a reason, which the payer is told; nothing is paid', async () => {
    const reported = (await report(ben, { tracking: '5550001', amount: '700000' })).json();
    const noReason = await t.callUnchecked('decideCardTransfer', admin.token, {
      transfer_id: reported.id,
      decision: 'reject',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(
      'Please give the reason for rejecting it: the payer is told it.',
    );
    const rejected = await t.call('decideCardTransfer', admin.token, {
      transfer_id: reported.id,
      decision: 'reject',
      reason: 'The tracking number is not on our bank statement.',
    });
    expect(rejected.json()).toMatchObject({
      message: 'Rejected. Ben Transfer is told why.',
      receipt_number: null,
      balance: 0,
    });
    const statement = (await t.call('getStatement', admin.token, { student_id: ben.id })).json();
    expect(statement.rows).toEqual([]);
    const told = await t.database.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', ben.id)
      .where('topic', '=', 'payment')
      .execute();
    expect(told.map((n) => n.message)).toEqual([
      'Your card transfer of 700,000 IRR (tracking 5550001) was not accepted: The tracking number is not on our bank statement.',
    ]);
    const late = await t.callUnchecked('decideCardTransfer', admin.token, {
      transfer_id: reported.id,
      decision: 'approve',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This transfer was rejected already.');
    const none = await t.callUnchecked('decideCardTransfer', admin.token, {
      transfer_id: 999_999,
      decision: 'approve',
    });
    expect(none.statusCode).toBe(404);
  });

  it('lets the office report one for a payer, and refuses a sixth awaiting', async () => {
    const byOffice = await report(ben, { tracking: 'OFFICE-1' }, admin.token);
    expect(byOffice.json().message).toBe(
      'Ben Transfer’s transfer of 1,500,000 IRR is awaiting approval.',
    );
    for (const n of [2, 3, 4, 5])
      expect((await report(ben, { tracking: `OFFICE-${n}` })).statusCode).toBe(200);
    const sixth = await report(ben, { tracking: 'OFFICE-6' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(
      'You have five transfers awaiting approval: please wait until the office checks them.',
    );
    // A payer with a transfer on record is kept, as one with ledger rows is.
    const deleted = await t.callUnchecked('deleteUser', admin.token, { user_id: ben.id });
    expect(deleted.statusCode).toBe(409);
  });
});

describe('two reports at once (PostgreSQL)', () => {
  it.skipIf(process.env.TEST_DB !== 'postgres')('finds room for one more only once', async () => {
    const db = t.database.db;
    const cai = await t.student({ name: 'Cai Transfer' });
    for (const n of [1, 2, 3, 4])
      expect((await report(cai, { tracking: `TWICE-${n}` })).statusCode).toBe(200);
    // The other tab's report lands just after this one has counted those awaiting.
    let other: ReturnType<typeof report> | undefined;
    const paused = pausedAfterRead(db, { from: 'card_transfers' }, async (trx) => {
      other = report(cai, { tracking: 'TWICE-6' });
      await finishedOrBlockedBy(db, other, trx);
    });
    const outcome = await reportTransfer(
      paused,
      {
        studentId: cai.id,
        amount: 1_500_000,
        day: '2026-09-30',
        cardLast4: '6037',
        tracking: 'TWICE-5',
        photo: {
          field: 'photo',
          storageKey: 'uploads/twice-5.jpg',
          fileName: 'receipt.jpg',
          mimeType: 'image/jpeg',
          size: samples.jpg.length,
        },
      },
      t.clock.now,
    );
    expect(outcome).toMatchObject({ id: expect.any(Number) });
    expect((await other)?.statusCode).toBe(409);
    const awaiting = await db
      .selectFrom('card_transfers')
      .select('tracking')
      .where('student_id', '=', cai.id)
      .where('state', '=', 'awaiting')
      .execute();
    expect(awaiting).toHaveLength(5);
  });
});

describe('the payers’ kept standings', () => {
  it('agree with their ledgers after every write above', async () => {
    const db = t.database.db;
    expect(await db.selectFrom('payer_balances').select('student_id').execute()).not.toEqual([]);
    expect(await standingsOutOfStep(db)).toEqual([]);
  });
});
