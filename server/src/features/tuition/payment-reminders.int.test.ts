import { DEFAULT_PAYMENT_REMINDERS } from '@academy/contract/tuition/reminders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk as ok } from '../../test-support/expect-ok.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../test-support/interleave.js';
import { standingsOutOfStep } from '../../test-support/payer-standings.js';
import { type SmsGatewayRecorder, startSmsGateway } from '../../test-support/sms-gateway.js';
import { sendInstalmentReminders } from './reminders-data.js';

/**
 * Issue 52, point 5: automatic payment reminders, a few days before each instalment and once
 * when it is overdue, in the academy's words, through the outbox (a guardian's SMS too), never
 * during quiet hours, once per instalment whoever runs them, and never for what is paid.
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let gateway: SmsGatewayRecorder;
const M = 1_000_000;
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

const call = (name: Parameters<TestApp['callUnchecked']>[0], payload: Record<string, unknown>) =>
  t.callUnchecked(name, admin.token, payload);

/** Runs the reminders on `day` at noon (UTC is the tests' academy zone): the payers told. */
const runOn = async (day: string) => {
  t.clock.now = noon(day);
  return t.app.paymentReminders.runOnce();
};

const toldOf = (userId: number) =>
  t.database.db
    .selectFrom('notifications')
    .select('message')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.message));

const rules = {
  days_before: 3,
  days_overdue: 2,
  before_text: DEFAULT_PAYMENT_REMINDERS.before_text,
  overdue_text: DEFAULT_PAYMENT_REMINDERS.overdue_text,
};

/**
 * A student charged in December in a class of their own for a term to come, its one part (2
 * million) due on the term's first day.
 */
async function chargedLater(
  name: string,
  className: string,
  term: { name: string; first_day: string; last_day: string },
) {
  t.clock.now = noon('2026-12-01');
  admin = await t.admin();
  const student = await t.student({ name });
  const classId = (await ok(call('createClass', { name: className }))).json().class_id;
  await ok(call('addClassStudents', { class_id: classId, user_ids: [student.id] }));
  const termId = (await ok(call('saveTerm', term))).json().id;
  await ok(
    call('saveFeePlan', {
      class_id: classId,
      term_id: termId,
      tuition: 2 * M,
      items: [],
      parts: [{ label: 'The fee', due: { kind: 'on_date', day: term.first_day }, amount: 2 * M }],
    }),
  );
  await ok(call('chargeClassFees', { class_id: classId, term_id: termId }));
  return student;
}

