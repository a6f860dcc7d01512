import { type Browser, expect, type Frame, type Page, request, test } from '@playwright/test';
import { admin, createStudent, logIn, pageSignedIn, signIn, streamSettles } from '../support.js';

test('people and notifications: create a student, notify them with an emoji and a link, they read it, the admin sees it read and them online', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const student = {
    name: `Nadia ${suffix}`,
    username: `nadia_${suffix}`,
    password: 'nadia-password',
  };

  const adminPage = await browser.newPage();
  await logIn(adminPage, admin(), '/admin');

  // Create the student.
  await adminPage.getByRole('link', { name: 'Create User' }).click();
  await adminPage.getByRole('button', { name: 'Create User' }).click();
  await expect(adminPage.getByRole('alert')).toHaveText('Please fill in all fields');
  await expect(adminPage.getByLabel('Role')).toHaveValue('2');
  await expect(adminPage.getByLabel('Gender')).toHaveValue('male');
  await adminPage.getByLabel('Name', { exact: true }).fill(student.name);
  await adminPage.getByLabel('Username', { exact: true }).fill(student.username);
  await adminPage.getByLabel('Email', { exact: true }).fill(`${student.username}@example.com`);
  await adminPage.getByLabel('Password', { exact: true }).fill(student.password);
  await adminPage.getByLabel('Gender').selectOption('female');
  await adminPage.getByRole('button', { name: 'Create User' }).click();
  await expect(adminPage.getByRole('status')).toHaveText('User added successfully.');
  await adminPage.getByLabel('Name', { exact: true }).fill(student.name);
  await adminPage.getByLabel('Username', { exact: true }).fill(student.username);
  await adminPage.getByLabel('Email', { exact: true }).fill(`${student.username}@example.com`);
  await adminPage.getByLabel('Password', { exact: true }).fill(student.password);
  await adminPage.getByRole('button', { name: 'Create User' }).click();
  await expect(adminPage.getByRole('alert')).toHaveText(
    'This username is already taken. Please choose another.',
  );

  // The user list.
  await adminPage.goto('/view-users');
  // The list pages (newest first) and other tests add students meanwhile: search, as an admin would.
  await adminPage.getByLabel('Search users').fill(student.username);
  const row = adminPage.getByRole('row').filter({ hasText: student.username });
  await expect(row).toContainText(student.name);
  await expect(row).toContainText('User');

  // Send a notification with an emoji and a link.
  await adminPage.goto('/send-notification');
  const select = adminPage.getByLabel('User');
  await expect(select.locator('option').first()).toHaveText('-- Select a User --');
  await select.selectOption({ label: `${student.name} (${student.username}@example.com)` });
  await adminPage
    .getByLabel('Message')
    .fill('New material is ready at https://example.com/unit-5 ');
  await adminPage.getByRole('button', { name: 'Add Emoji' }).click();
  const picker = adminPage.locator('.EmojiPickerReact');
  await expect(picker).toBeVisible();
  await picker.getByRole('gridcell', { name: 'grinning face', exact: true }).click();
  await expect(adminPage.getByLabel('Message')).toHaveValue(/https:\/\/example\.com\/unit-5 😀$/);
  await adminPage.getByRole('button', { name: 'Send Notification' }).click();
  const sent = adminPage.getByRole('dialog', { name: 'Sent' });
  await expect(sent).toContainText('Notification sent successfully!');
  await sent.getByRole('button', { name: 'Close' }).click();

  // The student logs in and reads it in the popup.
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(
    page,
    { username: student.username, password: student.password, name: student.name },
    '/user',
  );
  const popup = page.getByRole('dialog', { name: 'Message for You' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Notification 1 of 1');
  const link = popup.getByRole('link', { name: 'https://example.com/unit-5' });
  await expect(link).toHaveAttribute('href', 'https://example.com/unit-5');
  await expect(link).toHaveAttribute('target', '_blank');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();

  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Your Notifications' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /New material is ready/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home Screen' })).toHaveCount(2);

  // The admin sees it read, and the student online.
  await adminPage.goto('/all-notifications');
  await adminPage.getByPlaceholder('Search by user name...').fill(student.name.toUpperCase());
  const notificationRow = adminPage.getByRole('row').filter({ hasText: 'New material is ready' });
  await expect(notificationRow).toContainText('Read');
  await expect(notificationRow).toContainText(student.name);
  await adminPage.goto('/online-users');
  await expect(adminPage.getByRole('list', { name: 'Online users' })).toContainText(student.name);
  await expect(
    adminPage
      .getByText(/Last seen: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} (AM|PM)/)
      .first(),
  ).toBeVisible();
  await context.close();
  await adminPage.close();
});

