import { expect, test } from '@playwright/test';
import {
  admin,
  createStudent,
  pageSignedIn,
  type SignedIn,
  serverError,
  signIn,
} from '../support.js';

/**
 * Issue 31, point 4, on a phone: an administrator keeps a student's guardians on the
 * student's page: adds one (a number typed with spaces is kept in E.164), is told in words
 * what is wrong, edits one, removes one; and the card's loading error.
 */

let adminLogin: SignedIn;
let studentId: number;

test.beforeAll(async () => {
  adminLogin = await signIn(admin());
  const student = await createStudent({ name: `Zz Guarded ${Date.now().toString(36)}` });
  studentId = (await signIn(student)).userId;
});

test('an administrator adds, edits and removes a guardian on the student’s page', async ({
  browser,
}) => {
  const { context, page } = await pageSignedIn(browser, adminLogin);
  await page.goto(`/students/${studentId}`);
  const card = page.getByRole('region', { name: 'Guardians' });
  await expect(card.getByText('No guardians yet.')).toBeVisible();

  await card.getByRole('button', { name: 'Add guardian' }).click();
  const add = page.getByRole('dialog', { name: 'Add a guardian' });
  await add.getByLabel('Name').fill('Ayşe Veli');
  // Neither a phone nor an e-mail: the form says so before sending.
  await add.getByRole('button', { name: 'Add guardian' }).click();
  await expect(
    add.getByText("Please enter the guardian's phone number or e-mail address (or both)."),
  ).toBeVisible();
  // A number without its country code: the server says what it needs.
  await add.getByLabel('Phone').fill('0555 123 45 67');
  await add.getByRole('button', { name: 'Add guardian' }).click();
  await expect(
    add.getByText(
      "Please enter the guardian's phone number with + and the country code, such as +44 7700 900123.",
    ),
  ).toBeVisible();
  await add.getByLabel('Phone').fill('+90 555 123 45 67');
  await add.getByRole('button', { name: 'Add guardian' }).click();
  await expect(add).toBeHidden();
  await expect(card.getByText('Ayşe Veli added as a guardian.')).toBeVisible();
  const row = card.getByRole('listitem').filter({ hasText: 'Ayşe Veli' });
  await expect(row.getByRole('link', { name: '+905551234567' })).toHaveAttribute(
    'href',
    'tel:+905551234567',
  );

  await row.getByRole('button', { name: 'Edit Ayşe Veli' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Ayşe Veli' });
  await expect(edit.getByLabel('Phone')).toHaveValue('+905551234567');
  await edit.getByLabel('E-mail').fill('ayse.veli@example.com');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText('Ayşe Veli saved.')).toBeVisible();
  await expect(row.getByRole('link', { name: 'ayse.veli@example.com' })).toBeVisible();

  // Nothing scrolls sideways on the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await row.getByRole('button', { name: 'Delete Ayşe Veli' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove guardian?' });
  await expect(confirm).toContainText("Remove Ayşe Veli from this student's guardians?");
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByText('Guardian removed.')).toBeVisible();
  await expect(card.getByText('No guardians yet.')).toBeVisible();
  await context.close();
});

test('the Guardians card says when they could not be loaded', async ({ browser }) => {
  const { context, page } = await pageSignedIn(browser, adminLogin);
  await page.route('**/api/get_guardians.php*', serverError);
  await page.goto(`/students/${studentId}`);
  const card = page.getByRole('region', { name: 'Guardians' });
  await expect(
    card.getByText('The guardians could not be loaded. Please try again.'),
  ).toBeVisible();
  // The rest of the page is there.
  await expect(page.getByRole('region', { name: 'Results' })).toBeVisible();
  await context.close();
});
