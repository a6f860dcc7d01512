import {
  type BrowserContext,
  type CDPSession,
  expect,
  type Page,
  request,
  test,
} from '@playwright/test';
import { findFullChromium } from '../browser.js';
import config from '../playwright.config.js';
import { admin, createStudent, logIn, signIn } from '../support.js';

/**
 * Web push in the browser (issue 31, point 2). Chromium's DevTools hand the page's offline
 * worker a push (ServiceWorker.deliverPushMessage) as a push service would: the worker shows
 * it as a notification (read back with registration.getNotifications()), except while a
 * window of the app is focused and visible. And the offer to turn push on comes after
 * something meaningful, never on the first load.
 */

// In the full Chromium: the headless shell the rest of the suite runs in has no push
// messaging service, so its worker never gets a subscription or a delivered push.
const launch = config.use?.launchOptions ?? {};
const executablePath = findFullChromium();
test.use({
  launchOptions: { ...launch, ...(executablePath ? { executablePath } : {}) },
  serviceWorkers: 'allow',
  permissions: ['notifications'],
});

async function waitForControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** The DevTools session and the app's worker registration, to deliver pushes with. */
async function pushChannel(context: BrowserContext, page: Page, origin: string) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const scope = `${origin}/`;
  await expect.poll(() => registrations.has(scope)).toBe(true);
  return (payload: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.get(scope) as string,
      data: JSON.stringify(payload),
    });
}

/** The notifications the worker shows now, as the page reads them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      path: (n.data as { path?: string } | null)?.path,
    }));
  });
}

test('a push shows a notification when the app is closed, and none while it is on screen', async ({
  context,
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL as string).origin;
  await logIn(page, await createStudent(), '/user');
  await waitForControl(page);
  const deliver = await pushChannel(context, page, origin);

  // The app on screen: the worker tells the page instead of showing a notification.
  expect(
    await page.evaluate(() => document.visibilityState === 'visible' && document.hasFocus()),
  ).toBe(true);
  // What the worker posts the page, gathered from before the push is delivered.
  await page.evaluate(() => {
    const heard: unknown[] = [];
    Object.assign(window, { heardFromWorker: heard });
    navigator.serviceWorker.addEventListener('message', (e) => heard.push(e.data));
  });
  await deliver({
    title: 'Push Academy',
    body: 'On screen',
    path: '/notification',
    tag: 'outbox-1',
  });
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { heardFromWorker: unknown[] }).heardFromWorker),
    )
    .toEqual([{ type: 'PUSH_ARRIVED', tag: 'outbox-1' }]);
  expect(await shownNotifications(page)).toEqual([]);

  // The app closed: the push shows, with the screen a tap opens. DevTools from a blank tab.
  const devtools = await context.newPage();
  const deliverElsewhere = await pushChannel(context, devtools, origin);
  await page.close();
  await deliverElsewhere({
    title: 'Push Academy',
    body: 'Class moved to room 4',
    path: '/schedule',
    tag: 'outbox-2',
  });
  const again = await context.newPage();
  await again.goto('/user');
  await expect
    .poll(() => shownNotifications(again))
    .toEqual([
      { title: 'Push Academy', body: 'Class moved to room 4', tag: 'outbox-2', path: '/schedule' },
    ]);

  // The same letter pushed again (tried again after a stop) replaces it rather than doubles.
  await again.close();
  await deliverElsewhere({
    title: 'Push Academy',
    body: 'Class moved to room 4',
    path: '/schedule',
    tag: 'outbox-2',
  });
  await deliverElsewhere({
    title: 'Push Academy',
    body: 'Essay due tomorrow',
    path: '//evil.example',
    tag: 'outbox-3',
  });
  const third = await context.newPage();
  await third.goto('/user');
  await expect
    .poll(async () => (await shownNotifications(third)).map((n) => `${n.tag} ${n.path}`).sort())
    .toEqual(['outbox-2 /schedule', 'outbox-3 /']);
});

test('the offer to turn push on comes after a notification is read, not on the first load', async ({
  page,
}) => {
  const account = await createStudent();
  const student = await signIn(account);
  await logIn(page, account, '/user');
  await waitForControl(page);
  const offer = page.getByRole('region', { name: 'Turn on notifications' });
  await expect(page.getByRole('link', { name: 'Schedule' })).toBeVisible();
  await expect(offer).toHaveCount(0);

  // Something meaningful: a notification arrives and is read.
  const api = await request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${(await signIn(admin())).token}` },
  });
  const sent = await api.post('/api/add_notification.php', {
    form: { user_id: String(student.userId), message: 'Welcome to the new term' },
  });
  expect(sent.ok()).toBe(true);
  await api.dispose();
  const popup = page.getByRole('dialog', { name: 'Message for You' });
  await expect(popup).toContainText('Welcome to the new term');
  await popup.getByRole('button', { name: 'Close' }).click();

  await expect(offer).toBeVisible();
  await expect(
    offer.getByRole('button', { name: 'Turn on notifications on this phone' }),
  ).toBeVisible();
  // "Not now" is kept on this device.
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Schedule' })).toBeVisible();
  await expect(offer).toHaveCount(0);

  // The device card still turns it on.
  await page.goto('/change-password');
  const card = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(card).toContainText('Notifications are off on this device.');
  await expect(
    card.getByRole('button', { name: 'Turn on notifications on this device' }),
  ).toBeVisible();
});

test('the Notifications screen offers push; an iPhone in Safari is told of the Home Screen', async ({
  browser,
  page,
}) => {
  const account = await createStudent();
  await logIn(page, account, '/user');
  await waitForControl(page);
  await page.goto('/notification');
  const offer = page.getByRole('region', { name: 'Turn on notifications' });
  await expect(
    offer.getByRole('button', { name: 'Turn on notifications on this phone' }),
  ).toBeVisible();

  const iphone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    storageState: (await signIn(account)).state,
  });
  try {
    const phone = await iphone.newPage();
    await phone.goto('/notification');
    const onIphone = phone.getByRole('region', { name: 'Turn on notifications' });
    await expect(onIphone).toContainText(
      'notifications need the app on your Home Screen first (iOS 16.4 and later)',
    );
    await expect(onIphone.getByRole('button', { name: /Turn on/ })).toHaveCount(0);
  } finally {
    await iphone.close();
  }
});
