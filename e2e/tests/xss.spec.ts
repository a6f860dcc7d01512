import { expect, test } from '@playwright/test';
import { admin, logIn } from '../support.js';

const payload = `<img src=x onerror="window.__xss=1">`;
const scriptTag = `<script>window.__xss=1</script>`;

test('markup typed into names, messages, titles and cards shows as text and never runs', async ({
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const adminPage = await browser.newPage();
  await logIn(adminPage, admin(), '/admin');
  const token = await adminPage.evaluate(() => localStorage.getItem('admin_token'));
  const asAdmin = { Authorization: `Bearer ${token}` };

  // A student whose name is markup, with a notification, an assignment and a card that are too.
  const username = `xss_${suffix}`;
  const created = await adminPage.request.post('/api/add-user.php', {
    headers: asAdmin,
    multipart: {
      name: payload,
      username,
      email: `${username}@example.com`,
      password: 'xss-password',
      role_id: '2',
      gender: 'female',
    },
  });
  expect(created.ok()).toBe(true);
  const students = await (
    await adminPage.request.get('/api/user_list.php', { headers: asAdmin })
  ).json();
  const id = students.find((s: { email: string }) => s.email === `${username}@example.com`).id;
  await adminPage.request.post('/api/add_notification.php', {
    headers: asAdmin,
    form: { user_id: String(id), message: `${scriptTag} and ${payload}` },
  });
  await adminPage.request.post('/api/send_assignment.php', {
    headers: asAdmin,
    multipart: {
      user_id: String(id),
      title: payload,
      description: scriptTag,
      file_links: JSON.stringify([{ title: payload, url: 'https://example.com/a' }]),
    },
  });

  const page = await browser.newPage();
  page.on('dialog', (dialog) => void dialog.dismiss());
  await logIn(page, { username, password: 'xss-password', name: payload }, '/user');
  await expect(page.getByRole('heading', { name: `Hello, ${payload}!` })).toBeVisible();
  const popup = page.getByRole('dialog', { name: 'Message for You' });
  await expect(popup).toContainText(scriptTag);
  await expect(popup).toContainText(payload);
  await popup.getByRole('button', { name: 'Close' }).click();

  const studentToken = await page.evaluate(() => localStorage.getItem('admin_token'));
  await page.request.post('/api/add_card.php', {
    headers: { Authorization: `Bearer ${studentToken}` },
    data: { user_id: id, front_text: payload, back_text: scriptTag },
  });
  await page.goto('/download-assignment');
  await page.getByRole('button', { name: /img src=x/ }).click();
  await expect(page.getByText(scriptTag)).toBeVisible();
  await page.goto('/cardlibrary');
  await expect(page.getByText(payload).first()).toBeVisible();
  await expect(page.getByText(scriptTag).first()).toBeVisible();
  await page.goto('/notification');
  await expect(page.getByRole('cell', { name: /script/ })).toBeVisible();

  // The admin's screens show the same text, as text.
  await adminPage.goto('/view-users');
  await adminPage.getByLabel('Search users').fill(username);
  await expect(adminPage.getByRole('cell', { name: payload }).first()).toBeVisible();
  await adminPage.goto('/all-notifications');
  await expect(adminPage.getByRole('cell', { name: payload }).first()).toBeVisible();
  await adminPage.goto('/view-assignments');
  await expect(adminPage.getByRole('heading', { name: payload }).first()).toBeVisible();

  for (const p of [page, adminPage]) {
    expect(await p.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await p.locator('img[src="x"]').count()).toBe(0);
  }
  await page.close();
  await adminPage.close();
});
