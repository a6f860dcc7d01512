import { expect, type Locator, type Page, test } from '@playwright/test';
import { admin, createStudent, logIn, type SignedIn, signIn } from '../support.js';

/** How many lines a cell's text takes (distinct tops of its line boxes). */
function linesOf(cell: Locator): Promise<number> {
  return cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

/**
 * On a phone a table is a list of cards: each value on a line of its own, beside its column's
 * name, inside the screen; nothing scrolls sideways, neither the page nor the table.
 */
async function expectStacked(page: Page, label: string, headers: string[]) {
  const table = page.getByRole('table', { name: label });
  // Still a table to screen readers, its header row with it.
  for (const header of headers)
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeAttached();
  const firstRow = table.locator('tbody tr').first();
  const cells = firstRow.locator('td');
  await expect(cells).toHaveCount(headers.length);
  const width = page.viewportSize()?.width ?? 0;
  const boxes = [];
  for (let i = 0; i < headers.length; i++) {
    const cell = cells.nth(i);
    // The column's name is shown beside the value.
    expect(
      await cell.evaluate((el) => getComputedStyle(el, '::before').content),
      `cell ${i + 1} is labelled`,
    ).toContain(headers[i]);
    const box = await cell.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      boxes.push(box);
    }
  }
  // One under another, not side by side.
  for (let i = 1; i < boxes.length; i++)
    expect(boxes[i]?.y ?? 0).toBeGreaterThan(boxes[i - 1]?.y ?? 0);
  expect(
    await page.evaluate(() => ({
      page: document.documentElement.scrollWidth <= window.innerWidth,
      table: [...document.querySelectorAll('table')].every(
        (t) => (t.parentElement?.scrollWidth ?? 0) <= (t.parentElement?.clientWidth ?? 0),
      ),
    })),
  ).toEqual({ page: true, table: true });
}

/** The value of a row's cell, without the label shown beside it. */
const cellValue = (page: Page, label: string, header: string) =>
  page
    .getByRole('table', { name: label })
    .locator(`tbody tr td[data-label="${header}"] > div`)
    .first();

test.describe('tables on a 390 px phone', () => {
  let adminLogin: SignedIn;
  test.beforeAll(async () => {
    adminLogin = await signIn(admin());
  });

  test('/all-notifications: each notification is a card of labelled lines; dates, times and statuses on one line', async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ storageState: adminLogin.state });
    const page = await context.newPage();
    await page.route('**/api/get_allnotifications.php*', (route) =>
      route.fulfill({
        json: {
          success: true,
          message: '',
          page: 1,
          page_size: 50,
          has_more: false,
          notifications: [
            {
              id: 1234567,
              user_id: 7,
              user_name: 'Parisa Mohammadzadeh-Ghorbani',
              message:
                'Your speaking test is moved to Thursday. Read https://academy.example.com/announcements/speaking-tests-november-2026 first.',
              created_at: '2026-11-22 10:04:00',
              is_read: 0,
            },
            {
              id: 98,
              user_id: 8,
              user_name: 'Ali',
              message: 'OK',
              created_at: '2026-09-03 23:59:00',
              is_read: 1,
            },
          ],
        },
      }),
    );
    await page.goto('/all-notifications');
    await expect(page.getByRole('cell', { name: '1234567' })).toBeVisible();
    await testInfo.attach('all-notifications-390', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    await expectStacked(page, 'Notifications', [
      'ID',
      'User Name',
      'Message',
      'Date',
      'Time',
      'Status',
    ]);
    for (const header of ['ID', 'Date', 'Time', 'Status'])
      expect(await linesOf(cellValue(page, 'Notifications', header)), header).toBe(1);
    // The message is readable: most of the card's width, not one word a line.
    expect(await linesOf(cellValue(page, 'Notifications', 'Message'))).toBeLessThan(8);
    await context.close();
  });

  test('/view-users: each user is a card; a long e-mail breaks inside its line', async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ storageState: adminLogin.state });
    const page = await context.newPage();
    await page.route('**/api/get-users.php*', (route) =>
      route.fulfill({
        json: {
          success: true,
          message: '',
          users: [
            {
              id: 1024,
              name: 'Mohammad Reza Karimi',
              username: 'mohammad.reza.karimi',
              email: 'mohammad.reza.karimi@bright-english-academy.example.com',
              role_id: '2',
              gender: 'male',
              is_active: 1,
            },
          ],
        },
      }),
    );
    await page.goto('/view-users');
    await expect(page.getByRole('cell', { name: '1024' })).toBeVisible();
    await testInfo.attach('view-users-390', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    await expectStacked(page, 'Users', ['ID', 'Name', 'Username', 'Email', 'Role', 'Account']);
    for (const header of ['ID', 'Role'])
      expect(await linesOf(cellValue(page, 'Users', header)), header).toBe(1);
    await context.close();
  });

  test('/notification: Message, Date and Time are shown whole', async ({ browser }, testInfo) => {
    const student = await signIn(await createStudent());
    const context = await browser.newContext({ storageState: student.state });
    const page = await context.newPage();
    await page.route('**/api/get_notifications.php*', (route) =>
      route.fulfill({
        json: {
          success: true,
          notifications: [
            {
              id: 1,
              message:
                'Welcome! Your class materials are at https://academy.example.com/materials/intermediate-b2/unit-5',
              created_at: '2026-11-22 10:04:00',
              is_read: 1,
            },
          ],
        },
      }),
    );
    await page.goto('/notification');
    await expect(page.getByRole('cell', { name: 'November 22, 2026' })).toBeVisible();
    await testInfo.attach('notification-390', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    await expectStacked(page, 'Your notifications', ['Message', 'Date', 'Time']);
    for (const header of ['Date', 'Time']) {
      const value = cellValue(page, 'Your notifications', header);
      await expect(value).toBeInViewport({ ratio: 1 });
      expect(await linesOf(value), header).toBe(1);
    }
    await expect(cellValue(page, 'Your notifications', 'Message')).toContainText('unit-5');
    await context.close();
  });
});

