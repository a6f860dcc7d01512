import { DEBTORS_PAGE_SIZE } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk as ok } from '../../test-support/expect-ok.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { standingsOutOfStep } from '../../test-support/payer-standings.js';
import { type SmsGatewayRecorder, startSmsGateway } from '../../test-support/sms-gateway.js';
import { workbookOf } from '../../test-support/workbook.js';

/**
 * Issue 52, point 5: who owes. Balances, days overdue on the app's clock and the next
 * instalment; totals over every filtered row, not the page; credit and voided charges owe
 * nothing; the files; and a reminder through the outbox (e-mail, and SMS to a guardian) to
 * the debtors alone.
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let carla: TestUser;
let eve: TestUser;
let classA: number;
let classB: number;
let autumn: number;
let winter: number;
let gateway: SmsGatewayRecorder;

/** Fillers in class B: more debtors than a page holds. */
const FILLERS = DEBTORS_PAGE_SIZE + 1;
const M = 1_000_000;

const threeParts = (each: number) => ({
  tuition: 3 * each,
  items: [],
  parts: [
    { label: 'On joining', due: { kind: 'on_joining' }, amount: each },
    { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: each },
    { label: 'Week 8', due: { kind: 'weeks_after_start', weeks: 8 }, amount: each },
  ],
});

const call = (name: Parameters<TestApp['callUnchecked']>[0], payload: Record<string, unknown>) =>
  t.callUnchecked(name, admin.token, payload);
const list = async (payload: Record<string, unknown> = {}) =>
  (await ok(call('listDebtors', payload))).json();

beforeAll(async () => {
  // 2026-10-01 noon UTC; the autumn term began on 2026-09-20.
  t = await createTestApp({ startAt: Date.UTC(2026, 9, 1, 12), env: { ACADEMY_NAME: 'Bright' } });
  admin = await t.admin();
  gateway = await startSmsGateway();
  await ok(
    call('saveSettings', { currency_code: 'IRR', currency_name: 'Rial', currency_decimals: '0' }),
  );
  ana = await t.student({ name: 'Ana Owes' });
  ben = await t.student({ name: 'Ben Owes' });
  carla = await t.student({ name: 'Carla Credit' });
  eve = await t.student({ name: 'Eve Voided' });
  classA = (await ok(call('createClass', { name: 'Debt A' }))).json().class_id;
  classB = (await ok(call('createClass', { name: 'Debt B' }))).json().class_id;
  await ok(
    call('addClassStudents', { class_id: classA, user_ids: [ana.id, ben.id, carla.id, eve.id] }),
  );
  const fillers = [];
  for (let i = 0; i < FILLERS; i++)
    fillers.push((await t.student({ name: `Filler ${String(i).padStart(2, '0')}` })).id);
  await ok(call('addClassStudents', { class_id: classB, user_ids: fillers }));
  autumn = (
    await ok(
      call('saveTerm', { name: 'Autumn 2026', first_day: '2026-09-20', last_day: '2026-12-20' }),
    )
  ).json().id;
  winter = (
    await ok(
      call('saveTerm', { name: 'Winter 2027', first_day: '2027-01-10', last_day: '2027-03-20' }),
    )
  ).json().id;
  // Class A: 10,000,000 in parts of 4, 3 and 3 million; class B: 3 × 1,000,000.
  await ok(
    call('saveFeePlan', {
      class_id: classA,
      term_id: autumn,
      tuition: 10 * M,
      items: [],
      parts: [
        { label: 'On joining', due: { kind: 'on_joining' }, amount: 4 * M },
        { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: 3 * M },
        { label: 'Week 8', due: { kind: 'weeks_after_start', weeks: 8 }, amount: 3 * M },
      ],
    }),
  );
  await ok(call('saveFeePlan', { class_id: classB, term_id: autumn, ...threeParts(M) }));
  await ok(call('chargeClassFees', { class_id: classA, term_id: autumn }));
  await ok(call('chargeClassFees', { class_id: classB, term_id: autumn }));
  const pay = (who: TestUser, amount: number) =>
    ok(call('recordPayment', { user_id: who.id, amount, day: '2026-10-01', method: 'cash' }));
  await pay(ben, 4 * M);
  await pay(carla, 12 * M);
  const eveCharge = (await ok(t.call('getStatement', admin.token, { student_id: eve.id })))
    .json()
    .rows.find((r: { kind: string }) => r.kind === 'charge');
  await ok(call('voidLedgerRow', { user_id: eve.id, row_id: eveCharge?.id, reason: 'Left' }));
});
afterAll(async () => {
  await gateway?.close();
  await t.close();
});

