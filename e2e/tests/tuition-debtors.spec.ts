import { randomBytes } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { type Currency, formatMoney } from '../../contract/src/tuition/money.js';
import { paths } from '../../web/src/shared/paths.js';
import { addAccount, admin, pageSignedIn, postOk, signIn } from '../support.js';
import { academyCurrency, chargedClass } from '../tuition.js';

/**
 * Issue 52, point 5: who owes. A class of two payers is charged (through the API); one pays
 * part. The administrator opens the debtors list, filters it to the class, sees both with the
 * totals of the filtered list, filters them away by days overdue, and sends them a reminder
 * after a confirmation that counts them.
 */

const suffix = randomBytes(3).toString('hex');
const PART = 3_000_000;
const className = `A Debtors ${suffix}`;
const owes = { name: `Debtor Owes ${suffix}`, username: `debt_a_${suffix}` };
const part = { name: `Debtor Part ${suffix}`, username: `debt_b_${suffix}` };

let currency: Currency;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = (await signIn(admin())).token;
  currency = await academyCurrency(api, token);
  const ids = [];
  for (const who of [owes, part])
    ids.push(await addAccount(api, token, { ...who, password: 'debtor-password', roleId: '2' }));
  await chargedClass(api, token, {
    name: className,
    studentIds: ids,
    parts: [
      { label: 'On joining', due: { kind: 'on_joining' }, amount: PART },
      { label: 'Middle', due: { kind: 'on_date', day: '2098-01-10' }, amount: PART },
      { label: 'Far ahead', due: { kind: 'on_date', day: '2099-01-10' }, amount: PART },
    ],
  });
  await postOk(api, token, '/api/record_payment.php', {
    data: {
      user_id: ids[1],
      amount: 2 * PART,
      day: new Date().toISOString().slice(0, 10),
      method: 'cash',
    },
  });
  await api.dispose();
});

test('the debtors list filters, totals the filtered payers, and reminds them after a confirmation', async ({
  browser,
}) => {
  const money = (n: number) => formatMoney(n, currency, { withCode: true });
  const { context, page } = await pageSignedIn(browser, await signIn(admin()));
  await page.goto(paths.debtors);
  await expect(page.getByRole('heading', { name: 'Who owes' })).toBeVisible();

  await page.getByLabel('Class').selectOption({ label: `${className} (2 students)` });
  const rows = page.getByRole('table', { name: 'Payers who owe' }).getByRole('row');
  await expect(rows.filter({ hasText: owes.name })).toContainText(money(3 * PART));
  await expect(rows.filter({ hasText: part.name })).toContainText(money(PART));
  await expect(page.getByText(`2 payers owe ${money(4 * PART)} in all;`)).toBeVisible();
  await expect(rows.getByRole('link', { name: owes.name })).toHaveAttribute(
    'href',
    /\/payments\/\d+$/,
  );

  // Nothing is overdue yet: a day's filter keeps nobody.
  await page.getByLabel('At least this many days overdue').fill('1');
  await expect(page.getByText('Nobody the filters keep owes anything.')).toBeVisible();
  await page.getByLabel('At least this many days overdue').fill('');
  await expect(page.getByText(`2 payers owe ${money(4 * PART)} in all;`)).toBeVisible();

  // The reminder: the count first, then the server's words.
  await page.getByRole('button', { name: 'Send a reminder' }).click();
  const popup = page.getByRole('dialog', { name: 'Send a reminder' });
  await expect(popup).toContainText('This tells 2 payers what they owe');
  await popup.getByRole('button', { name: 'Remind 2 payers' }).click();
  await expect(popup).toHaveCount(0);
  await expect(page.getByText('A reminder is on its way to 2 payers.')).toBeVisible();
  await context.close();
});

test('the administrator sets the automatic reminders in the academy’s words, and turns them off', async ({
  browser,
}) => {
  const { context, page } = await pageSignedIn(browser, await signIn(admin()));
  await page.goto(paths.debtors);
  const card = page.getByRole('form', { name: 'Automatic reminders' });
  // Off until saved, with words ready (other specs' payers are charged today: a reminder
  // after the due day reaches none of them, so the test may switch that one on).
  await expect(card.getByLabel('Days after the due day')).toHaveValue('0');
  await card.getByLabel('Days after the due day').fill('2');
  const words = card.getByLabel('Words when overdue');
  await words.fill('Your {part} payment of {amout} is late.');
  await card.getByRole('button', { name: 'Save the reminders' }).click();
  await expect(card).toContainText(
    'The overdue reminder names {amout}, which is not one of {name}, {part}, {amount}, {due}, ' +
      '{balance}, {academy}.',
  );
  await words.fill('Your {part} payment of {amount} is late. Please pay at the office.');
  await expect(card).toContainText(
    'For example: Your Week 4 payment of 3,000,000 is late. Please pay at the office.',
  );
  await card.getByRole('button', { name: 'Save the reminders' }).click();
  await expect(
    page.getByText('Automatic reminders saved. They go out each day outside quiet hours.'),
  ).toBeVisible();

  // Kept: a fresh screen reads them back, with who saved them.
  await page.reload();
  await expect(card.getByLabel('Days after the due day')).toHaveValue('2');
  await expect(words).toHaveValue(
    'Your {part} payment of {amount} is late. Please pay at the office.',
  );
  await expect(card).toContainText('Last saved');

  await card.getByLabel('Days after the due day').fill('0');
  await card.getByRole('button', { name: 'Save the reminders' }).click();
  await expect(page.getByText('Automatic reminders are off.')).toBeVisible();
  await context.close();
});
