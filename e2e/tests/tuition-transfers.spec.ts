import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { type Currency, formatMoney } from '../../contract/src/tuition/money.js';
import { paths } from '../../web/src/shared/paths.js';
import {
  type Account,
  addAccount,
  admin,
  pageSignedIn,
  postOk,
  type SignedIn,
  samplePng,
  signIn,
} from '../support.js';
import { academyCurrency, chargedClass } from '../tuition.js';

/**
 * Issue 52, point 4: card-to-card, checked. A student on a narrow phone reports a transfer with
 * a photo of its receipt and sees it awaiting approval; the administrator opens Card transfers,
 * sees it with its photo and approves it (its receipt's number is shown); the student's My
 * payments shows it approved and the balance moved, without a reload. A second transfer is
 * rejected with a reason, which the student then reads.
 */

const phone = { width: 320, height: 640 };
const suffix = randomBytes(3).toString('hex');
const PART = 3_000_000;
const LATER = ['2099-01-10', '2099-02-10'];

interface World {
  student: SignedIn;
  name: string;
  className: string;
  adminLogin: SignedIn;
  currency: Currency;
}

async function seed(api: APIRequestContext): Promise<World> {
  const adminLogin = await signIn(admin());
  const token = adminLogin.token;
  const currency = await academyCurrency(api, token);
  const account: Account = {
    name: `Transfer Student ${suffix}`,
    username: `transfer_${suffix}`,
    password: 'transfer-student-password',
  };
  const studentId = await addAccount(api, token, { ...account, roleId: '2' });
  const className = `Transfer Class ${suffix}`;
  await chargedClass(api, token, {
    name: className,
    studentIds: [studentId],
    parts: [
      { label: 'On joining', due: { kind: 'on_joining' }, amount: PART },
      { label: 'January', due: { kind: 'on_date', day: LATER[0] as string }, amount: PART },
      { label: 'February', due: { kind: 'on_date', day: LATER[1] as string }, amount: PART },
    ],
  });
  return {
    student: await signIn(account),
    name: account.name,
    className,
    adminLogin,
    currency,
  };
}

const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** From My payments: "I paid by card transfer", filled in with a photo and sent. */
async function reportTransfer(page: Page, world: World, tracking: string) {
  await page.getByRole('link', { name: 'I paid by card transfer' }).click();
  await expect(page).toHaveURL(paths.cardTransfer);
  await expect(
    page.getByRole('heading', { name: 'I paid by card transfer', level: 1 }),
  ).toBeVisible();
  await page.getByLabel(/^Amount/).fill(formatMoney(PART, world.currency));
  await page.getByLabel('Card’s last four digits').fill('1234');
  await page.getByLabel('Tracking number').fill(tracking);
  await page
    .getByLabel('Photo of the transfer’s receipt')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: samplePng });
  expect(await fitsThePhone(page)).toBe(true);
  await page.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByText(/is awaiting approval/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to My payments' }).last().click();
  await expect(page).toHaveURL(paths.myPayments);
}

let world: World;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  world = await seed(api);
  await api.dispose();
});