describe('the debtors list', () => {
  it('counts nothing overdue on the day a part falls due', async () => {
    const answer = await list({ class_id: classA });
    expect(answer.today).toBe('2026-10-01');
    expect(answer.rows.map((r: { name: string }) => r.name)).toEqual(['Ana Owes', 'Ben Owes']);
    const [a] = answer.rows;
    expect(a).toMatchObject({
      student_id: ana.id,
      classes: ['Debt A'],
      balance: 10 * M,
      days_overdue: 0,
      overdue: 0,
      next: { label: 'On joining', due_day: '2026-10-01', outstanding: 4 * M },
    });
  });

  it('counts days overdue from the earliest part still outstanding, on the app’s clock', async () => {
    t.clock.now = Date.UTC(2026, 9, 25, 12);
    const answer = await list({ class_id: classA });
    expect(answer.today).toBe('2026-10-25');
    expect(answer.rows).toEqual([
      {
        student_id: ana.id,
        name: 'Ana Owes',
        classes: ['Debt A'],
        balance: 10 * M,
        days_overdue: 24,
        overdue: 7 * M,
        next: { label: 'Week 8', due_day: '2026-11-15', outstanding: 3 * M },
      },
      {
        student_id: ben.id,
        name: 'Ben Owes',
        classes: ['Debt A'],
        balance: 6 * M,
        // Ben's payment went to the first part: week 4 (2026-10-18) is the oldest owed.
        days_overdue: 7,
        overdue: 3 * M,
        next: { label: 'Week 8', due_day: '2026-11-15', outstanding: 3 * M },
      },
    ]);
    expect(answer.totals).toEqual({ count: 2, balance: 16 * M, overdue: 10 * M });
  });

  it('leaves out a payer in credit and one whose charge is void', async () => {
    const ids = [];
    for (let page = 1; ; page++) {
      const answer = await list({ page });
      ids.push(...answer.rows.map((r: { student_id: number }) => r.student_id));
      if (!answer.has_more) break;
    }
    expect(ids).toContain(ana.id);
    expect(ids).not.toContain(carla.id);
    expect(ids).not.toContain(eve.id);
  });

  it('totals every filtered row, not the page', async () => {
    const first = await list();
    expect(first.rows).toHaveLength(DEBTORS_PAGE_SIZE);
    expect(first.has_more).toBe(true);
    const totals = { count: 2 + FILLERS, balance: 16 * M + FILLERS * 3 * M };
    expect(first.totals).toEqual({ ...totals, overdue: 10 * M + FILLERS * 2 * M });
    // Most overdue first, then by what is owed: Ana (24 days, 10M), the fillers (24, 3M), Ben.
    expect(first.rows[0].name).toBe('Ana Owes');
    expect(first.rows[1].name).toBe('Filler 00');
    const second = await list({ page: 2 });
    expect(second.has_more).toBe(false);
    expect(second.totals).toEqual(first.totals);
    expect(second.rows.map((r: { name: string }) => r.name).at(-1)).toBe('Ben Owes');
    expect(first.rows.length + second.rows.length).toBe(totals.count);
  });

  it('filters by days overdue and by term', async () => {
    const late = await list({ min_days_overdue: 10 });
    expect(late.totals.count).toBe(1 + FILLERS);
    expect(late.rows.map((r: { name: string }) => r.name)).not.toContain('Ben Owes');
    expect((await list({ min_days_overdue: 25 })).totals.count).toBe(0);
    expect((await list({ min_days_overdue: 0 })).totals.count).toBe(2 + FILLERS);
    expect((await list({ term_id: autumn, class_id: classA })).totals).toEqual({
      count: 2,
      balance: 16 * M,
      overdue: 10 * M,
    });
    expect((await list({ term_id: winter })).totals).toEqual({ count: 0, balance: 0, overdue: 0 });
    expect((await list({ class_id: classB })).totals.count).toBe(FILLERS);
  });

  it('refuses bad filters in words, with 4xx', async () => {
    for (const [payload, status] of [
      [{ min_days_overdue: 3651 }, 400],
      [{ min_days_overdue: -1 }, 400],
      [{ min_days_overdue: 'soon' }, 400],
      [{ page: 0 }, 400],
      [{ class_id: 'x' }, 400],
      [{ class_id: 2_000_000_000 }, 404],
      [{ term_id: 2_000_000_000 }, 404],
    ] as const) {
      const res = await call('listDebtors', payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(/\w/);
    }
  });

  it('gives the filtered rows as CSV and XLSX', async () => {
    const csv = (await ok(call('exportDebtors', { class_id: classA }))).json();
    expect(csv.count).toBe(2);
    expect(csv.file_name).toBe('debtors-2026-10-25.csv');
    const lines = csv.csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'name,classes,balance,days overdue,overdue,next instalment,next due day,next outstanding',
    );
    expect(lines[1]).toBe('Ana Owes,Debt A,10000000,24,7000000,Week 8,2026-11-15,3000000');
    expect(lines).toHaveLength(3);
    const xlsx = await ok(call('exportDebtorsXlsx', { class_id: classA }));
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload?.subarray(0, 2).toString()).toBe('PK');
    const book = await workbookOf(xlsx);
    const row = book.getWorksheet('Debtors')?.getRow(2).values as unknown[];
    // Amounts are numbers a spreadsheet sums; ExcelJS's row values start at index 1.
    expect(row.slice(1)).toEqual([
      'Ana Owes',
      'Debt A',
      10 * M,
      24,
      7 * M,
      'Week 8',
      '2026-11-15',
      3 * M,
    ]);
  });
});

