import { type Browser, expect, type Page, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { logIn } from '../support.js';

// Quiet hours are the whole academy's: this test sets them on a server of its own, so the
// chimes of the other test files (run meanwhile, on the shared server) are not silenced.
let server: RunningServer;
const student = { username: 'quiet_student', password: 'student-password' };
const url = (path: string) => `${server.baseUrl}${path}`;

test.beforeAll(async () => {
  server = await startOwnAcademy({
    ...student,
    name: 'Quinn Quiet',
    email: 'quinn.quiet@example.com',
    gender: 'female',
  });
});
test.afterAll(async () => server?.stop());

/** A page whose chimes are counted instead of played (as live.spec.ts counts them). */
async function countingChimes(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const played = { count: 0 };
    (window as unknown as { chimes: typeof played }).chimes = played;
    HTMLMediaElement.prototype.play = function play() {
      played.count += 1;
      return Promise.resolve();
    };
  });
  return { context, page: await context.newPage() };
}

/** The chimes so far, once every claim for one is settled (they run under this Web Lock). */
const chimes = (page: Page) =>
  page.evaluate(async () => {
    await navigator.locks.request('academy-chime', () => undefined);
    return (window as unknown as { chimes: { count: number } }).chimes.count;
  });

test('during quiet hours a notification pops up without its sound; after them it chimes', async ({
  page: adminPage,
  browser,
}) => {
  test.setTimeout(90_000);
  // The administrator sets quiet hours over midnight, in the academy's zone (UTC here).
  await logIn(adminPage, ownAdmin, '/admin', server.baseUrl);
  await adminPage.goto(url('/settings'));
  const quiet = adminPage.getByRole('region', { name: 'Quiet hours' });
  await quiet.getByLabel('Quiet from').fill('22:00');
  await quiet.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(quiet.getByRole('alert')).toHaveText(
    'Please set both the start and the end of the quiet hours, or neither.',
  );
  await quiet.getByLabel('Quiet until').fill('07:00');
  await quiet.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(quiet.getByRole('status')).toHaveText('Quiet hours saved: 22:00 to 07:00.');
  const token = await adminPage.evaluate(() => localStorage.getItem('admin_token'));
  const notify = async (message: string) => {
    const sent = await adminPage.request.post(url('/api/add_notification.php'), {
      headers: { Authorization: `Bearer ${token}` },
      form: { user_id: 'all', message },
    });
    expect(sent.ok()).toBe(true);
  };

  // 23:30 in the academy: quiet. The student's clock says so (timers still run).
  const { context, page } = await countingChimes(browser);
  await page.clock.setFixedTime(new Date('2026-11-25T23:30:00Z'));
  await logIn(page, student, '/user', server.baseUrl);
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
  await notify('Sent at night');
  const popup = page.getByRole('dialog', { name: 'Message for You' });
  await expect(popup).toContainText('Sent at night');
  expect(await chimes(page)).toBe(0);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();

  // Noon: the sound plays again.
  await page.clock.setFixedTime(new Date('2026-11-26T12:00:00Z'));
  await notify('Sent at noon');
  await expect(popup).toContainText('Sent at noon');
  await expect.poll(() => chimes(page)).toBe(1);

  // Turned off, the next night's message chimes too. The change reaches the student's
  // screen by the live stream, which has it ask for the academy's config again.
  const configAgain = page.waitForResponse((r) => r.url().endsWith('/api/app_config.php'));
  await quiet.getByRole('button', { name: 'Turn off quiet hours' }).click();
  await expect(quiet.getByRole('status')).toHaveText(
    'Quiet hours are off: the sound always plays.',
  );
  expect((await (await configAgain).json()).quietHours).toBeNull();
  await popup.getByRole('button', { name: 'Close' }).click();
  await page.clock.setFixedTime(new Date('2026-11-26T23:30:00Z'));
  await notify('Sent the next night');
  await expect(popup).toContainText('Sent the next night');
  await expect.poll(() => chimes(page)).toBe(2);
  await context.close();
});