test('a student reports card transfers from a phone; the office approves one and rejects one, the student sees both, and once paid up leaves the debtors list', async ({
  browser,
}) => {
  const money = (amount: number) => formatMoney(amount, world.currency, { withCode: true });
  const student = await pageSignedIn(browser, world.student, phone);
  const office = await pageSignedIn(browser, world.adminLogin);
  const mine = student.page
    .getByRole('list', { name: 'Your card transfers' })
    .getByRole('listitem');

  // The student reports the first transfer; it waits for approval.
  await student.page.goto(paths.myPayments);
  await expect(student.page.getByText(`You owe ${money(3 * PART)}`)).toBeVisible();
  await reportTransfer(student.page, world, `${suffix}A1`);
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('Awaiting approval');
  await expect(mine.first()).toContainText(`Tracking number ${suffix}A1`);
  expect(await fitsThePhone(student.page)).toBe(true);

  // The office: from the desk to Card transfers, the transfer with its photo, approved.
  await office.page.goto(paths.payments);
  await office.page.getByRole('link', { name: /^Card transfers/ }).click();
  await expect(office.page).toHaveURL(paths.cardTransfers);
  const awaiting = office.page
    .getByRole('list', { name: 'Awaiting approval' })
    .getByRole('listitem')
    .filter({ hasText: world.name });
  await expect(awaiting).toHaveCount(1);
  await expect(awaiting).toContainText(money(PART));
  await expect(awaiting).toContainText(`Card ending 1234, tracking number ${suffix}A1`);
  await expect(awaiting.getByRole('img', { name: /receipt’s photo/ })).toBeVisible();
  await awaiting.getByRole('button', { name: /^Approve/ }).click();
  const approve = office.page.getByRole('dialog', {
    name: `Approve ${money(PART)} from ${world.name}?`,
  });
  await approve.getByRole('button', { name: 'Approve it' }).click();
  const approved = office.page.getByText(/^Approved: receipt \d{4}-\d+ for /);
  await expect(approved).toBeVisible();
  const receipt = /receipt (\d{4}-\d+)/.exec((await approved.textContent()) ?? '')?.[1];
  expect(receipt).toBeTruthy();
  await expect(awaiting).toHaveCount(0);

  // The student's screen moves by itself: approved with its receipt, the balance less.
  await expect(mine.first()).toContainText(`Approved — receipt ${receipt}`);
  await expect(student.page.getByText(`You owe ${money(2 * PART)}`)).toBeVisible();
  await expect(
    student.page.getByRole('list', { name: 'Receipts' }).getByRole('listitem').first(),
  ).toContainText(`Receipt ${receipt}`);

  // A second transfer, rejected with a reason.
  await reportTransfer(student.page, world, `${suffix}B2`);
  await expect(mine).toHaveCount(2);
  await expect(awaiting).toHaveCount(1);
  await expect(awaiting).toContainText(`tracking number ${suffix}B2`);
  await awaiting.getByRole('button', { name: /^Reject/ }).click();
  const reject = office.page.getByRole('dialog', {
    name: `Reject ${world.name}’s transfer of ${money(PART)}?`,
  });
  await reject.getByRole('button', { name: 'Reject it' }).click();
  await expect(reject.getByText('Please give the reason for rejecting it')).toBeVisible();
  await reject.getByLabel('Reason').fill('The amount on the photo does not match');
  await reject.getByRole('button', { name: 'Reject it' }).click();
  await expect(office.page.getByText(`Rejected. ${world.name} is told why.`)).toBeVisible();

  // The student reads the reason; the balance did not move.
  await expect(mine.filter({ hasText: `${suffix}B2` })).toContainText(
    'Not accepted: The amount on the photo does not match',
  );
  await expect(student.page.getByText(`You owe ${money(2 * PART)}`)).toBeVisible();

  // The office's lists of decided transfers.
  await office.page.getByLabel('Show').selectOption('rejected');
  await expect(
    office.page
      .getByRole('list', { name: 'Rejected' })
      .getByRole('listitem')
      .filter({ hasText: `${suffix}B2` }),
  ).toContainText('Not accepted: The amount on the photo does not match');
  await office.page.getByLabel('Show').selectOption('approved');
  await expect(
    office.page
      .getByRole('list', { name: 'Approved' })
      .getByRole('listitem')
      .filter({ hasText: `${suffix}A1` }),
  ).toContainText(`Approved — receipt ${receipt}`);

  // Who owes: the student, until a last transfer of the rest is approved (through the API).
  await office.page.goto(paths.debtors);
  await office.page.getByLabel('Class').selectOption({ label: `${world.className} (1 student)` });
  const rows = office.page.getByRole('table', { name: 'Payers who owe' }).getByRole('row');
  await expect(rows.filter({ hasText: world.name })).toContainText(money(2 * PART));
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const reported = await postOk(api, world.student.token, '/api/report_card_transfer.php', {
    multipart: {
      user_id: String(world.student.userId),
      amount: String(2 * PART),
      day: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      card_last4: '1234',
      tracking: `${suffix}C3`,
      photo: { name: 'receipt.png', mimeType: 'image/png', buffer: samplePng },
    },
  });
  await postOk(api, world.adminLogin.token, '/api/decide_card_transfer.php', {
    data: { transfer_id: reported.id, decision: 'approve' },
  });
  await api.dispose();
  await expect(office.page.getByText('Nobody the filters keep owes anything.')).toBeVisible();
  await expect(student.page.getByText('Nothing owed', { exact: true })).toBeVisible();

  await student.context.close();
  await office.context.close();
});