describe('a reminder to the debtors', () => {
  const outboxOf = (userId: number) =>
    t.database.db
      .selectFrom('outbox')
      .select(['channel', 'guardian_id', 'text', 'kind'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    await ok(
      call('saveEmailSettings', {
        host: '127.0.0.1',
        port: 2525,
        security: 'none',
        sender_name: 'Bright',
        sender_address: 'office@bright.example.com',
      }),
    );
    await ok(
      call('saveSmsGateway', {
        method: 'POST',
        url: `${gateway.url}/send`,
        secret_headers: '',
        content_type: 'json',
        body: '{"to": "{to}", "text": "{text}", "ref": "{id}"}',
        monthly_cap: 100,
      }),
    );
    await ok(call('saveGuardianKinds', { kinds: ['attendance', 'results', 'payments'] }));
    await ok(
      call('saveGuardian', { user_id: ana.id, name: 'Gina Guardian', phone: '+447700900123' }),
    );
    await ok(
      call('saveGuardian', { user_id: carla.id, name: 'Carl Guardian', phone: '+447700900124' }),
    );
  });

  it('shows how many it would tell and the SMS it would queue', async () => {
    const estimate = (await ok(call('estimateDebtorReminder', { class_id: classA }))).json();
    // Ana's guardian has a phone; Ben none; Carla (in credit) is not told.
    expect(estimate).toEqual({
      success: true,
      count: 2,
      sms_ready: true,
      estimate: 1,
      cap: 100,
      left: 100,
    });
  });

  it('queues e-mail and the guardian’s SMS naming the amount and the next due day', async () => {
    const res = (await ok(call('remindDebtors', { class_id: classA }))).json();
    expect(res.told).toBe(2);
    expect(res.message).toBe('A reminder is on its way to 2 payers.');
    const rows = await outboxOf(ana.id);
    expect(rows.map((r) => [r.channel, r.guardian_id === null ? 'self' : 'guardian'])).toEqual([
      ['email', 'self'],
      ['sms', 'guardian'],
    ]);
    expect(rows[0]?.text).toBe(
      'You have 10,000,000 IRR of tuition to pay. 7,000,000 IRR of it is overdue by 24 days. ' +
        'Next instalment: 3,000,000 IRR, due 2026-11-15.',
    );
    expect((await outboxOf(ben.id)).map((r) => r.channel)).toEqual(['email']);
    // Nothing owed, nothing told: in credit, or a void charge.
    expect(await outboxOf(carla.id)).toEqual([]);
    expect(await outboxOf(eve.id)).toEqual([]);
    const notices = await t.database.db
      .selectFrom('notifications')
      .select('user_id')
      .where('user_id', 'in', [ana.id, ben.id, carla.id, eve.id])
      .execute();
    expect(notices.map((n) => n.user_id).sort()).toEqual([ana.id, ben.id].sort());
  });

  it('is in the audit log with how many were told', async () => {
    const log = (await ok(t.call('auditLog', admin.token, {}))).json();
    const entry = log.entries.find((e: { action: string }) => e.action === 'remindDebtors');
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({
      told: 2,
      owed: 16 * M,
      class_id: classA,
    });
  });

  it('tells nobody when the filters keep no debtor', async () => {
    const res = (await ok(call('remindDebtors', { term_id: winter }))).json();
    expect(res).toMatchObject({ told: 0 });
  });
});

describe('the payers’ kept standings', () => {
  it('agree with their ledgers after every write above', async () => {
    const db = t.database.db;
    expect(await db.selectFrom('payer_balances').select('student_id').execute()).not.toEqual([]);
    expect(await standingsOutOfStep(db)).toEqual([]);
  });
});
