import { expect, request, test } from '@playwright/test';
import {
  admin,
  createStudent,
  pageSignedIn,
  samplePng,
  signIn,
  streamSettles,
} from '../support.js';

/**
 * Issue 27, "Sturdier and smoother": feedback tells the student (point 11), the upload form
 * lets a chosen photo go (point 16), and the small ones of point 19 (the tab's title, what is
 * unread).
 */

const phone = { width: 375, height: 812 };

async function adminApi() {
  return request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${(await signIn(admin())).token}` },
  });
}

test('a correction tells the student live, counts on Assignment Results on every device, and opening it clears the count', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await createStudent();
  const who = await signIn(student);
  const { context, page } = await pageSignedIn(browser, who);
  await page.setViewportSize(phone);
  const settled = streamSettles(page);
  await page.goto('/user');
  const results = page.locator('nav a[href="/assignment-results"]');
  await expect(results).toBeVisible();
  await expect(results).not.toContainText('new');
  await settled();

  // The administrator corrects the student's work.
  const api = await adminApi();
  const title = `Essay on travel ${student.username}`;
  const sent = await api.post('/api/send_correction.php', {
    multipart: { user_id: String(who.userId), title, description: 'Good work' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await api.dispose();

  // Live, without a reload: the popup names it and links to it; the tile counts it.
  const popup = page.getByRole('dialog', { name: 'Message for You' });
  await expect(popup).toContainText(`Your teacher sent you a correction: "${title}".`);
  await expect(popup.getByRole('link', { name: 'Open Assignment Results' })).toBeVisible();
  await expect(results).toContainText('1 new');
  // The Notifications tile says what is unread while the popup shows it.
  await expect(page.locator('nav a[href="/notification"]')).toContainText('1 unread');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('nav a[href="/notification"]')).not.toContainText('unread');
  // Read in the popup, the correction itself is still to be opened.
  await expect(results).toContainText('1 new');

  // Another device of the same student reads the count from the server.
  const other = await pageSignedIn(browser, who);
  await other.page.goto('/user');
  await expect(other.page.locator('nav a[href="/assignment-results"]')).toContainText('1 new');

  // Opening Assignment Results clears it, here and on the other device.
  await results.click();
  await expect(page.getByRole('heading', { name: 'Assignment Results' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home Screen' }).first().click();
  await expect(page.locator('nav a[href="/assignment-results"]')).toBeVisible();
  await expect(page.locator('nav a[href="/assignment-results"]')).not.toContainText('new');
  await other.page.reload();
  await expect(other.page.locator('nav a[href="/assignment-results"]')).toBeVisible();
  await expect(other.page.locator('nav a[href="/assignment-results"]')).not.toContainText('new');
  await other.context.close();
  await context.close();
});

test('the Notifications list marks what is unread, and the link opens what it is about', async ({
  browser,
}) => {
  const student = await createStudent();
  const who = await signIn(student);
  const api = await adminApi();
  const card = await api.post('/api/add_card.php', {
    data: { user_id: who.userId, front_text: 'apple', back_text: 'a fruit' },
  });
  expect(card.status(), await card.text()).toBe(200);
  await api.dispose();

  const { context, page } = await pageSignedIn(browser, who);
  await page.setViewportSize(phone);
  await page.goto('/notification');
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Your teacher added a card to your Leitner box: "apple".' });
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Mark all as read/ }).click();
  await expect(row.getByText('New', { exact: true })).toHaveCount(0);
  await row.getByRole('link', { name: 'Open your Card Library' }).click();
  await expect(page).toHaveURL('/cardlibrary');
  await context.close();
});

test('Upload Assignment: a taken photo shows a thumbnail and can be removed, its picture let go', async ({
  browser,
}) => {
  const who = await signIn(await createStudent());
  const { context, page } = await pageSignedIn(browser, who);
  await page.setViewportSize(phone);
  await page.goto('/submit-assignment');
  await page.getByLabel('Photos').setInputFiles({
    name: 'page-1.png',
    mimeType: 'image/png',
    buffer: samplePng,
  });
  await page
    .getByLabel('Files')
    .setInputFiles([
      { name: 'essay.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
  await expect(page.getByText('1 photo taken')).toBeVisible();
  const thumbnail = page.locator('li', { hasText: 'page-1.png' }).locator('img');
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  const src = (await thumbnail.getAttribute('src')) as string;
  // Whether the picture's object URL still draws (fetch is held to 'self' by the CSP).
  const readable = () =>
    page.evaluate(
      (url) =>
        new Promise<boolean>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(true);
          image.onerror = () => resolve(false);
          image.src = url;
        }),
      src,
    );
  expect(await readable()).toBe(true);

  await page.getByRole('button', { name: 'Remove page-1.png' }).click();
  await expect(page.getByText('No photos taken')).toBeVisible();
  await expect(page.getByText('page-1.png')).toHaveCount(0);
  // The object URL was revoked with it.
  expect(await readable()).toBe(false);
  // The chosen file stays, and can go too.
  await expect(page.getByText('essay.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Remove essay.pdf' }).click();
  await expect(page.getByText('No files chosen')).toBeVisible();
  await context.close();
});

test("the tab's title is the academy's name", async ({ page }) => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { academyName } = await (await api.get('/api/app_config.php')).json();
  await api.dispose();
  for (const path of ['/login', '/schedule']) {
    await page.goto(path);
    await expect(page).toHaveTitle(academyName);
  }
});
