import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { standingsOutOfStep } from '../../test-support/payer-standings.js';
import { isWholePdf, pageCount, pdfText } from '../../test-support/pdf.js';
import { changesBetween, snapshotData } from '../../test-support/snapshot.js';

/**
 * A payment's receipt (issue 52, point 3): a PDF naming the academy, its number, the date, the
 * payer, what it paid for as the payment was set against the instalments, the amount, the
 * method and the balance after; a voided payment's says VOID and keeps its number. Who may
 * read it: an administrator, the payer; never a teacher, and another student's is no receipt.
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let teacher: TestUser;

const bytesOf = (res: { rawPayload?: Buffer }) => res.rawPayload ?? Buffer.alloc(0);
const receipt = (as: TestUser, paymentId: number) =>
  t.callUnchecked('downloadReceipt', as.token, { payment_id: paymentId });

/** A payment at the desk, answered with its id and receipt number. */
async function pay(who: TestUser, amount: number, extra: Record<string, unknown> = {}) {
  const res = await t.callUnchecked('recordPayment', admin.token, {
    user_id: who.id,
    amount,
    day: '2026-10-01',
    method: 'cash',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { payment_id: number; receipt_number: string };
}

/** The receipt's text as a reader copies it, with its runs of spaces made one. */
async function receiptText(as: TestUser, paymentId: number): Promise<string | null> {
  const res = await receipt(as, paymentId);
  expect(res.statusCode, res.body).toBe(200);
  const pdf = bytesOf(res);
  expect(isWholePdf(pdf)).toBe(true);
  return pdfText(pdf)?.replace(/[ \t]+/g, ' ') ?? null;
}

beforeAll(async () => {
  // 2026-10-01 noon UTC: the term began on 2026-09-20.
  t = await createTestApp({ startAt: Date.UTC(2026, 9, 1, 12) });
  admin = await t.admin();
  ana = await t.student({ name: 'Ana Receipt' });
  ben = await t.student({ name: 'Ben Receipt' });
  const ok = (res: { statusCode: number; body: string }) =>
    expect(res.statusCode, res.body).toBe(200);
  ok(
    await t.callUnchecked('saveSettings', admin.token, {
      academy_name: 'Bright Academy',
      currency_code: 'IRR',
      currency_name: 'Rial',
      currency_decimals: '0',
    }),
  );
  const classId = (await t.call('createClass', admin.token, { name: 'Fees Class' })).json()
    .class_id;
  teacher = await t.teacher({ classIds: [classId] });
  await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [ana.id, ben.id] });
  const termId = (
    await t.call('saveTerm', admin.token, {
      name: 'Autumn 2026',
      first_day: '2026-09-20',
      last_day: '2026-12-20',
    })
  ).json().id;
  ok(
    await t.callUnchecked('saveFeePlan', admin.token, {
      class_id: classId,
      term_id: termId,
      tuition: 9_000_000,
      items: [{ label: 'Books', amount: 1_000_000 }],
      parts: [
        { label: 'On joining', due: { kind: 'on_joining' }, amount: 4_000_000 },
        { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: 3_000_000 },
        { label: 'Week 8', due: { kind: 'weeks_after_start', weeks: 8 }, amount: 3_000_000 },
      ],
    }),
  );
  ok(await t.callUnchecked('chargeClassFees', admin.token, { class_id: classId, term_id: termId }));
});
afterAll(() => t.close());

