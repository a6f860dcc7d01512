import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { openStream, type TestStream } from '../../server/src/test-support/live-stream.js';
import {
  admin,
  createStudent,
  pageSignedIn,
  type SignedIn,
  signIn,
  streamSettles,
} from '../support.js';

/**
 * The live stream (GET /api/events): what happens reaches the student's open screen at once,
 * an idle student's browser stays quiet, and when the stream cannot be had the spec's polling
 * carries on.
 */

let adminLogin: SignedIn;
let api: APIRequestContext;

test.beforeAll(async () => {
  adminLogin = await signIn(admin());
  api = await request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${adminLogin.token}` },
  });
});
test.afterAll(async () => {
  await api.dispose();
});

const notify = async (student: SignedIn, message: string) => {
  const sent = await api.post('/api/add_notification.php', {
    form: { user_id: String(student.userId), message },
  });
  expect(sent.ok()).toBe(true);
};

/** The calls the student home makes as it opens (the branding comes with the page). */
const HOME_CALL_NAMES = [
  'get_cards_to_review.php',
  'get_feedback_news.php',
  'get_notifications.php',
  'get_statement.php',
  'get_unread_assignments.php',
];
const HOME_CALLS =
  /\/api\/(get_notifications|get_unread_assignments|get_cards_to_review|get_feedback_news|get_statement)\.php/;

/** The calls the page sends from now on, by name (`get_notifications.php`; `events`). */
function callsSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) sent.push(pathname.replace('/api/', ''));
  });
  return sent;
}

/**
 * A stream of the student's own, held by the test beside the page's (the server tests'
 * reader): other tests share the server, and a change they make for every student (a message
 * to all, the settings saved) rightly has the page ask again.
 */
const heardBy = (student: SignedIn) =>
  openStream({ url: async () => process.env.E2E_BASE_URL as string }, student.token);

/** The topics a stream heard other than these. */
const besides = (stream: TestStream, ...expected: string[]) =>
  stream.topics().filter((topic) => !expected.includes(topic));

/** Opens the student's home and waits until its live stream has been answered. */
async function homeWithStream(page: Page) {
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/events'));
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
  expect((await stream).status()).toBe(200);
}

test('a message sent while the home screen is open pops up at once, not at the next poll', async ({
  browser,
}) => {
  const student = await signIn(await createStudent());
  const { context, page } = await pageSignedIn(browser, student);
  await homeWithStream(page);
  await notify(student, 'Class moves to room 4 today');
  // The polls come every 10 s: well under half of that, the popup came by the stream.
  await expect(page.getByRole('dialog', { name: 'Message for You' })).toContainText(
    'Class moves to room 4 today',
    { timeout: 4_000 },
  );
  await context.close();
});

test('a home whose stream opens before its answers asks none of them twice', async ({
  browser,
}) => {
  const student = await signIn(await createStudent());
  const { context, page } = await pageSignedIn(browser, student);
  const sent = callsSent(page);
  // The home's calls are answered only once the stream is.
  const streamAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await page.route(HOME_CALLS, async (route) => {
    await streamAnswered;
    await route.continue();
  });
  const heard = await heardBy(student);
  const settled = streamSettles(page);
  await homeWithStream(page);
  await settled();
  heard.close();
  // Each asked once, and the branding the page carried not at all (the stream's recap says
  // the settings did not change since the page was drawn). Left out: the activity ping, sent
  // when the layout comes before the stream is up.
  const calls = sent.filter((name) => name !== 'update_activity.php');
  if (besides(heard).length === 0)
    expect(calls.sort(), sent.join(', ')).toEqual(['events', ...HOME_CALL_NAMES]);
  else
    test.info().annotations.push({ type: 'changed meanwhile', description: besides(heard).join() });
  await context.close();
});

test('a home whose stream opens after its answers asks none of them again, yet shows what changed before it opened', async ({
  browser,
}) => {
  const student = await signIn(await createStudent());
  const { context, page } = await pageSignedIn(browser, student);
  const sent = callsSent(page);
  // The stream is held until the home has its answers and a message was sent meanwhile.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    release = () => resolve();
  });
  await page.route('**/api/events', async (route) => {
    await held;
    await route.continue();
  });
  const answered = HOME_CALL_NAMES.map((name) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${name}`),
  );
  const heard = await heardBy(student);
  const settled = streamSettles(page);
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
  await Promise.all(answered);
  await notify(student, 'Sent before the stream opened');
  const before = sent.length;
  release();
  // The stream's recap names the notifications: their queries (the feedback news is one) are
  // asked again, and the message shows.
  await expect(page.getByRole('dialog', { name: 'Message for You' })).toContainText(
    'Sent before the stream opened',
  );
  await settled();
  heard.close();
  // Another test's change for every student in the meantime (the settings saved) rightly
  // has the page ask again what it moves: then only the message is checked.
  if (besides(heard, 'notifications').length > 0) {
    test.info().annotations.push({
      type: 'changed meanwhile',
      description: besides(heard, 'notifications').join(),
    });
    return await context.close();
  }
  const notifications = ['get_feedback_news.php', 'get_notifications.php'];
  const isCounted = (name: string) => name !== 'update_activity.php';
  expect([...new Set(sent.slice(before).filter(isCounted))].sort(), sent.join(', ')).toEqual(
    notifications,
  );
  // Nothing else twice, and the branding the page carried never.
  const others = sent.filter((name) => isCounted(name) && !notifications.includes(name));
  expect(others.sort(), sent.join(', ')).toEqual(
    ['events', ...HOME_CALL_NAMES].filter((name) => !notifications.includes(name)),
  );
  await context.close();
});

