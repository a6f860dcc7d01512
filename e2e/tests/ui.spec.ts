import { expect, type Locator, type Page, test } from '@playwright/test';
import { admin, createStudent, type SignedIn, signIn } from '../support.js';

/** How many lines a cell's text takes (distinct tops of its line boxes). */
function linesOf(cell: Locator): Promise<number> {
  return cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

async function expectOneLine(cells: Locator) {
  const count = await cells.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const cell = cells.nth(i);
    expect(await linesOf(cell), `"${await cell.textContent()}" on one line`).toBe(1);
  }
}

/** The frame scrolls sideways instead of squeezing the columns; the page itself does not. */
async function expectFrameScrolls(page: Page, label: string) {
  const frame = page.getByRole('region', { name: label });
  const { scrollWidth, clientWidth } = await frame.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

const column = (page: Page, index: number) =>
  page.locator(`tbody tr td:nth-child(${index}), thead th:nth-child(${index})`);

test.describe('tables on a 390 px phone', () => {
  let adminLogin: SignedIn;
  test.beforeAll(async () => {
    adminLogin = await signIn(admin());
  });

  test('/all-notifications: ids, dates, times and statuses stay on one line', async ({
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
    for (const index of [1, 4, 5, 6]) await expectOneLine(column(page, index));
    await expectFrameScrolls(page, 'Notifications');
    // The message is readable: wider than its header, not one word a line.
    expect(await linesOf(page.getByRole('cell', { name: /speaking test/ }))).toBeLessThan(8);
    await context.close();
  });

  test('/view-users: ids, e-mails and roles stay on one line', async ({ browser }, testInfo) => {
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
    for (const index of [1, 3, 4, 5]) await expectOneLine(column(page, index));
    await expectFrameScrolls(page, 'Users');
    await context.close();
  });

  test('/notification: dates and times stay on one line', async ({ browser }, testInfo) => {
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
    for (const index of [2, 3]) await expectOneLine(column(page, index));
    // A long link breaks inside the message instead of stretching its column off the screen.
    const message = await page.getByRole('cell', { name: /Welcome!/ }).boundingBox();
    expect(message?.width).toBeLessThan(320);
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
