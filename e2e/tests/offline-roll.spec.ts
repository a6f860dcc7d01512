import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { TEACHER_KEPT_ANSWER_PATHS } from '../../contract/src/kept-answers.js';
import { type Account, addAccount, admin, logIn, postOk, signIn } from '../support.js';

/**
 * Issue 49, point 1: the roll offline from a cold start. A teacher signs in on a phone with a
 * signal, and the app keeps today's classes and their rolls (with the students) there. The
 * app is then opened afresh with no signal (a new page, the worker serving it): the home lists
 * today's class, its roll opens with its students, marks are taken and saved on the phone;
 * back online the roll reaches the server once, as the audit log and the roll show.
 */

test.use({ serviceWorkers: 'allow' });

interface World {
  teacher: Account;
  className: string;
  sessionId: number;
  /** A session of the days after today: kept with the day (the week ahead). */
  coming: { id: number; date: string };
  students: { id: number; name: string }[];
  adminToken: string;
}

/** A date `days` from today (UTC), YYYY-MM-DD. */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function seed(api: APIRequestContext): Promise<World> {
  const adminToken = (await signIn(admin())).token;
  const suffix = randomBytes(3).toString('hex');
  const students: { id: number; name: string }[] = [];
  for (const n of [1, 2, 3]) {
    const name = `Zz Cold ${suffix} ${n}`;
    const id = await addAccount(api, adminToken, {
      name,
      username: `cold_${suffix}_${n}`,
      password: 'cold-student-password',
      roleId: '2',
    });
    students.push({ id, name });
  }
  const teacher = {
    name: `Cold Teacher ${suffix}`,
    username: `coldt_${suffix}`,
    password: 'cold-teacher-password',
  };
  const teacherId = await addAccount(api, adminToken, { ...teacher, roleId: '3' });
  const className = `Cold Class ${suffix}`;
  const { class_id: classId } = await postOk(api, adminToken, '/api/create_class.php', {
    data: { name: className },
  });
  await postOk(api, adminToken, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: students.map((s) => s.id) },
  });
  await postOk(api, adminToken, '/api/set_class_teachers.php', {
    data: { class_id: classId, teacher_ids: [teacherId] },
  });
  // Yesterday to the day after tomorrow: whatever the academy's time zone, one of them is its
  // today and another is to come.
  await postOk(api, adminToken, '/api/save_class_schedule.php', {
    data: {
      class_id: classId,
      weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      first_date: dayFromToday(-1),
      count: 4,
      time: '09:00 - 10:00',
    },
  });
  const teacherToken = (await signIn(teacher)).token;
  const day = await (
    await api.get('/api/get_teaching_day.php', {
      headers: { Authorization: `Bearer ${teacherToken}` },
    })
  ).json();
  const today = day.sessions.find((s: { class_id: number }) => s.class_id === classId);
  expect(today, "the class has a session on the academy's today").toBeTruthy();
  const coming = day.coming_sessions.find((s: { class_id: number }) => s.class_id === classId);
  expect(coming, 'the class has a session to come this week').toBeTruthy();
  return {
    teacher,
    className,
    sessionId: today.id,
    coming: { id: coming.id, date: coming.session_date },
    students,
    adminToken,
  };
}

/** The roll saves of this session the server applied, by the audit log (newest first). */
async function savesOf(api: APIRequestContext, world: World): Promise<number> {
  const { entries } = await (
    await api.get('/api/audit_log.php', {
      headers: { Authorization: `Bearer ${world.adminToken}` },
      params: { action: 'saveRoll' },
    })
  ).json();
  return entries.filter((e: { actor_name: string }) => e.actor_name === world.teacher.name).length;
}

/** What the offline store keeps (the persisted query cache), as text. */
const offlineStore = (page: Page) =>
  page.evaluate(() => localStorage.getItem('academy-offline-cache') ?? '');

/** The addresses of the API answers the offline worker keeps. */
const cachedApiPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/api/')) paths.push(path);
      }
    }
    return [...new Set(paths)].sort();
  });

let world: World;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  world = await seed(api);
  await api.dispose();
});