describe('a receipt', () => {
  // The file's first PDF starts a PDF thread (it loads the drawing code and the fonts): a
  // guard against a hang on a busy machine, not a figure.
  it('names the academy, its number, the payer, what was paid for, the amount, the method and the balance after', {
    timeout: 60_000,
  }, async () => {
    const first = await pay(ana, 1_500_000);
    // The second payment finishes "On joining" and starts on "Week 4": its receipt says so.
    const second = await pay(ana, 3_000_000, {
      method: 'cheque',
      cheque_number: 'CH-4471',
      cheque_day: '2026-09-30',
      reference: 'Bank Melli branch 12',
    });
    const res = await receipt(admin, second.payment_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${second.receipt_number}.pdf"; filename*=UTF-8''receipt-${second.receipt_number}.pdf`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = bytesOf(res);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(pageCount(pdf)).toBe(1);
    const text = pdfText(pdf)?.replace(/[ \t]+/g, ' ') ?? null;
    if (text !== null) {
      for (const words of [
        'Bright Academy',
        'Receipt',
        `No. ${second.receipt_number}`,
        'October 1, 2026',
        'Ana Receipt',
        'Cheque',
        'No. CH-4471, dated September 30, 2026',
        'Bank Melli branch 12',
        'On joining · Fees: Fees Class, Autumn 2026',
        '2,500,000 IRR',
        'Week 4 · Fees: Fees Class, Autumn 2026',
        '500,000 IRR',
        '3,000,000 IRR',
        // 10,000,000 charged, 4,500,000 paid.
        '5,500,000 IRR still owed',
        'Recorded by',
      ])
        expect(text).toContain(words);
      expect(text).not.toContain('VOID');
      // The first payment's receipt is as it was issued: on "On joining" alone.
      const firstText = (await receiptText(admin, first.payment_id)) ?? '';
      expect(firstText).toContain(`No. ${first.receipt_number}`);
      expect(firstText).toContain('1,500,000 IRR');
      expect(firstText).toContain('Cash');
      expect(firstText).toContain('8,500,000 IRR still owed');
      expect(firstText).not.toContain('Week 4');
    }
  });

  it('shows what was paid beyond every instalment as credit', async () => {
    const paid = await pay(ben, 10_250_000, { method: 'card_transfer', reference: 'TRK 99812' });
    const text = await receiptText(ben, paid.payment_id);
    if (text === null) return;
    for (const words of [
      'Card-to-card transfer',
      'TRK 99812',
      'Week 8',
      'Paid ahead, kept as credit',
      '250,000 IRR',
      '10,250,000 IRR',
      '250,000 IRR in credit',
    ])
      expect(text).toContain(words);
  });

  it('says VOID once its payment is voided, and keeps its number', async () => {
    const paid = await pay(ana, 200_000, { method: 'bank_deposit' });
    const voided = await t.callUnchecked('voidLedgerRow', admin.token, {
      user_id: ana.id,
      row_id: paid.payment_id,
      reason: 'Entered twice by mistake',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const res = await receipt(admin, paid.payment_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`receipt-${paid.receipt_number}.pdf`);
    const text = pdfText(bytesOf(res))?.replace(/[ \t]+/g, ' ') ?? null;
    if (text === null) return;
    expect(text).toContain('VOID');
    expect(text).toContain(`No. ${paid.receipt_number}`);
    expect(text).toContain('Entered twice by mistake');
    expect(text).toContain('Bank deposit');
    expect(text).toContain('200,000 IRR');
  });

  it('is the payer’s and the administrators’: a teacher is refused, another student finds none', async () => {
    const paid = await pay(ben, 100_000);
    const before = await snapshotData(t);
    const asTeacher = await receipt(teacher, paid.payment_id);
    expect([asTeacher.statusCode, asTeacher.json().message]).toEqual([
      403,
      'Teachers do not see payments.',
    ]);
    const asAna = await receipt(ana, paid.payment_id);
    const missing = await receipt(ana, 2_000_000_000);
    expect(asAna.statusCode).toBe(404);
    // Another's payment is answered as one that does not exist.
    expect({ status: asAna.statusCode, body: asAna.json() }).toEqual({
      status: missing.statusCode,
      body: missing.json(),
    });
    // A ledger row that is no payment has no receipt either.
    const statement = (await t.call('getStatement', admin.token, { student_id: ben.id })).json();
    const charge = statement.rows.find((r) => r.kind === 'charge');
    expect(charge).toBeDefined();
    expect((await receipt(admin, charge?.id ?? 0)).statusCode).toBe(404);
    const asBen = await receipt(ben, paid.payment_id);
    expect(asBen.statusCode, asBen.body).toBe(200);
    expect(bytesOf(asBen).subarray(0, 4).toString('latin1')).toBe('%PDF');
    // A read: nothing written, nothing audited.
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
  });

  it('refuses a payment id that is not one, in words', async () => {
    const res = await t.callUnchecked('downloadReceipt', admin.token, { payment_id: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('the payers’ kept standings', () => {
  it('agree with their ledgers after every write above', async () => {
    const db = t.database.db;
    expect(await db.selectFrom('payer_balances').select('student_id').execute()).not.toEqual([]);
    expect(await standingsOutOfStep(db)).toEqual([]);
  });
});
