import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { type Currency, formatMoney } from '../../contract/src/tuition/money.js';
import { paths } from '../../web/src/shared/paths.js';
import {
  type Account,
  addAccount,
  admin,
  expectLeftOut,
  pageSignedIn,
  postOk,
  type SignedIn,
  signIn,
} from '../support.js';
import { academyCurrency, chargedClass } from '../tuition.js';

/**
 * Issue 52, point 6: a student sees their money. The office charges a class's fee plan and
 * takes the first part at the desk (through the API); the student, on a narrow phone, sees on
 * the home's Payments tile what they owe and the next instalment, opens My payments, sees the
 * first part paid and its receipt, downloads the receipt, and sees a second payment the office
 * records arrive by itself (the live topic 'tuition'), without a reload.
 */

const phone = { width: 320, height: 640 };
const suffix = randomBytes(3).toString('hex');
const PART = 3_000_000;
/** A day long after any test runs: the second and third parts are still to come. */
const LATER = ['2099-01-10', '2099-02-10'];

interface World {
  student: SignedIn;
  studentId: number;
  adminToken: string;
  currency: Currency;
  receipt: string;
}

/** A payment at the desk, made yesterday (never after the academy's today): its receipt. */
async function pay(api: APIRequestContext, world: Omit<World, 'receipt' | 'student'>) {
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const paid = await postOk(api, world.adminToken, '/api/record_payment.php', {
    data: { user_id: world.studentId, amount: PART, day, method: 'cash' },
  });
  return paid.receipt_number as string;
}

async function seed(api: APIRequestContext): Promise<World> {
  const adminToken = (await signIn(admin())).token;
  const currency = await academyCurrency(api, adminToken);
  const account: Account = {
    name: `Pay Student ${suffix}`,
    username: `pay_${suffix}`,
    password: 'pay-student-password',
  };
  const studentId = await addAccount(api, adminToken, { ...account, roleId: '2' });
  await chargedClass(api, adminToken, {
    name: `Fees Class ${suffix}`,
    studentIds: [studentId],
    parts: [
      { label: 'On joining', due: { kind: 'on_joining' }, amount: PART },
      { label: 'January', due: { kind: 'on_date', day: LATER[0] as string }, amount: PART },
      { label: 'February', due: { kind: 'on_date', day: LATER[1] as string }, amount: PART },
    ],
  });
  const receipt = await pay(api, { studentId, adminToken, currency });
  return { student: await signIn(account), studentId, adminToken, currency, receipt };
}

let world: World;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  world = await seed(api);
  await api.dispose();
});

test('a student sees what they owe on the home, opens My payments, downloads a receipt, and a new payment arrives by itself', async ({
  browser,
}) => {
  const money = (amount: number) => formatMoney(amount, world.currency, { withCode: true });
  const { context, page } = await pageSignedIn(browser, world.student, phone);
  await page.goto(paths.userHome);

  // The tile: what is owed, and the next part (the first is paid).
  const tile = page.getByRole('link', { name: /^Payments/ });
  await expect(tile).toContainText(`You owe ${money(2 * PART)}`);
  await expect(tile).toContainText(`Next: ${money(PART)}, Jan 10`);
  await tile.click();

  await expect(page).toHaveURL(paths.myPayments);
  await expect(page.getByRole('heading', { name: 'My payments', level: 1 })).toBeVisible();
  await expect(page.getByText(`You owe ${money(2 * PART)}`)).toBeVisible();
  await expect(
    page.getByText(`Next instalment: ${money(PART)}, due January 10, 2099`),
  ).toBeVisible();
  const instalments = page.getByRole('list', { name: 'Instalments' }).getByRole('listitem');
  await expect(instalments).toHaveCount(3);
  await expect(instalments.nth(0)).toContainText('Paid');
  await expect(instalments.nth(1)).toContainText('To pay');
  const receipts = page.getByRole('list', { name: 'Receipts' }).getByRole('listitem');
  await expect(receipts).toHaveCount(1);
  await expect(receipts.first()).toContainText(`Receipt ${world.receipt}`);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  // The receipt's PDF.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    receipts
      .first()
      .getByRole('button', { name: `Download receipt ${world.receipt} (PDF)` })
      .click(),
  ]);
  expect(await file.failure()).toBeNull();
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);

  // The office takes the second part: the screen shows it without a reload.
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const second = await pay(api, world);
  await api.dispose();
  await expect(page.getByText(`You owe ${money(PART)}`)).toBeVisible();
  await expect(receipts).toHaveCount(2);
  await expect(receipts.first()).toContainText(`Receipt ${second}`);
  await expect(instalments.nth(1)).toContainText('Paid');
  await context.close();
});

test('a Payments tile whose drawing cannot be fetched stays out of the home, which works on', async ({
  browser,
}) => {
  const { context, page } = await pageSignedIn(browser, world.student, phone);
  // Its words are a chunk of their own, read only for a student with money (payments-tile.tsx).
  await page.route('**/assets/payments-summary-*.js', (route) => route.abort());
  // Left out (the app says so), not the error screen in place of the home.
  await expectLeftOut(page, 'The Payments tile', () => page.goto(paths.userHome));
  await expect(page.getByRole('link', { name: /^Payments/ })).toHaveCount(0);
  // The home is still there to use.
  await page.getByRole('link', { name: 'Leitner Box' }).click();
  await expect(page).toHaveURL(paths.leitnerBox);
  await context.close();
});