test('an idle student’s browser sends at most one request a minute while its stream is up', async ({
  browser,
}) => {
  const student = await signIn(await createStudent());
  const { context, page } = await pageSignedIn(browser, student);
  // The page's own clock, moved on by the test rather than waited for.
  await page.clock.install();
  const settled = streamSettles(page);
  await homeWithStream(page);
  // Whatever the page asked as it loaded is answered: not an idle request.
  await settled();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) sent.push(r.url());
  });
  // Past the spec's 10 s and 30 s intervals (with polling, about ten requests), short of the
  // stream's own silence limit (LIVE_SILENCE_MS, 60 s), which real heartbeats would reset.
  await page.clock.runFor(35_000);
  // A request the timers started is on its way once the page has answered a round trip.
  await page.evaluate(() => fetch('/favicon.svg'));
  expect(sent, sent.join('\n')).toHaveLength(0);
  await context.close();
});

test('when the stream is refused, the spec’s polling brings the message', async ({ browser }) => {
  test.setTimeout(90_000);
  const student = await signIn(await createStudent());
  const { context, page } = await pageSignedIn(browser, student);
  await page.route('**/api/events', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }),
  );
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
  await notify(student, 'Sent while the stream is down');
  // The next 10 s poll, with room for a slow machine.
  await expect(page.getByRole('dialog', { name: 'Message for You' })).toContainText(
    'Sent while the stream is down',
    { timeout: 30_000 },
  );
  await context.close();
});

test('a student who is deactivated leaves for the login screen at once', async ({ browser }) => {
  const student = await signIn(await createStudent());
  const { context, page } = await pageSignedIn(browser, student);
  await homeWithStream(page);
  const done = await api.post('/api/set_user_active.php', {
    data: { user_id: student.userId, active: false },
  });
  expect(done.ok()).toBe(true);
  // No click, no poll: the stream said the session ended.
  await expect(page).toHaveURL(/\/login$/, { timeout: 4_000 });
  await context.close();
});

test('a student whose session ended while the app was closed opens it at the login screen, and what was kept of theirs goes', async ({
  browser,
}) => {
  const student = await signIn(await createStudent());
  const { context, page } = await pageSignedIn(browser, student);
  // What an earlier visit kept on this device for offline use.
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.setItem('academy-offline-cache', '{"clientState":{}}'));
  const ended = await page.request.post('/api/logout.php', {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  expect(ended.ok()).toBe(true);
  // The stream, opened as the app starts, hears first that the token is refused.
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/events'));
  await page.goto('/user');
  expect((await refused).status()).toBe(401);
  await expect(page.getByLabel('Username')).toBeVisible();
  // The login screen's branding is in the query cache (and was handed to the offline store).
  await expect(page.getByRole('img', { name: 'Academy logo' })).toBeVisible();
  // What the app has scheduled for the offline store is written now, as when the page is
  // left: the login screen's branding (asked for after the session ended) used to come back
  // in it a second later, for nobody; a look within that second could not see it.
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  expect(await page.evaluate(() => localStorage.getItem('academy-offline-cache'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  await context.close();
});

test('a message chimes once, not once per open tab', async ({ browser }) => {
  const student = await signIn(await createStudent());
  const { context } = await pageSignedIn(browser, student);
  // Count the chimes every tab starts.
  await context.addInitScript(() => {
    const played = { count: 0 };
    (window as unknown as { chimes: typeof played }).chimes = played;
    HTMLMediaElement.prototype.play = function play() {
      played.count += 1;
      return Promise.resolve();
    };
  });
  const tabs = [await context.newPage(), await context.newPage()];
  for (const tab of tabs) await homeWithStream(tab);
  await notify(student, 'One chime for two tabs');
  for (const tab of tabs)
    await expect(tab.getByRole('dialog', { name: 'Message for You' })).toContainText(
      'One chime for two tabs',
    );
  // Each tab asked for the chime before it showed the popup, under a Web Lock: a request for
  // the same lock made now is granted only after both of theirs, so every claim is settled.
  const chimes = await Promise.all(
    tabs.map((tab) =>
      tab.evaluate(async () => {
        await navigator.locks.request('academy-chime', () => undefined);
        return (window as unknown as { chimes: { count: number } }).chimes.count;
      }),
    ),
  );
  // Each tab's count and what it holds as chimed for, so a failure says which tab chimed.
  const claims = await Promise.all(
    tabs.map((tab) =>
      tab.evaluate(() =>
        Object.entries(localStorage).filter(([key]) => key.startsWith('academy:chimed')),
      ),
    ),
  );
  expect(
    chimes.reduce((a, b) => a + b, 0),
    JSON.stringify({ chimes, claims }),
  ).toBe(1);
  await context.close();
});