test('a teacher who signed in online opens the app with no signal, takes a roll, and it reaches the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { className, sessionId, students } = world;

  // Signed in with a signal: the home warms the phone with today's classes and their rolls.
  await logIn(page, world.teacher, '/teacher');
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
  const today = page.getByRole('list', { name: "Today's sessions" });
  await expect(today.getByRole('link', { name: className, exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const kept = await offlineStore(page);
      return kept.includes(`["roll",${sessionId}]`) && kept.includes(students[0]?.name ?? '?');
    })
    .toBe(true);
  // The worker, in control from the next visit on, keeps the same two answers, and nothing
  // else of a teacher's.
  await page.reload();
  await expect(today.getByRole('link', { name: className, exact: true })).toBeVisible();
  await expect.poll(() => cachedApiPaths(page)).toEqual([...TEACHER_KEPT_ANSWER_PATHS].sort());

  // No signal, and the app opened afresh: a new page, served by the worker.
  await context.setOffline(true);
  await page.close();
  const cold = await context.newPage();
  await cold.goto('/teacher');
  await expect(
    cold.getByRole('status').filter({ hasText: "You are offline. Today's classes show" }),
  ).toBeVisible();
  await expect(cold.getByText(/^Loaded .+\. Today's classes are loaded again/)).toBeVisible();
  // Today is kept (the home's other cards are not, and say so).
  await expect(
    cold.getByRole('region', { name: 'Today' }).getByText(/not kept for use offline/),
  ).toHaveCount(0);
  const row = cold
    .getByRole('list', { name: "Today's sessions" })
    .getByRole('listitem')
    .filter({ hasText: className });
  await row.getByRole('link', { name: /^Take the roll/ }).click();

  await expect(cold.getByRole('heading', { name: `Roll: ${className}`, level: 1 })).toBeVisible();
  await expect(
    cold.getByRole('status').filter({ hasText: 'You are offline. You can take the roll' }),
  ).toBeVisible();
  const roll = cold.getByRole('list', { name: 'Students' });
  await expect(roll.getByRole('group')).toHaveCount(3);
  await roll
    .getByRole('group', { name: students[1]?.name })
    .getByRole('radio', { name: 'Absent' })
    .check();
  await expect(cold.getByText('2 present, 1 absent', { exact: true })).toBeVisible();
  await cold.getByRole('button', { name: 'Save roll' }).click();
  await expect(
    cold.getByText('Saved on this phone. The roll is sent when you are back online.'),
  ).toBeVisible();
  expect(await savesOf(cold.request, world)).toBe(0);

  // The signal is back: the roll is sent, once.
  await context.setOffline(false);
  await expect(cold.getByText('Roll saved: 2 present, 1 absent.')).toBeVisible();
  await expect.poll(() => savesOf(cold.request, world)).toBe(1);
  const saved = await (
    await cold.request.get('/api/get_roll.php', {
      headers: { Authorization: `Bearer ${world.adminToken}` },
      params: { class_session_id: sessionId },
    })
  ).json();
  expect(saved.taken_by).toBe(world.teacher.name);
  expect(
    saved.students.map((s: { name: string; mark: string }) => [s.name, s.mark]).sort(),
  ).toEqual(
    [
      [students[0]?.name, 'present'],
      [students[1]?.name, 'absent'],
      [students[2]?.name, 'present'],
    ].sort(),
  );

  // Opened again online: nothing is sent a second time, and the home says the roll is taken.
  const again = await context.newPage();
  await again.goto('/teacher');
  await expect(
    again
      .getByRole('list', { name: "Today's sessions" })
      .getByRole('listitem')
      .filter({ hasText: className })
      .getByText('Roll taken'),
  ).toBeVisible();
  await expect.poll(async () => (await offlineStore(again)).includes('"mutations":[]')).toBe(true);
  expect(await savesOf(again.request, world)).toBe(1);
});

test("opened with no signal on a later day of the week, the home lists that day's class and its roll opens", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { className, coming, students } = world;

  await logIn(page, world.teacher, '/teacher');
  await expect(
    page
      .getByRole('list', { name: "Today's sessions" })
      .getByRole('link', { name: className, exact: true }),
  ).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
  // The week ahead is kept with the day: the coming session's roll, with its students.
  await expect
    .poll(async () => (await offlineStore(page)).includes(`["roll",${coming.id}]`))
    .toBe(true);

  // That later day, no signal, the app opened afresh.
  await context.setOffline(true);
  await page.close();
  const later = await context.newPage();
  await later.clock.setFixedTime(new Date(`${coming.date}T12:00:00Z`));
  await later.goto('/teacher');
  const row = later
    .getByRole('list', { name: "Today's sessions" })
    .getByRole('listitem')
    .filter({ hasText: className });
  await row.getByRole('link', { name: /^Take the roll/ }).click();
  await expect(later.getByRole('heading', { name: `Roll: ${className}`, level: 1 })).toBeVisible();
  const roll = later.getByRole('list', { name: 'Students' });
  await expect(roll.getByRole('group')).toHaveCount(students.length);
  await expect(roll.getByRole('group', { name: students[0]?.name })).toBeVisible();
});
