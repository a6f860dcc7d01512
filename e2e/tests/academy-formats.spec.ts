import { expect, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy, startServer } from '../server.js';
import { logIn } from '../support.js';

/**
 * Issue 49, point 17, on a phone: the academy's own formats. The administrator sets the
 * academy's country on Settings; a guardian's number typed the local way is then read as one
 * of its numbers, and the examples are its own. A server given ACADEMY_TZ prefills the first
 * sign-in's zone question with it. Both change what is everyone's, so each runs on an
 * academy of its own.
 */

test.describe('an academy that sets its country to Iran', () => {
  let server: RunningServer;
  const student = { username: 'formats_student', password: 'student-password' };
  test.beforeAll(async () => {
    server = await startOwnAcademy({
      ...student,
      name: 'Sara Formats',
      email: 'sara.formats@example.com',
      gender: 'female',
    });
  });
  test.afterAll(async () => server?.stop());

  test('a guardian phone typed the Iranian way is kept, and the example is Iranian', async ({
    page,
  }) => {
    await logIn(page, ownAdmin, '/admin', server.baseUrl);
    await page.goto(`${server.baseUrl}/settings`);
    const academy = page.getByRole('region', { name: 'Academy' });
    const country = academy.getByLabel('Country');
    // A UTC academy's zone suggests no country.
    await expect(country).toHaveValue('');
    await country.selectOption({ label: 'Iran' });
    await academy.getByRole('button', { name: 'Save settings' }).click();
    await expect(academy.getByText('Settings saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Academy' }).getByLabel('Country')).toHaveValue(
      'IR',
    );

    const login = (await (
      await page.request.post(`${server.baseUrl}/api/login.php`, { form: student })
    ).json()) as { user_id: number };
    await page.goto(`${server.baseUrl}/students/${login.user_id}`);
    const card = page.getByRole('region', { name: 'Guardians' });
    await card.getByRole('button', { name: 'Add guardian' }).click();
    const add = page.getByRole('dialog', { name: 'Add a guardian' });
    // The example shown is Iran's own, not a British one.
    await expect(add.getByText(/Such as 0912 345 6789/)).toBeVisible();
    await expect(add.getByText(/\+44/)).toHaveCount(0);
    await add.getByLabel('Name').fill('Maryam Formats');
    // Not a number of Iran's: said in words with the Iranian example.
    await add.getByLabel('Phone').fill('0912 555');
    await add.getByRole('button', { name: 'Add guardian' }).click();
    await expect(
      add.getByText(
        "Please enter the guardian's phone number as dialled in Iran, such as 0912 345 6789, or with + and the country code.",
      ),
    ).toBeVisible();
    await add.getByLabel('Phone').fill('0912 555 0101');
    await add.getByRole('button', { name: 'Add guardian' }).click();
    await expect(add).toBeHidden();
    await expect(card.getByText('Maryam Formats added as a guardian.')).toBeVisible();
    const row = card.getByRole('listitem').filter({ hasText: 'Maryam Formats' });
    await expect(row.getByRole('link', { name: '+989125550101' })).toHaveAttribute(
      'href',
      'tel:+989125550101',
    );
  });
});

test.describe('a fresh academy whose server was given ACADEMY_TZ', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ ACADEMY_TZ: 'Asia/Tehran' }, { askTimeZone: true });
  });
  test.afterAll(async () => server?.stop());

  test("the first sign-in's zone question is prefilled with it, not the browser's", async ({
    browser,
  }) => {
    const context = await browser.newContext({ timezoneId: 'America/New_York' });
    const page = await context.newPage();
    await logIn(page, ownAdmin, '/admin', server.baseUrl);
    await expect(page.getByRole('heading', { name: "Your academy's time zone" })).toBeVisible();
    await expect(page.getByLabel('Time zone')).toHaveValue('Asia/Tehran');
    await expect(page.getByText('Set on the server.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
    // Its country, suggested by the zone, is Iran's.
    await page.goto(`${server.baseUrl}/settings`);
    await expect(page.getByRole('region', { name: 'Academy' }).getByLabel('Country')).toHaveValue(
      'IR',
    );
    await context.close();
  });
});
