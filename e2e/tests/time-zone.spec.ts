import { expect, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy, startServer } from '../server.js';
import { logIn } from '../support.js';

/**
 * Issue 27, point 12: the times an administrator types are on the academy's clock, whatever
 * zone their browser is in, and a fresh academy asks for its zone before any admin screen.
 * Both change what is everyone's (the zone), so each runs on an academy of its own.
 */

/** The wall time ('YYYY-MM-DDTHH:MM') that `ms` reads on `timeZone`'s clocks. */
function wallTime(ms: number, timeZone: string): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

test.describe('an academy in Tehran, an administrator whose browser is in New York', () => {
  let server: RunningServer;
  const student = { username: 'tz_student', password: 'student-password' };
  test.beforeAll(async () => {
    server = await startOwnAcademy(
      { ...student, name: 'Taha Zone', email: 'taha.zone@example.com', gender: 'male' },
      { ACADEMY_TZ: 'Asia/Tehran' },
    );
  });
  test.afterAll(async () => server?.stop());

  test('a speaking question typed on the academy clock opens at that academy time', async ({
    browser,
  }) => {
    const context = await browser.newContext({ timezoneId: 'America/New_York' });
    const page = await context.newPage();
    await logIn(page, ownAdmin, '/admin', server.baseUrl);
    await page.goto(`${server.baseUrl}/skill-content?tab=speaking`);
    await page.getByRole('button', { name: 'New speaking question' }).click();
    await page.getByRole('textbox', { name: 'Question' }).fill('What did you do this morning?');
    // Open from an hour ago to two hours from now, as the academy's clocks read: read on the
    // browser's clock (New York, 8.5 hours behind), it would not open for hours yet.
    const now = Date.now();
    const opens = page.getByLabel('Opens');
    await opens.fill(wallTime(now - 3_600_000, 'Asia/Tehran'));
    await page.getByLabel('Closes').fill(wallTime(now + 2 * 3_600_000, 'Asia/Tehran'));
    await expect(page.getByText('Times are in Asia/Tehran.').first()).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The question was created for everyone.')).toBeVisible();
    // The list shows it on the academy's clock, naming the zone (the reader's is another).
    const listed = page
      .getByRole('list', { name: 'Speaking questions' })
      .getByRole('listitem')
      .filter({ hasText: 'What did you do this morning?' });
    await expect(listed).toContainText('GMT+3:30');

    // The student, now, is asked it.
    const login = (await (
      await page.request.post(`${server.baseUrl}/api/login.php`, { form: student })
    ).json()) as { token: string; user_id: number };
    const asked = await (
      await page.request.get(
        `${server.baseUrl}/api/get_speaking_question.php?user_id=${login.user_id}`,
        { headers: { Authorization: `Bearer ${login.token}` } },
      )
    ).json();
    expect(asked).toMatchObject({
      success: true,
      data: { question_text: 'What did you do this morning?' },
    });
    await context.close();
  });
});

test.describe('a fresh academy', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({}, { askTimeZone: true });
  });
  test.afterAll(async () => server?.stop());

  test('the first administrator sign-in asks for the zone, prefilled from the browser, and saving it leads on', async ({
    browser,
  }) => {
    const context = await browser.newContext({ timezoneId: 'Asia/Tehran' });
    const page = await context.newPage();
    await logIn(page, ownAdmin, '/admin', server.baseUrl);
    await expect(page.getByRole('heading', { name: "Your academy's time zone" })).toBeVisible();
    // Nothing of the dashboard shows before it is answered.
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    const zone = page.getByLabel('Time zone');
    await expect(zone).toHaveValue('Asia/Tehran');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(page).toHaveURL(`${server.baseUrl}/admin`);

    // Asked once: a new visit goes straight to the screen, and Settings shows the zone saved.
    await page.goto(`${server.baseUrl}/send-assignment`);
    await expect(page.getByText('Times are in Asia/Tehran.').first()).toBeVisible();
    await page.goto(`${server.baseUrl}/settings`);
    await expect(page.getByLabel('Time zone')).toHaveValue('Asia/Tehran');
    await context.close();
  });
});
