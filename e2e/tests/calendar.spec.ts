import { expect, request, test } from '@playwright/test';
import ICAL from 'ical.js';
import { admin, createStudent, pageSignedIn, postOk, type SignedIn, signIn } from '../support.js';

/**
 * Issue 31, point 5: on a phone, a student opens the Calendar card beside Change Password,
 * makes their calendar address, copies it and sees the Subscribe link; the address the page
 * shows answers text/calendar holding their session at its time on the academy's clock. A new
 * address, asked about first, stops the old one.
 */

let adminLogin: SignedIn;
test.beforeAll(async () => {
  adminLogin = await signIn(admin());
});

/** A day `offset` days from now, YYYY-MM-DD. */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('a student makes their calendar address, copies it, and it holds their session', async ({
  browser,
}) => {
  const student = await createStudent({ name: `Cal Student ${Date.now()}` });
  const studentLogin = await signIn(student);
  const sessionDate = day(7);
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await postOk(api, adminLogin.token, '/api/save_schedule.php', {
    data: {
      user_id: studentLogin.userId,
      schedule: [
        {
          session_number: 1,
          session_day: 'Monday',
          session_date: sessionDate,
          session_time: '18:00 - 19:30',
          status: 'Next Session',
        },
      ],
    },
  });
  const { timeZone } = await (await api.get('/api/app_config.php')).json();

  const { context, page } = await pageSignedIn(browser, studentLogin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/change-password');
  const card = page.getByRole('region', { name: 'Calendar' });
  await expect(
    card.getByText(
      "Your class sessions, due dates, and exam and Skill Builder times, in your phone's calendar.",
      { exact: false },
    ),
  ).toBeVisible();
  await expect(card.getByText('You have no calendar address yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Make my calendar address' }).click();
  await expect(card.getByRole('status').first()).toHaveText('Your calendar address is ready.');

  const field = card.getByLabel('Your calendar address');
  const address = await field.inputValue();
  expect(address).toMatch(
    new RegExp(`^${process.env.E2E_BASE_URL}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
  );
  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(card.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(card.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
    'href',
    address.replace(/^http:\/\//, 'webcal://'),
  );

  // Nothing scrolls sideways on the phone, however long the address.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // The address, as a calendar app fetches it: no login, text/calendar, the session at 18:00
  // to 19:30 on the academy's clock.
  const feed = await api.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
  expect(events.map((e) => e.summary)).toEqual(['Session 1']);
  const onAcademyClock = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(date)
      .replace(',', '');
  const [event] = events;
  expect(onAcademyClock(event?.startDate.toJSDate() ?? new Date(0))).toBe(`${sessionDate} 18:00`);
  expect(onAcademyClock(event?.endDate.toJSDate() ?? new Date(0))).toBe(`${sessionDate} 19:30`);

  // Shown once: back on the screen, the card says when it was made, not the address.
  await page.reload();
  await expect(card.getByText(/^Your calendar address was made on /)).toBeVisible();
  await expect(card.getByText('No calendar has read it yet.', { exact: false })).toHaveCount(0);
  await expect(card.getByLabel('Your calendar address')).toHaveCount(0);

  // A new address, asked about first: the old one stops at once.
  await card.getByRole('button', { name: 'Make a new address' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make a new calendar address?' });
  await expect(confirm).toContainText('The old address stops working at once');
  await confirm.getByRole('button', { name: 'Make a new address' }).click();
  await expect(card.getByRole('status').first()).toHaveText(
    'Your new calendar address is ready. The old one no longer works.',
  );
  const renewed = await card.getByLabel('Your calendar address').inputValue();
  expect(renewed).not.toBe(address);
  expect((await api.get(address)).status()).toBe(404);
  expect((await api.get(renewed)).status()).toBe(200);
  await api.dispose();
  await context.close();
});
