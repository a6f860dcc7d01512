import { randomBytes } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { type Currency, formatMoney } from '../../contract/src/tuition/money.js';
import { hrefs } from '../../web/src/shared/paths.js';
import { addAccount, admin, pageSignedIn, postOk, signIn } from '../support.js';
import { academyCurrency, chargedClass } from '../tuition.js';

/**
 * Issue 52, point 1: a guardian pays for two children in one go at the desk. Two students
 * share their mother's e-mail address (a family) and are charged a plan of two parts, one due
 * today. From the first child's statement the office records one payment "Paid for" the
 * family: it pays both children's parts due first, with a receipt for each child, and each
 * child's own statement shows their share.
 */

const suffix = randomBytes(3).toString('hex');
const PART = 2_000_000;
const older = { name: `Family Older ${suffix}`, username: `fam_older_${suffix}` };
const younger = { name: `Family Younger ${suffix}`, username: `fam_younger_${suffix}` };
const ids: number[] = [];
let currency: Currency;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = (await signIn(admin())).token;
  currency = await academyCurrency(api, token);
  for (const child of [older, younger]) {
    const id = await addAccount(api, token, { ...child, password: 'family-password', roleId: '2' });
    await postOk(api, token, '/api/save_guardian.php', {
      data: { user_id: id, name: 'Mina Mother', email: `mina_${suffix}@example.com` },
    });
    ids.push(id);
  }
  await chargedClass(api, token, {
    name: `Family Class ${suffix}`,
    studentIds: ids,
    parts: [
      { label: 'On joining', due: { kind: 'on_joining' }, amount: PART },
      { label: 'Far ahead', due: { kind: 'on_date', day: '2099-01-10' }, amount: PART },
    ],
  });
  await api.dispose();
});

test('one payment for two children pays what is due first for both, with a receipt for each', async ({
  browser,
}) => {
  const money = (n: number) => formatMoney(n, currency, { withCode: true });
  const { context, page } = await pageSignedIn(browser, await signIn(admin()));
  await page.goto(hrefs.payerStatement(ids[0] as number));
  await expect(page.getByRole('heading', { name: `Statement: ${older.name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Family' })).toContainText(
    `${younger.name} — Owes ${money(2 * PART)}`,
  );

  // Both "On joining" parts and nothing more: 1.5 parts, the older child's due first.
  const form = page.getByRole('region', { name: 'Record a payment' });
  await expect(form.getByLabel('Paid for')).toHaveValue('payer');
  await form
    .getByLabel('Paid for')
    .selectOption({ label: `The family: ${older.name}, ${younger.name}` });
  // The amount's hint counts the family in: what the brothers and sisters owe.
  await expect(
    form.getByText(`The brothers and sisters owe ${money(2 * PART)} in all.`),
  ).toBeVisible();
  await form.getByLabel(`Amount (${currency.code})`).fill(formatMoney(PART * 1.5, currency));
  await form.getByRole('button', { name: 'Record the payment' }).click();
  const said = form.getByRole('status').filter({ hasText: 'receipts' });
  await expect(said).toContainText(
    `${money(PART * 1.5)} from ${older.name}’s family by cash, 2 receipts:`,
  );
  await expect(said).toContainText(`${money(PART)} for ${older.name} (still owed: ${money(PART)})`);
  await expect(said).toContainText(
    `${money(PART / 2)} for ${younger.name} (still owed: ${money(PART * 1.5)})`,
  );
  // A receipt each, to download or print; the form is back to the payer alone.
  const numbers = [...((await said.textContent()) ?? '').matchAll(/(\d{4}-\d{6,}):/g)].map(
    (m) => m[1] as string,
  );
  expect(numbers).toHaveLength(2);
  for (const number of numbers)
    await expect(
      form.getByRole('button', { name: `Download receipt ${number} (PDF)` }),
    ).toBeVisible();
  await expect(form.getByLabel('Paid for')).toHaveValue('payer');
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText(`Owes ${money(PART)}`);
  await expect(page.getByRole('region', { name: 'Family' })).toContainText(
    `${younger.name} — Owes ${money(PART * 1.5)}`,
  );

  // The younger child's own statement holds their share and its receipt.
  await page
    .getByRole('region', { name: 'Family' })
    .getByRole('link', { name: younger.name })
    .click();
  await expect(page.getByRole('heading', { name: `Statement: ${younger.name}` })).toBeVisible();
  const receipts = page.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('row').filter({ hasText: numbers[1] as string })).toContainText(
    formatMoney(PART / 2, currency),
  );
  const [pdf] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/download_receipt.php'),
    page.waitForEvent('download'),
    receipts.getByRole('button', { name: `Download receipt ${numbers[1]} (PDF)` }).click(),
  ]);
  expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
  await context.close();
});