beforeAll(async () => {
  t = await createTestApp({ startAt: noon('2026-10-01'), env: { ACADEMY_NAME: 'Bright' } });
  admin = await t.admin();
  gateway = await startSmsGateway();
  await ok(
    call('saveSettings', { currency_code: 'IRR', currency_name: 'Rial', currency_decimals: '0' }),
  );
  ana = await t.student({ name: 'Ana Owes' });
  ben = await t.student({ name: 'Ben Pays' });
  const classId = (await ok(call('createClass', { name: 'Remind A' }))).json().class_id;
  await ok(call('addClassStudents', { class_id: classId, user_ids: [ana.id, ben.id] }));
  const term = (
    await ok(
      call('saveTerm', { name: 'Autumn 2026', first_day: '2026-09-20', last_day: '2026-12-20' }),
    )
  ).json().id;
  // On joining (2026-10-01), week 4 (2026-10-18), week 8 (2026-11-15).
  await ok(
    call('saveFeePlan', {
      class_id: classId,
      term_id: term,
      tuition: 10 * M,
      items: [],
      parts: [
        { label: 'On joining', due: { kind: 'on_joining' }, amount: 4 * M },
        { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: 3 * M },
        { label: 'Week 8', due: { kind: 'weeks_after_start', weeks: 8 }, amount: 3 * M },
      ],
    }),
  );
  await ok(call('chargeClassFees', { class_id: classId, term_id: term }));
  // Ben pays the first two parts at once; Ana nothing.
  await ok(
    call('recordPayment', { user_id: ben.id, amount: 7 * M, day: '2026-10-01', method: 'cash' }),
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
  await ok(call('saveGuardianKinds', { kinds: ['payments'] }));
  await ok(
    call('saveGuardian', { user_id: ana.id, name: 'Gina Guardian', phone: '+447700900123' }),
  );
});
afterAll(async () => {
  await gateway?.close();
  await t.close();
});

describe('the academy’s rules', () => {
  it('are off, with words ready, until an administrator saves them', async () => {
    const answer = (await ok(call('getPaymentReminders', {}))).json();
    expect(answer).toEqual({
      success: true,
      rules: DEFAULT_PAYMENT_REMINDERS,
      fields: ['name', 'part', 'amount', 'due', 'balance', 'academy'],
      saved: null,
    });
    expect(await runOn('2026-10-03')).toEqual([]);
  });

  it('refuse words naming a field there is none of, and more days than allowed', async () => {
    const unknown = await call('savePaymentReminders', { ...rules, before_text: 'Pay {amout}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(
      'The reminder before the due day names {amout}, which is not one of {name}, {part}, ' +
        '{amount}, {due}, {balance}, {academy}.',
    );
    const empty = await call('savePaymentReminders', { ...rules, overdue_text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('The overdue reminder needs its words.');
    const far = await call('savePaymentReminders', { ...rules, days_before: 61 });
    expect(far.statusCode).toBe(400);
    expect((await ok(call('getPaymentReminders', {}))).json().saved).toBeNull();
  });

  it('are saved, kept with who saved them, and audited', async () => {
    t.clock.now = noon('2026-10-01');
    const saved = (await ok(call('savePaymentReminders', rules))).json();
    expect(saved.message).toBe(
      'Automatic reminders saved. They go out each day outside quiet hours.',
    );
    const answer = (await ok(call('getPaymentReminders', {}))).json();
    expect(answer.rules).toEqual(rules);
    expect(answer.saved).toEqual({ at: noon('2026-10-01'), by: admin.name });
    const log = (await ok(t.call('auditLog', admin.token, {}))).json();
    const entry = log.entries.find((e: { action: string }) => e.action === 'savePaymentReminders');
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({ days_before: 3, days_overdue: 2 });
  });
});

describe('a run', () => {
  it('tells nobody of a part due on the day it was charged', async () => {
    // 2026-10-01: the parts due on joining fall in the days before, but were charged today.
    expect(await runOn('2026-10-01')).toEqual([]);
  });

  it('tells who owes a part overdue by the academy’s days, once, guardian included', async () => {
    expect(await runOn('2026-10-03')).toEqual([ana.id]);
    const words =
      'Your On joining payment of 4,000,000 IRR was due on 2026-10-01 and is not paid yet. ' +
      'Balance: 10,000,000 IRR.';
    expect(await toldOf(ana.id)).toEqual([words]);
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select(['channel', 'guardian_id', 'text'])
      .where('user_id', '=', ana.id)
      .execute();
    expect(outbox).toContainEqual(expect.objectContaining({ channel: 'sms', text: words }));
    expect(outbox.find((r) => r.channel === 'sms')?.guardian_id).not.toBeNull();
    // Ben paid it: nothing. And a second run the same day tells nobody again.
    expect(await toldOf(ben.id)).toEqual([]);
    expect(await runOn('2026-10-03')).toEqual([]);
    expect(await runOn('2026-10-04')).toEqual([]);
  });

  it('tells who owes the next part the academy’s days before it, not who paid it', async () => {
    expect(await runOn('2026-10-15')).toEqual([ana.id]);
    expect((await toldOf(ana.id)).at(-1)).toBe(
      'Your Week 4 payment of 3,000,000 IRR is due on 2026-10-18. Thank you.',
    );
    expect(await toldOf(ben.id)).toEqual([]);
  });

  it('waits for the quiet hours to end', async () => {
    // Weeks on, the first administrator's session has ended: another signs in.
    t.clock.now = noon('2026-11-12');
    admin = await t.admin();
    await ok(call('saveSettings', { quiet_hours_from: '11:00', quiet_hours_to: '13:00' }));
    // 2026-11-12 noon: week 8 (2026-11-15) is three days off, for both; quiet until 13:00.
    expect(await runOn('2026-11-12')).toEqual([]);
    t.clock.now = Date.parse('2026-11-12T13:05:00Z');
    expect((await t.app.paymentReminders.runOnce()).sort()).toEqual([ana.id, ben.id].sort());
    expect((await toldOf(ben.id)).at(-1)).toBe(
      'Your Week 8 payment of 3,000,000 IRR is due on 2026-11-15. Thank you.',
    );
    await ok(call('saveSettings', { quiet_hours_from: '', quiet_hours_to: '' }));
  });

  it('reaches back a week for an overdue part, and no further', async () => {
    // Week 4 (2026-10-18) was overdue by 2 days on 2026-10-20; a week later it is still told…
    t.clock.now = noon('2026-10-27');
    const late = await t.app.paymentReminders.runOnce();
    expect(late).toEqual([ana.id]);
    // …and week 8, overdue from 2026-11-17, is not told on 2026-11-30 (past the week).
    expect(await runOn('2026-11-30')).toEqual([]);
    expect((await toldOf(ana.id)).filter((m) => m.includes('Week 8'))).toHaveLength(1);
  });

  it('tells once when two runs meet', async () => {
    const settings = t.app.settings.current;
    const currency = settings.currency;
    if (!currency) throw new Error('The currency was saved above.');
    // A student charged later, whose part is due in three days: both runs find it.
    const cara = await chargedLater('Cara Late', 'Remind B', {
      name: 'Winter 2027',
      first_day: '2027-01-10',
      last_day: '2027-03-20',
    });
    const run = {
      rules,
      today: '2027-01-08',
      academy: 'Bright',
      currency,
      now: noon('2027-01-08'),
      tell: t.app.tell,
    };
    const [first, second] = await Promise.all([
      sendInstalmentReminders(t.database.db, run),
      sendInstalmentReminders(t.database.db, run),
    ]);
    expect([...first, ...second]).toEqual([cara.id]);
    expect(await toldOf(cara.id)).toHaveLength(1);
  });
});

describe('a payment while the reminders run (PostgreSQL)', () => {
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'never says a part is owed once it is paid, however a payment meets the run',
    async () => {
      const db = t.database.db;
      const currency = t.app.settings.current.currency;
      if (!currency) throw new Error('The currency was saved above.');
      const dan = await chargedLater('Dan Pays Now', 'Remind C', {
        name: 'Spring 2027',
        first_day: '2027-03-21',
        last_day: '2027-06-20',
      });
      // Dan pays at the desk just after the run has read what he owes: the payment waits for
      // the reminder (then follows what it said), or is in it (then nothing is said); never
      // done before a reminder that says he owes it.
      let paid: Promise<unknown> = Promise.resolve();
      let payment: 'finished' | 'blocked' | undefined;
      const paused = pausedAfterRead(db, { from: 'ledger_rows' }, async (trx) => {
        paid = ok(
          call('recordPayment', {
            user_id: dan.id,
            amount: 2 * M,
            day: '2026-12-01',
            method: 'cash',
          }),
        );
        payment = await finishedOrBlockedBy(db, paid, trx);
      });
      const told = await sendInstalmentReminders(paused, {
        rules,
        today: '2027-03-18',
        academy: 'Bright',
        currency,
        now: noon('2027-03-18'),
        tell: t.app.tell,
      });
      await paid;
      const saidHeOwes = told.includes(dan.id);
      expect({ payment, saidHeOwes }).toEqual({ payment: 'blocked', saidHeOwes: true });
      expect(await toldOf(dan.id)).toHaveLength(1);
    },
  );
});

describe('the payers’ kept standings', () => {
  it('agree with their ledgers after every write above', async () => {
    const db = t.database.db;
    expect(await db.selectFrom('payer_balances').select('student_id').execute()).not.toEqual([]);
    expect(await standingsOutOfStep(db)).toEqual([]);
  });
});
