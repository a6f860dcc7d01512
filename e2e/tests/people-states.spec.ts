import { type Browser, expect, type Route, test } from '@playwright/test';
import {
  admin,
  createStudent,
  dropped,
  logIn,
  pageSignedIn,
  type SignedIn,
  serverError,
  signIn,
  streamSettles,
} from '../support.js';

/**
 * The loading, error and empty states of the people and notification screens, with the
 * spec's exact texts: the server's answers are replaced with page.route (a dropped
 * connection, a 500, a refusal, an empty list, a bad timestamp).
 */

/** A request held until the test lets it go, to see a busy state. */
function hold() {
  let release: (answer: (route: Route) => Promise<void>) => void = () => {};
  const released = new Promise<(route: Route) => Promise<void>>((resolve) => {
    release = resolve;
  });
  return {
    handler: async (route: Route) => (await released)(route),
    release,
  };
}

let adminLogin: SignedIn;
test.beforeAll(async () => {
  adminLogin = await signIn(admin());
});

const adminPage = (browser: Browser) => pageSignedIn(browser, adminLogin);

test.describe('/all-notifications', () => {
  const path = '**/api/get_allnotifications.php*';

  test('loading, then empty', async ({ browser }) => {
    const { context, page } = await adminPage(browser);
    const held = hold();
    await page.route(path, held.handler);
    await page.goto('/all-notifications');
    await expect(page.getByRole('status')).toHaveText('Loading notifications...');
    held.release((route) =>
      route.fulfill({
        json: {
          success: true,
          notifications: [],
          message: 'No notifications found.',
          page: 1,
          page_size: 50,
          has_more: false,
        },
      }),
    );
    await expect(page.getByText('No notifications found.')).toBeVisible();
    await context.close();
  });

  test('a server failure, a refusal and a dropped connection each say so', async ({ browser }) => {
    const { context, page } = await adminPage(browser);
    await page.route(path, serverError);
    await page.goto('/all-notifications');
    await expect(page.getByRole('alert')).toHaveText('Failed to fetch notifications.');

    await page.unroute(path);
    await page.route(path, (route) =>
      route.fulfill({ status: 403, json: { success: false, message: 'Admins only.' } }),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Admins only.');

    await page.unroute(path);
    await page.route(path, dropped);
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(
      'An error occurred while fetching the notifications.',
    );
    await context.close();
  });

  test('the search asks once typing pauses, not on every key', async ({ browser }) => {
    const { context, page } = await adminPage(browser);
    // The screen's own first request (no search) must be answered before counting: the
    // loading text may not have appeared yet when the test looks for it.
    const firstList = page.waitForResponse((r) =>
      r.url().includes('/api/get_allnotifications.php'),
    );
    // The page's clock stands still while the name is typed, as if the keys came as fast as
    // any typist's, however busy the machine is; then it runs past the search's pause.
    await page.clock.install();
    const settled = streamSettles(page);
    await page.goto('/all-notifications');
    await firstList;
    await expect(page.getByRole('status')).toBeHidden();
    // The live stream's first opening asks for the list again: that is not the search.
    await settled();
    await page.clock.pauseAt(Date.now() + 1_000);
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/get_allnotifications.php')
        searches.push(url.searchParams.get('search') ?? '');
    });
    const answered = page.waitForResponse((r) => r.url().includes('search=nadia'));
    await page.getByPlaceholder('Search by user name...').pressSequentially('nadia');
    expect(searches).toEqual([]);
    await page.clock.runFor(2_000);
    await answered;
    expect(searches).toEqual(['nadia']);
    await context.close();
  });
});

test.describe('/send-notification', () => {
  const path = '**/api/add_notification.php';

  test("'Sending...' while busy, then a failure or a dropped connection", async ({ browser }) => {
    const { context, page } = await adminPage(browser);
    const held = hold();
    await page.route(path, held.handler);
    await page.goto('/send-notification');
    await page.getByLabel('User').selectOption({ label: 'All students' });
    await page.getByLabel('Message').fill('Class is cancelled today.');
    await page.getByRole('button', { name: 'Send Notification' }).click();
    const busy = page.getByRole('button', { name: 'Sending...' });
    await expect(busy).toBeDisabled();
    held.release(serverError);
    await expect(page.getByRole('alert')).toHaveText('Failed to send notification.');
    await expect(page.getByRole('button', { name: 'Send Notification' })).toBeEnabled();

    await page.unroute(path);
    await page.route(path, dropped);
    await page.getByRole('button', { name: 'Send Notification' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'An error occurred while sending the notification.',
    );
    await context.close();
  });
});

test('/online-users: loading, then nobody online', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const held = hold();
  await page.route('**/api/online_users.php*', held.handler);
  await page.goto('/online-users');
  await expect(page.getByRole('status')).toHaveText('Loading...');
  held.release((route) => route.fulfill({ json: [] }));
  await expect(page.getByText('No users online right now.')).toBeVisible();
  await context.close();
});