test('two notifications show one at a time with Next, then Close', async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const adminPage = await browser.newPage();
  await logIn(adminPage, admin(), '/admin');
  const token = await adminPage.evaluate(() => localStorage.getItem('admin_token'));
  const headers = { Authorization: `Bearer ${token}` };
  await adminPage.request.post('/api/add-user.php', {
    headers,
    multipart: {
      name: `Two ${suffix}`,
      username: `two_${suffix}`,
      email: `two_${suffix}@example.com`,
      password: 'two-password',
      role_id: '2',
      gender: 'male',
    },
  });
  const users = await (await adminPage.request.get('/api/user_list.php', { headers })).json();
  const id = users.find((u: { name: string }) => u.name === `Two ${suffix}`).id;
  for (const message of ['First message', 'Second message']) {
    await adminPage.request.post('/api/add_notification.php', {
      headers,
      form: { user_id: String(id), message },
    });
  }
  const page = await browser.newPage();
  await logIn(page, { username: `two_${suffix}`, password: 'two-password', name: '' }, '/user');
  const popup = page.getByRole('dialog', { name: 'Message for You' });
  await expect(popup).toContainText('First message');
  await expect(popup).toContainText('Notification 1 of 2');
  await expect(popup.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await popup.getByRole('button', { name: 'Next' }).click();
  await expect(popup).toContainText('Second message');
  await expect(popup).toContainText('Notification 2 of 2');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Message for You' })).toBeHidden();
  await page.close();
  await adminPage.close();
});

