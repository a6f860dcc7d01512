import { randomBytes } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { type Currency, formatMoney } from '../../contract/src/tuition/money.js';
import { DEFAULT_MONEY_RULES } from '../../contract/src/tuition/rules.js';
import { hrefs, paths } from '../../web/src/shared/paths.js';
import { addAccount, admin, pageSignedIn, postOk, signIn } from '../support.js';
import { academyCurrency, chargedClass } from '../tuition.js';

/**
 * Issue 52, point 2: the academy's money rules at the desk. The administrator opens Money
 * rules from Payments and saves a staff child discount and the shares kept when a student
 * leaves; gives one payer the staff child discount off their charge; settles another, paid
 * in full, leaving: the proposal's refund kept as credit; and pays a third back by bank
 * deposit, whose refund note (a document of its own) the office and the student download.
 * The browser suite's academy is
 * shared: only the desk's offer and the leaving shares change (no sibling discount, no late
 * joining by sessions, which other specs' charges would feel), and the rules go back to the
 * defaults after. The two payers share a guardian: the desk shows each the other as family.
 */

const suffix = randomBytes(3).toString('hex');
const FEE = 4_000_000;
const staffChild = { name: `Rules Staff ${suffix}`, username: `rules_a_${suffix}` };
const leaver = { name: `Rules Leaver ${suffix}`, username: `rules_b_${suffix}` };
const refunded = { name: `Rules Refunded ${suffix}`, username: `rules_c_${suffix}` };
const PASSWORD = 'rules-password';
const ids: number[] = [];

let currency: Currency;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = (await signIn(admin())).token;
  currency = await academyCurrency(api, token);
  for (const who of [staffChild, leaver, refunded])
    ids.push(await addAccount(api, token, { ...who, password: PASSWORD, roleId: '2' }));
  await chargedClass(api, token, {
    name: `A Rules ${suffix}`,
    studentIds: ids,
    parts: [{ label: 'On joining', due: { kind: 'on_joining' }, amount: FEE }],
  });
  for (const paid of [ids[1], ids[2]])
    await postOk(api, token, '/api/record_payment.php', {
      data: {
        user_id: paid,
        amount: FEE,
        day: new Date().toISOString().slice(0, 10),
        method: 'cash',
      },
    });
  // The first two are brothers: one guardian's number on both (a number of this run's own).
  const phone = `+4477009${String(parseInt(suffix, 16) % 100_000).padStart(5, '0')}`;
  for (const id of ids.slice(0, 2))
    await postOk(api, token, '/api/save_guardian.php', {
      data: { user_id: id, name: `Parent ${suffix}`, phone },
    });
  await api.dispose();
});

test.afterAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = (await signIn(admin())).token;
  await postOk(api, token, '/api/save_money_rules.php', { data: DEFAULT_MONEY_RULES });
  await api.dispose();
});