test.describe('/create-user and /view-users', () => {
  test("a failed creation: 'Error adding user', or the network message", async ({ browser }) => {
    const { context, page } = await adminPage(browser);
    await page.route('**/api/add-user.php', serverError);
    await page.goto('/create-user');
    await page.getByLabel('Name', { exact: true }).fill('Never Created');
    await page.getByLabel('Username', { exact: true }).fill('never_created');
    await page.getByLabel('Email', { exact: true }).fill('never@example.com');
    await page.getByLabel('Password', { exact: true }).fill('never-password');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('alert')).toHaveText('Error adding user');

    await page.unroute('**/api/add-user.php');
    await page.route('**/api/add-user.php', dropped);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('alert')).toHaveText('An error occurred. Please try again.');
    await context.close();
  });

  test("the user list: 'No users found.' and 'Error fetching users: …'", async ({ browser }) => {
    const { context, page } = await adminPage(browser);
    const path = '**/api/get-users.php*';
    await page.route(path, (route) =>
      route.fulfill({ json: { success: true, users: [], message: '' } }),
    );
    await page.goto('/view-users');
    await expect(page.getByText('No users found.')).toBeVisible();

    for (const [answer, text] of [
      [
        (route: Route) =>
          route.fulfill({ status: 403, json: { success: false, message: 'Admins only.' } }),
        'Error fetching users: Admins only.',
      ],
      [serverError, 'Error fetching users: HTTP 500'],
      [dropped, 'Error fetching users: Network error'],
    ] as const) {
      await page.unroute(path);
      await page.route(path, answer);
      await page.reload();
      await expect(page.getByRole('alert')).toHaveText(text);
    }
    await context.close();
  });

  test('Reset password and Deactivate (asked first) end the student’s sessions', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const account = await createStudent({ name: `Account Actions ${Date.now()}` });
    const student = await browser.newContext({ storageState: (await signIn(account)).state });
    const studentPage = await student.newPage();
    await studentPage.goto('/user');
    await expect(studentPage.getByRole('heading', { name: /Hello/ })).toBeVisible();

    const { context, page } = await adminPage(browser);
    await page.goto('/view-users');
    // The list pages (newest first) and other tests add students meanwhile: search for them.
    await page.getByLabel('Search users').fill(account.username);
    const row = page.getByRole('row').filter({ hasText: account.username });

    // Reset the password: the student's session ends; the new password works.
    await row.getByRole('button', { name: `Reset the password of ${account.name}` }).click();
    const reset = page.getByRole('dialog', { name: `New password for ${account.name}` });
    await reset.getByLabel('New password').fill('short');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await expect(reset.getByRole('alert')).toHaveText(
      'The new password must be at least 8 characters.',
    );
    await reset.getByLabel('New password').fill('reset-by-the-admin');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await expect(reset).toBeHidden();
    // The imports panel may say how another test's import went: this message names the student.
    const said = page.getByRole('status').filter({ hasText: account.name });
    await expect(said).toHaveText(
      `The password of ${account.name} was reset. They must log in again.`,
    );
    await studentPage.goto('/notification');
    await expect(studentPage).toHaveURL('/login');
    await logIn(studentPage, { ...account, password: 'reset-by-the-admin' }, '/user');

    // Deactivate: asked first; Cancel changes nothing.
    await row.getByRole('button', { name: `Deactivate ${account.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${account.name}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).not.toContainText('Deactivated');
    await studentPage.goto('/notification');
    await expect(studentPage.getByRole('heading', { name: 'Your Notifications' })).toBeVisible();

    await row.getByRole('button', { name: `Deactivate ${account.name}` }).click();
    await confirm.getByRole('button', { name: 'Yes, Deactivate' }).click();
    await expect(confirm).toBeHidden();
    await expect(said).toHaveText(`${account.name} was deactivated.`);
    await expect(row).toContainText('Deactivated');
    await expect(row.getByRole('button', { name: `Activate ${account.name}` })).toBeVisible();

    // The student's next call is refused and they are sent to the login screen, where their
    // password no longer works.
    await studentPage.goto('/notification');
    await expect(studentPage).toHaveURL('/login');
    await studentPage.getByLabel('Username').fill(account.username);
    await studentPage.getByLabel('Password').fill('reset-by-the-admin');
    await studentPage.getByRole('button', { name: 'Login' }).click();
    await expect(studentPage.getByRole('alert')).toHaveText('Invalid username or password.');
    await student.close();
    await context.close();
  });
});

test.describe('/notification (student)', () => {
  const path = '**/api/get_notifications.php*';
  let studentLogin: SignedIn;
  test.beforeAll(async () => {
    studentLogin = await signIn(await createStudent());
  });

  test('loading, then a failed fetch leaves the list empty', async ({ browser }) => {
    const context = await browser.newContext({ storageState: studentLogin.state });
    const page = await context.newPage();
    const held = hold();
    await page.route(path, held.handler);
    await page.goto('/notification');
    await expect(page.getByRole('status')).toHaveText('Loading notifications...');
    // The spec only logs a failed fetch; the list stays empty (the retry fails too).
    held.release(serverError);
    await expect(page.getByText('No notifications found.')).toBeVisible();
    await context.close();
  });

  test("an unreadable created_at shows 'Invalid Date' and 'Invalid Time'", async ({ browser }) => {
    const context = await browser.newContext({ storageState: studentLogin.state });
    const page = await context.newPage();
    await page.route(path, (route) =>
      route.fulfill({
        json: {
          success: true,
          notifications: [
            { id: 1, message: 'Odd timestamp', created_at: 'yesterday-ish', is_read: 1 },
          ],
        },
      }),
    );
    await page.goto('/notification');
    const row = page.getByRole('row').filter({ hasText: 'Odd timestamp' });
    await expect(row.getByRole('cell')).toHaveText([
      'Odd timestamp',
      'Invalid Date',
      'Invalid Time',
    ]);
    await context.close();
  });
});