test('after a confirmed delete removes its button, focus lands on the screen heading', async ({
  browser,
}) => {
  const student = await signIn(await createStudent());
  const context = await browser.newContext({ storageState: student.state });
  const page = await context.newPage();
  await page.request.post('/api/add_card.php', {
    headers: { Authorization: `Bearer ${student.token}` },
    data: { user_id: student.userId, front_text: 'ephemeral', back_text: 'short-lived' },
  });
  await page.goto('/cardlibrary');
  const remove = page.getByRole('button', { name: 'Delete ephemeral' });
  await remove.focus();
  await remove.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete card' });
  await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
  const done = page.getByRole('dialog', { name: 'Card Library' });
  await expect(done).toContainText('Card deleted successfully');
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(done).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Card Library' })).toBeFocused();
  await context.close();
});

test('the emoji picker stays inside its card on a 390 px phone', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ storageState: (await signIn(admin())).state });
  const page = await context.newPage();
  await page.goto('/send-notification');
  await page.getByRole('button', { name: 'Add Emoji' }).click();
  const picker = page.locator('.EmojiPickerReact');
  await expect(picker).toBeVisible();
  await testInfo.attach('emoji-picker-390', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  const form = await page.locator('form').boundingBox();
  const box = await picker.boundingBox();
  expect(box && form).toBeTruthy();
  if (!box || !form) return;
  expect(box.x).toBeGreaterThanOrEqual(form.x);
  expect(box.x + box.width).toBeLessThanOrEqual(form.x + form.width + 0.5);
  await context.close();
});

test.describe('focus after moving to a screen', () => {
  test('a tile moves focus to the new screen’s heading; the first page load leaves it alone', async ({
    browser,
  }) => {
    const student = await signIn(await createStudent());
    const context = await browser.newContext({ storageState: student.state });
    const page = await context.newPage();
    // The very first page: the browser's own start is right, so nothing is focused for it.
    await page.goto('/user');
    const home = page.getByRole('heading', { level: 1, name: /Hello/ });
    await expect(home).toBeVisible();
    await expect(home).not.toBeFocused();

    await page.getByRole('link', { name: 'Schedule' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeFocused();
    // The back link is a move too: focus lands on the home screen's heading.
    await page.getByRole('link', { name: 'Back to Home Screen' }).click();
    await expect(home).toBeFocused();
    // So is the browser's own Back.
    await page.getByRole('link', { name: 'Leitner Box' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Leitner Box' })).toBeFocused();
    await page.goBack();
    await expect(home).toBeFocused();
    await context.close();
  });

  test('logging in moves focus to the home screen’s heading, logging out to the login heading', async ({
    page,
  }) => {
    const student = await createStudent();
    await logIn(page, student, '/user');
    await expect(page.getByRole('heading', { level: 1, name: /Hello/ })).toBeFocused();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeFocused();
  });
});
