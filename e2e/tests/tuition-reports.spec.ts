import { randomBytes, randomInt } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { type Currency, formatMoney } from '../../contract/src/tuition/money.js';
import { paths } from '../../web/src/shared/paths.js';
import { addAccount, admin, pageSignedIn, postOk, serverError, signIn } from '../support.js';
import { academyCurrency, chargedClass } from '../tuition.js';

/**
 * Issue 52, point 8: the money reports. Two payers of a class charged in a term of its own
 * pay on a day of this spec's own long ago (the shared academy's other payments fall on other
 * days): by cash and by card reader, and a bank deposit that is voided. The administrator goes
 * from the desk to Money reports: the day's income by method without the voided payment, its
 * CSV, the term's outstanding row, and the receipt numbers checked (the shared academy's are
 * all there once); a failed load and a wrong range said in words; and a phone's width.
 */

const suffix = randomBytes(3).toString('hex');
const PART = 1_000_000;
const className = `A Reports ${suffix}`;
const first = { name: `Report Payer ${suffix}`, username: `rep_a_${suffix}` };
const second = { name: `Report Voided ${suffix}`, username: `rep_b_${suffix}` };
/** A day of this spec's own in the 20th century. */
const day = new Date(Date.UTC(1901, 0, 1) + randomInt(0, 36_000) * 86_400_000)
  .toISOString()
  .slice(0, 10);

let currency: Currency;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = (await signIn(admin())).token;
  currency = await academyCurrency(api, token);
  const ids: number[] = [];
  for (const who of [first, second])
    ids.push(await addAccount(api, token, { ...who, password: 'report-password', roleId: '2' }));
  await chargedClass(api, token, {
    name: className,
    studentIds: ids,
    parts: [
      { label: 'On joining', due: { kind: 'on_joining' }, amount: PART },
      { label: 'Later', due: { kind: 'on_date', day: '2099-01-10' }, amount: 2 * PART },
    ],
  });
  const pay = (userId: number | undefined, amount: number, method: string) =>
    postOk(api, token, '/api/record_payment.php', {
      data: { user_id: userId, amount, day, method },
    });
  await pay(ids[0], 1_500_000, 'cash');
  await pay(ids[0], 700_000, 'card_reader');
  const voided = await pay(ids[1], 300_000, 'bank_deposit');
  await postOk(api, token, '/api/void_ledger_row.php', {
    data: { user_id: ids[1], row_id: voided.payment_id, reason: 'Bounced' },
  });
  await api.dispose();
});

test('the money reports: income by method, outstanding per term, the receipt numbers', async ({
  browser,
}) => {
  const money = (n: number) => formatMoney(n, currency, { withCode: true });
  const { context, page } = await pageSignedIn(browser, await signIn(admin()));
  await page.goto(paths.payments);
  await page.getByRole('link', { name: 'Money reports' }).click();
  await expect(page.getByRole('heading', { name: 'Money reports', level: 1 })).toBeVisible();

  // The day's income: cash and card reader, the voided deposit left out.
  const income = page.getByRole('region', { name: 'Income' });
  await income.getByLabel('From').fill(day);
  await income.getByLabel('To').fill(day);
  await expect(income.getByText(`2 payments brought in ${money(2_200_000)}.`)).toBeVisible();
  const table = income.getByRole('table', { name: 'Income by day' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Day',
    'Cash',
    'Card reader',
    'Income',
    'Payments',
  ]);
  const total = table.getByRole('row').filter({ hasText: 'Total' });
  await expect(total).toContainText(money(1_500_000));
  await expect(total).toContainText(money(2_200_000));
  await income.getByLabel('Group by').selectOption('month');
  await expect(income.getByRole('table', { name: 'Income by month' })).toBeVisible();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    income.getByRole('button', { name: 'Export (CSV)' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`income-by-month-${day}-to-${day}.csv`);
  await expect(income.getByText('Exported 1 month.')).toBeVisible();

  // A range that ends before it starts is said in words, and nothing is asked.
  await income.getByLabel('From').fill(`${Number(day.slice(0, 4)) + 1}${day.slice(4)}`);
  await expect(income.getByRole('alert')).toHaveText(
    'The range must end on or after the day it starts.',
  );

  // The term's row: 6,000,000 charged, 2,200,000 paid, the rest outstanding, nothing overdue.
  const terms = page.getByRole('region', { name: 'Outstanding per term' });
  const row = terms.getByRole('row').filter({ hasText: `${className} term` });
  await expect(row).toContainText(money(6 * PART));
  await expect(row).toContainText(money(2_200_000));
  await expect(row).toContainText(money(3_800_000));
  await expect(row).toContainText('2 charged, 2 owe, 0 overdue');

  // The shared academy's receipt numbers: every one there once; the voided deposit keeps its own.
  const check = page.getByRole('region', { name: 'Receipt numbers' });
  const receipts = check.getByRole('region', { name: 'Receipts' });
  await expect(receipts.getByRole('status')).toHaveText(
    /^All \d+ receipts numbered 1 to \d+: none missing, none twice\.$/,
  );
  await expect(receipts).toContainText(/voided and keeps? (its|their) numbers?/);
  // The refund notes, their own series: none yet, or every one there once (other specs make
  // them in the same academy).
  await expect(check.getByRole('region', { name: 'Refund notes' }).getByRole('status')).toHaveText(
    /^(No refund note has a number of \d{4} yet|The one refund note is numbered 1: none missing, none twice|All \d+ refund notes numbered 1 to \d+: none missing, none twice)\.$/,
  );

  // The narrowest phone: the tables become cards; nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    )
    .toBe(true);

  // A failed load is said in words.
  await page.route('**/api/money_outstanding.php*', serverError);
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Outstanding per term' })
      .getByText('What is outstanding could not be loaded. Please try again.'),
  ).toBeVisible();
  await context.close();
});