test('the administrator saves the money rules, gives a staff child discount and settles a leaving student as credit', async ({
  browser,
}) => {
  const money = (n: number) => formatMoney(n, currency, { withCode: true });
  const { context, page } = await pageSignedIn(browser, await signIn(admin()));
  await page.goto(paths.payments);
  await page.getByRole('link', { name: 'Money rules' }).click();
  await expect(page.getByRole('heading', { name: 'Money rules' })).toBeVisible();

  const rules = page.getByRole('form', { name: 'Money rules' });
  await rules.getByLabel('Staff child discount (%)').fill('50');
  // Less kept after the start than before: refused here, as the server would.
  await rules.getByLabel('Share kept before the term starts (%)').fill('30');
  await rules.getByLabel('Share kept after the term starts (%)').fill('20');
  await rules.getByRole('button', { name: 'Save the money rules' }).click();
  await expect(rules).toContainText(
    'The share kept after the term starts must not be less than the share kept before.',
  );
  await rules.getByLabel('Share kept before the term starts (%)').fill('10');
  await rules.getByLabel('After the start, the academy also keeps').selectOption('share');
  await rules.getByRole('button', { name: 'Save the money rules' }).click();
  await expect(
    rules.getByText('Money rules saved. They apply to charges made from now on.'),
  ).toBeVisible();
  await expect(rules).toContainText('Last saved');

  // The staff child discount: half the charge off, the balance down by as much.
  await page.goto(hrefs.payerStatement(ids[0] as number));
  const balance = page.getByRole('region', { name: 'Balance' });
  await expect(balance).toContainText(`Owes ${money(FEE)}`);
  const discount = page.getByRole('region', { name: 'Give a discount' });
  await expect(discount.getByLabel('Charge')).toContainText(money(FEE));
  await discount.getByRole('button', { name: 'Staff child: 50%' }).click();
  await expect(discount.getByLabel('Reason')).toHaveValue('Staff child');
  await discount.getByRole('button', { name: 'Give the discount' }).click();
  await expect(discount.getByRole('status')).toContainText(
    `A discount of ${money(FEE / 2)} for ${staffChild.name}: Staff child.`,
  );
  await expect(balance).toContainText(`Owes ${money(FEE / 2)}`);

  // Paid in full and leaving after the term started: the academy keeps 20%, the rest is
  // kept as credit.
  await page.goto(hrefs.payerStatement(ids[1] as number));
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('Nothing owed');
  const leaving = page.getByRole('region', { name: 'A student leaves' });
  await expect(leaving).toContainText('Fee less discounts');
  await expect(leaving).toContainText(money(FEE * 0.2));
  await expect(leaving).toContainText('Has started');
  const keep = `Keep ${money(FEE * 0.8)} as credit`;
  await leaving.getByRole('button', { name: keep }).click();
  const popup = page.getByRole('dialog', { name: `${keep}?` });
  await popup.getByRole('button', { name: 'Yes, keep it as credit' }).click();
  await expect(popup).toHaveCount(0);
  await expect(leaving.getByText(`${leaver.name} left A Rules ${suffix}`)).toContainText(
    `${money(FEE * 0.8)} stays as credit for the next term.`,
  );
  await expect(leaving).toContainText('This charge was settled when the student left');
  await expect(leaving.getByRole('button', { name: keep })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText(
    `In credit: ${money(FEE * 0.8)}`,
  );
  await context.close();
});

test('the desk shows a payer’s brother with what he owes, and opens his statement', async ({
  browser,
}) => {
  const { context, page } = await pageSignedIn(browser, await signIn(admin()));
  await page.goto(hrefs.payerStatement(ids[0] as number));
  const family = page.getByRole('region', { name: 'Family' });
  await expect(family).toContainText('Brothers and sisters who share a guardian with this payer:');
  await family.getByRole('link', { name: leaver.name }).click();
  await expect(page.getByRole('heading', { name: `Statement: ${leaver.name}` })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Family' }).getByRole('link', { name: staffChild.name }),
  ).toBeVisible();
  await context.close();
});

test('a refund is its own document: the office pays a leaver back, and both download the refund note', async ({
  browser,
}) => {
  const office = await pageSignedIn(browser, await signIn(admin()));
  const { page } = office;
  await page.goto(hrefs.payerStatement(ids[2] as number));
  const leaving = page.getByRole('region', { name: 'A student leaves' });
  await expect(leaving).toContainText('Fee less discounts');
  // Whatever share the rules keep (the first test saves them), the button names the refund.
  const refund = leaving.getByRole('button', { name: /^Refund / });
  const label = (await refund.textContent()) ?? '';
  await refund.click();
  const popup = page.getByRole('dialog', { name: `${label}?` });
  await popup.getByLabel('Paid back by').selectOption('bank_deposit');
  await popup.getByRole('button', { name: 'Yes, refund it' }).click();
  await expect(popup).toHaveCount(0);
  const said = leaving.getByText(`${refunded.name} left A Rules ${suffix}`);
  await expect(said).toContainText('is refunded (refund note R-');
  const number = /refund note (R-\d{4}-\d{6,})/.exec((await said.textContent()) ?? '')?.[1];
  expect(number).toBeDefined();

  // The office's copy: the refund note's own table, by bank deposit, and its PDF.
  const note = page
    .getByRole('table', { name: 'Refund notes' })
    .getByRole('row')
    .filter({ hasText: number as string });
  await expect(note).toContainText('Bank deposit');
  await expect(note).toContainText('Valid');
  await expect(
    page
      .getByRole('region', { name: 'Ledger' })
      .getByText(`Refund, refund note ${number}`, { exact: true }),
  ).toBeVisible();
  const [officeFile] = await Promise.all([
    page.waitForEvent('download'),
    note.getByRole('button', { name: `Download refund note ${number} (PDF)` }).click(),
  ]);
  expect(await officeFile.failure()).toBeNull();
  expect(officeFile.suggestedFilename()).toBe(`refund-${number}.pdf`);
  await office.context.close();

  // The student's copy, beside their receipt on My payments.
  const student = await pageSignedIn(browser, await signIn({ ...refunded, password: PASSWORD }));
  await student.page.goto(paths.myPayments);
  const documents = student.page
    .getByRole('list', { name: 'Receipts and refund notes' })
    .getByRole('listitem');
  await expect(documents).toHaveCount(2);
  await expect(documents.first()).toContainText(`Refund note ${number}`);
  await expect(documents.first()).toContainText('Bank deposit');
  const [own] = await Promise.all([
    student.page.waitForEvent('download'),
    documents
      .first()
      .getByRole('button', { name: `Download refund note ${number} (PDF)` })
      .click(),
  ]);
  expect(await own.failure()).toBeNull();
  expect(own.suggestedFilename()).toBe(`refund-${number}.pdf`);
  await student.context.close();
});
