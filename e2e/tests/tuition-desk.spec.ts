import { randomBytes } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { type Currency, formatMoney } from '../../contract/src/tuition/money.js';
import { paths } from '../../web/src/shared/paths.js';
import { addAccount, admin, pageSignedIn, signIn } from '../support.js';
import { academyCurrency, chargedClass } from '../tuition.js';

/**
 * Issue 52, point 3: taking a payment at the desk, on the project's phone. The office has a
 * class whose plan is charged (set up through the API: three parts, two due today, one to
 * come). The administrator opens Payments from the dashboard, finds the student
 * by name with what they owe, records part of it in cash, sees the receipt's number and the
 * balance move, downloads the receipt's PDF, then voids the payment with a reason and sees the
 * balance return and the receipt marked VOID, keeping its number.
 */

const suffix = randomBytes(3).toString('hex');
const PART = 3_000_000;
const PAID = 2_000_000;

let currency: Currency;
const student = { name: `Desk Payer ${suffix}`, username: `desk_${suffix}` };

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = (await signIn(admin())).token;
  currency = await academyCurrency(api, token);
  const studentId = await addAccount(api, token, {
    ...student,
    password: 'desk-student-password',
    roleId: '2',
  });
  await chargedClass(api, token, {
    name: `Desk Class ${suffix}`,
    studentIds: [studentId],
    parts: [
      { label: 'On joining', due: { kind: 'on_joining' }, amount: PART },
      { label: 'Long ago', due: { kind: 'on_date', day: '2001-01-10' }, amount: PART },
      { label: 'Far ahead', due: { kind: 'on_date', day: '2099-01-10' }, amount: PART },
    ],
  });
  await api.dispose();
});

test('the desk finds a payer, takes part of what is due in cash with a receipt, and voids it with a reason', async ({
  browser,
}) => {
  const money = (n: number) => formatMoney(n, currency, { withCode: true });
  const { context, page } = await pageSignedIn(browser, await signIn(admin()));
  await page.goto(paths.adminHome);
  await page
    .getByRole('navigation', { name: 'Admin screens' })
    .getByRole('region', { name: 'Money' })
    .getByRole('link', { name: 'Payments' })
    .click();
  await expect(page).toHaveURL(paths.payments);

  // The search: by name, each payer with what they owe.
  await page.getByLabel('Find a payer').fill(student.name);
  const found = page.getByRole('list', { name: 'Payers found' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`Username: ${student.username}`);
  await expect(found).toContainText(`Owes ${money(3 * PART)}`);
  await found.getByRole('link', { name: student.name }).click();

  // The statement: the balance, what is due now, the overdue part said in words.
  await expect(page.getByRole('heading', { name: `Statement: ${student.name}` })).toBeVisible();
  const balance = page.getByRole('region', { name: 'Balance' });
  await expect(balance).toContainText(`Owes ${money(3 * PART)}`);
  await expect(balance).toContainText(`Due now: ${money(2 * PART)}.`);
  const instalments = balance.getByRole('table', { name: 'Instalments' }).getByRole('row');
  // A part whose day had passed when the student joined falls due on joining, not overdue (the
  // overdue marking is the unit tests' of desk/statement-view.ts).
  await expect(instalments.filter({ hasText: 'Long ago' })).toContainText('Due today');
  await expect(instalments.filter({ hasText: 'Far ahead' })).toContainText('Not due yet');

  // A partial payment in cash: the receipt's number and the balance after, in the server's words.
  const form = page.getByRole('region', { name: 'Record a payment' });
  await expect(form.getByLabel(`Amount (${currency.code})`)).toHaveValue('');
  await form.getByLabel(`Amount (${currency.code})`).fill(formatMoney(PAID, currency));
  await expect(form.getByLabel('Method')).toHaveValue('cash');
  await expect(form.getByLabel('Cheque number')).toHaveCount(0);
  await form.getByRole('button', { name: 'Record the payment' }).click();
  const said = form.getByRole('status').filter({ hasText: 'Receipt' });
  await expect(said).toContainText(`${money(PAID)} from ${student.name} by cash.`);
  await expect(said).toContainText(`Still owed: ${money(3 * PART - PAID)}.`);
  const receipt = /Receipt (\d{4}-\d{6,})/.exec((await said.textContent()) ?? '')?.[1] ?? '';
  expect(receipt).not.toBe('');
  await expect(balance).toContainText(`Owes ${money(3 * PART - PAID)}`);
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await expect(ledger).toContainText(`Payment, receipt ${receipt}`);

  // The receipt's PDF.
  const [pdf, file] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/download_receipt.php'),
    page.waitForEvent('download'),
    form.getByRole('button', { name: `Download receipt ${receipt} (PDF)` }).click(),
  ]);
  expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
  expect(await file.failure()).toBeNull();

  // Voiding it, with a reason: the balance returns, the receipt keeps its number, VOID.
  await ledger
    .getByRole('button', { name: new RegExp(`^Void row \\d+: Payment, receipt ${receipt}$`) })
    .click();
  const popup = page.getByRole('dialog');
  await expect(popup).toContainText(`Receipt ${receipt} keeps its number and is marked VOID.`);
  await popup.getByRole('button', { name: 'Void it' }).click();
  await expect(popup).toContainText('Please give the reason for voiding it.');
  await popup.getByLabel('Reason').fill('Typed on the wrong payer');
  await popup.getByRole('button', { name: 'Void it' }).click();
  await expect(popup).toBeHidden();
  await expect(ledger.getByRole('status')).toContainText(
    `receipt ${receipt} is marked VOID and keeps its number.`,
  );
  await expect(balance).toContainText(`Owes ${money(3 * PART)}`);
  const receiptRow = page
    .getByRole('table', { name: 'Receipts' })
    .getByRole('row')
    .filter({ hasText: receipt });
  await expect(receiptRow).toContainText('VOID');
  await expect(
    ledger.getByRole('row').filter({ hasText: `Payment, receipt ${receipt}` }),
  ).toContainText('Voided by row');

  // The narrowest phone: the statement and the search scroll only down, never sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  const fits = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
  await expect.poll(fits).toBe(true);
  await page.getByRole('link', { name: 'Back to Payments' }).first().click();
  await page.getByLabel('Find a payer').fill(student.username);
  await expect(page.getByRole('list', { name: 'Payers found' })).toContainText(student.name);
  await expect.poll(fits).toBe(true);
  await context.close();
});

test('a teacher has no Payments: the tile is not theirs, and the desk sends them home', async ({
  browser,
}) => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const teacher = {
    name: `Desk Teacher ${suffix}`,
    username: `desk_t_${suffix}`,
    password: 'desk-teacher-password',
  };
  await addAccount(api, (await signIn(admin())).token, { ...teacher, roleId: '3' });
  await api.dispose();
  const { context, page } = await pageSignedIn(browser, await signIn(teacher));
  await page.goto(paths.payments);
  await expect(page).toHaveURL(paths.teacherHome);
  await expect(page.getByRole('link', { name: 'Your Notifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payments' })).toHaveCount(0);
  await context.close();
});
