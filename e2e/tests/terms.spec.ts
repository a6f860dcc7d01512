import { expect, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { logIn } from '../support.js';

// The academy's terms (issue 30, point 2) on an academy of its own: a current term moves every
// attendance figure, so the other test files, run meanwhile on the shared server, keep none.
// On a phone: the administrator adds a term holding today, sees it marked current, and an
// overlapping one is refused in words naming the term it overlaps.
let server: RunningServer;
const phone = { width: 375, height: 812 };

test.beforeAll(async () => {
  server = await startOwnAcademy({
    name: 'Terry Term',
    username: 'terry_term',
    email: 'terry.term@example.com',
    password: 'student-password',
    gender: 'male',
  });
});
test.afterAll(async () => server?.stop());

/** A day `offset` days from today, YYYY-MM-DD on the academy's clock (UTC here). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('on a phone an administrator adds the current term; an overlapping one is refused', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}/settings`);
  const card = page.getByRole('region', { name: 'Terms' });
  await expect(card.getByText('No terms yet.')).toBeVisible();

  const add = card.getByRole('form', { name: 'Add a term' });
  await add.getByLabel('Term name').fill('Autumn term');
  await add.getByLabel('First day').fill(day(-10));
  await add.getByLabel('Last day').fill(day(60));
  await add.getByRole('button', { name: 'Add term' }).click();
  await expect(card.getByRole('status')).toHaveText(
    `Term “Autumn term” added (${day(-10)} to ${day(60)}).`,
  );
  const terms = card.getByRole('list', { name: "The academy's terms" });
  const autumn = terms.getByRole('listitem').filter({ hasText: 'Autumn term' });
  await expect(autumn.getByText('Current', { exact: true })).toBeVisible();

  // A term sharing a day with it is refused, in words that name it; the form keeps its values.
  await add.getByLabel('Term name').fill('Winter term');
  await add.getByLabel('First day').fill(day(60));
  await add.getByLabel('Last day').fill(day(120));
  await add.getByRole('button', { name: 'Add term' }).click();
  await expect(add.getByRole('alert')).toHaveText(
    `These days overlap the term “Autumn term” (${day(-10)} to ${day(60)}).`,
  );
  await expect(add.getByLabel('Term name')).toHaveValue('Winter term');
  // Days the wrong way round are refused before sending.
  await add.getByLabel('First day').fill(day(130));
  await add.getByRole('button', { name: 'Add term' }).click();
  await expect(add.getByRole('alert')).toHaveText(
    'The last day must not come before the first day.',
  );
  await add.getByLabel('First day').fill(day(61));
  await add.getByRole('button', { name: 'Add term' }).click();
  await expect(terms.getByRole('listitem')).toHaveCount(2);
  const winter = terms.getByRole('listitem').filter({ hasText: 'Winter term' });
  await expect(winter.getByText('Current', { exact: true })).toHaveCount(0);

  // Nothing scrolls sideways on the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Deleted after asking.
  await winter.getByRole('button', { name: 'Delete Winter term' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete term?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card.getByRole('status')).toHaveText('Term “Winter term” deleted.');
  await expect(terms.getByRole('listitem')).toHaveCount(1);
  await context.close();
});