test('a student marks all their notifications read at once; their other tab follows', async ({
  browser,
}) => {
  // Two tabs, a login and a home screen: past the default 60 s on a busy machine.
  test.setTimeout(120_000);
  const student = await signIn(await createStudent());
  const api = await request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${(await signIn(admin())).token}` },
  });
  for (const message of ['Room change', 'Bring your workbook', 'No class on Monday']) {
    const sent = await api.post('/api/add_notification.php', {
      form: { user_id: String(student.userId), message },
    });
    expect(sent.ok()).toBe(true);
  }
  await api.dispose();

  const { context, page } = await pageSignedIn(browser, student);
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto('/notification');
    await expect(tab.getByRole('cell', { name: 'No class on Monday' })).toBeVisible();
  }
  const markAll = page.getByRole('button', { name: 'Mark all as read (3 unread)' });
  await markAll.click();
  await expect(page.getByRole('status')).toHaveText('3 notifications marked as read.');
  await expect(markAll).toBeHidden();
  // The other tab hears it through the live stream: its button goes too.
  await expect(other.getByRole('button', { name: /Mark all as read/ })).toBeHidden();
  await expect(other.getByRole('cell', { name: 'Room change' })).toBeVisible();
  // And the home screen has nothing to pop up.
  await expectNothingUnreadAfterReload(await homeOf(other));
  await context.close();
});

async function homeOf(page: Page) {
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
  return page;
}

/**
 * Reloads the home screen and waits for the popup's own question (the unread notifications)
 * to be answered with none. Not 'networkidle': the live stream keeps a request open for as
 * long as the page is signed in.
 */
async function expectNothingUnreadAfterReload(page: Page) {
  // Only the reloaded page's question: the page before may still be refreshing its own (a
  // live event from marking one read), and that answer's body goes with the old page.
  let reloaded = false;
  const navigated = (frame: Frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  };
  page.on('framenavigated', navigated);
  const unread = page.waitForResponse(
    (r) => reloaded && r.url().includes('get_notifications') && r.url().includes('only_unread=1'),
  );
  await page.reload();
  page.off('framenavigated', navigated);
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
  const answer = await (await unread).json();
  expect(answer.notifications).toEqual([]);
}

test.describe('the home popup', () => {
  /** A new student with these notifications, already signed in. */
  async function studentWith(browser: Browser, messages: string[]) {
    const adminLogin = await signIn(admin());
    const student = await signIn(await createStudent());
    const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
    for (const message of messages) {
      const sent = await api.post('/api/add_notification.php', {
        headers: { Authorization: `Bearer ${adminLogin.token}` },
        form: { user_id: String(student.userId), message },
      });
      expect(sent.ok()).toBe(true);
    }
    await api.dispose();
    const context = await browser.newContext({ storageState: student.state });
    return { context, page: await context.newPage() };
  }

  test('Escape moves on like Next and closes only on the last; every one is then read', async ({
    browser,
  }) => {
    const { context, page } = await studentWith(browser, ['One', 'Two', 'Three', 'Four']);
    await page.goto('/user');
    const popup = page.getByRole('dialog', { name: 'Message for You' });
    await expect(popup).toContainText('Notification 1 of 4');
    await page.keyboard.press('Escape');
    await expect(popup).toContainText('Two');
    await expect(popup).toContainText('Notification 2 of 4');
    // Two presses in a row, as a quick keyboard user makes them: Chromium closes a dialog on
    // a second Escape without a click in between unless the app handles Escape itself.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(popup).toContainText('Notification 4 of 4');
    await expect(popup.getByRole('button', { name: 'Close' })).toBeVisible();
    const lastMarked = page.waitForResponse((r) => r.url().includes('mark_notification_read'));
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    expect((await lastMarked).ok()).toBe(true);
    await expectNothingUnreadAfterReload(page);
    await expect(popup).toBeHidden();
    await context.close();
  });

  test('first focus is on Next, not on a link in the message, so Enter moves on', async ({
    browser,
  }) => {
    const { context, page } = await studentWith(browser, [
      'Read https://example.com/reading-list before class.',
      'See you on Monday.',
    ]);
    await context.route('https://example.com/**', (route) => route.abort());
    await page.goto('/user');
    const popup = page.getByRole('dialog', { name: 'Message for You' });
    await expect(popup).toContainText('Notification 1 of 2');
    await expect(popup.getByRole('link', { name: /example\.com/ })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popup).toContainText('See you on Monday.');
    await expect(popup).toContainText('Notification 2 of 2');
    expect(context.pages()).toHaveLength(1);
    // Still trapped in the popup, and returned to where it was once the popup closes.
    await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popup).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: /Hello/ })).toBeFocused();
    await context.close();
  });

  test('one that could not be marked read comes back at the next poll', async ({ browser }) => {
    const { context, page } = await studentWith(browser, ['Please read me']);
    await page.route('**/api/mark_notification_read.php', (route) =>
      route.abort('internetdisconnected'),
    );
    const settled = streamSettles(page);
    await page.goto('/user');
    const popup = page.getByRole('dialog', { name: 'Message for You' });
    await expect(popup).toContainText('Please read me');
    // The live stream's first opening asks for the unread ones again: had it answered after
    // the failed close, it would be the "next poll" this test waits to make itself.
    await settled();
    const failed = page.waitForEvent('requestfailed', (r) =>
      r.url().includes('mark_notification_read.php'),
    );
    await popup.getByRole('button', { name: 'Close' }).click();
    await failed;
    await expect(popup).toBeHidden();

    await page.unroute('**/api/mark_notification_read.php');
    // The next poll (as when the student comes back to the app) shows it again.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(popup).toContainText('Please read me');
    await expect(popup).toContainText('Notification 1 of 1');
    const marked = page.waitForResponse((r) => r.url().includes('mark_notification_read'));
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    expect((await marked).ok()).toBe(true);
    await expectNothingUnreadAfterReload(page);
    await expect(popup).toBeHidden();
    await context.close();
  });
});
