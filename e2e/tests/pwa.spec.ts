import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, expect, type Page, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { repoRoot, startServer } from '../server.js';
import { admin, createStudent, expectLeftOut, logIn, samplePdf } from '../support.js';

const run = promisify(execFile);

test.use({ serviceWorkers: 'allow' });

async function waitForControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** The addresses of every API answer the offline worker has cached. */
function cachedApiUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('academy-api-')) continue;
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    return urls;
  });
}

/** An answer the worker cached is personal when it names its student. */
const isPersonal = (url: string) => url.includes('user_id=');

/** Signs a new student in on their home, with the worker controlling the page. */
async function signInControlled(page: Page) {
  const student = await createStudent();
  await logIn(page, student, '/user');
  await waitForControl(page);
  return student;
}

/** Signs a new student in, with the worker holding at least one of their personal answers. */
async function cachePersonalAnswers(page: Page) {
  await signInControlled(page);
  await page.goto('/notification');
  await expect(page.getByText('No notifications found.')).toBeVisible();
  await expect.poll(async () => (await cachedApiUrls(page)).some(isPersonal)).toBe(true);
}

/** The flashcard answers the server has applied for a student, in the order they arrived. */
function appliedAnswers(userId: number): { answer_id: string; card_id: number }[] {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR ?? '', 'academy.db'), {
    readonly: true,
  });
  try {
    return db
      .prepare('select answer_id, card_id from flashcard_answers where user_id = ? order by rowid')
      .all(userId) as { answer_id: string; card_id: number }[];
  } finally {
    db.close();
  }
}

/**
 * What the app has written to its offline store (localStorage, at most once a second): the
 * JSON text, and the keys of the changes waiting to be sent. Tests wait for what they expect
 * to be written, not for the write delay.
 */
async function offlineStore(page: Page): Promise<{ text: string; waiting: unknown[] }> {
  return page.evaluate(() => {
    const text = localStorage.getItem('academy-offline-cache') ?? '{}';
    const mutations: { mutationKey?: unknown }[] = JSON.parse(text).clientState?.mutations ?? [];
    return { text, waiting: mutations.map((m) => m.mutationKey) };
  });
}

/** The update_card.php calls the page makes, as the JSON they send. */
function watchCardAnswers(page: Page) {
  const sent: { id: number; was_correct: string; answer_id: string }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/update_card.php')) sent.push(request.postDataJSON());
  });
  return sent;
}

test.describe('installable and offline', () => {
  test('the worker at /service-worker.js registers and controls the page', async ({ page }) => {
    await page.goto('/login');
    await waitForControl(page);
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(new URL(scriptUrl ?? '').pathname).toBe('/service-worker.js');
    const caches = await page.evaluate(() => window.caches.keys());
    expect(caches.some((name) => name.includes('v2.2'))).toBe(true);
  });

  test('someone already signed in: the worker registers once the home is drawn and its calls answered, then keeps the app', async ({
    page,
    context,
  }) => {
    await signInControlled(page);
    // A first visit of someone signed in (the login kept, no worker). What the page showed,
    // and whether the home's cards-due call had been answered, are noted at the registration.
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) {
        await registration.unregister();
      }
    });
    await context.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        const seen = document.documentElement.dataset;
        seen.shownAtRegistration = document.querySelector('h1')?.textContent ?? '(nothing)';
        seen.answeredAtRegistration = String(
          performance
            .getEntriesByType('resource')
            .some((e) => e.name.includes('get_cards_to_review')),
        );
        return register.apply(this, args);
      };
    });
    // The call's answer is held until the worker is registered, or for 2 s: a page that
    // registered without waiting for it (at its load) is caught registering first; one that
    // waits registers only once it is answered, however slow the machine.
    await page.route('**/api/get_cards_to_review.php*', async (route) => {
      await page
        .waitForFunction(() => document.documentElement.dataset.shownAtRegistration, undefined, {
          timeout: 2_000,
        })
        .catch(() => undefined);
      await route.continue();
    });
    await page.goto('/user');
    await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
    await waitForControl(page);
    const seen = await page.evaluate(() => ({ ...document.documentElement.dataset }));
    expect(seen.shownAtRegistration).toMatch(/Hello/);
    expect(seen.answeredAtRegistration).toBe('true');
  });

  test('the live stream goes past the worker, which reads the calls beside it', async ({
    page,
  }) => {
    await signInControlled(page);
    // Requests the worker makes itself, by path (a page's own are not the worker's).
    const byWorker: string[] = [];
    page.context().on('request', (r) => {
      if (r.serviceWorker()) byWorker.push(new URL(r.url()).pathname);
    });
    const stream = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200,
    );
    await page.reload();
    expect((await stream).fromServiceWorker()).toBe(false);
    await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
    await expect.poll(() => byWorker).toContain('/api/get_cards_to_review.php');
    // Cached by the worker, a stream that never ends kept its connection after the page had
    // gone, one per load, until every call waited for one of the browser's six.
    expect(byWorker).not.toContain('/api/events');
  });

  test('Chromium finds no installability errors in the manifest', async ({ baseURL }, testInfo) => {
    // Playwright's contexts are incognito, where nothing is installable: use a real profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
    });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await waitForControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test('the Install App button appears when installation is offered and goes after the choice', async ({
    page,
  }) => {
    // The offer comes as early as the browser likes: here, before the page's own scripts run.
    await page.addInitScript(() => {
      window.addEventListener('DOMContentLoaded', () => {
        const offer = new Event('beforeinstallprompt', { cancelable: true });
        Object.assign(offer, {
          prompt: async () => {
            (window as unknown as { prompted: boolean }).prompted = true;
          },
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(offer);
      });
    });
    await page.goto('/login');
    const install = page.getByRole('button', { name: 'Install App' });
    await expect(install).toBeVisible();
    await install.click();
    await expect(install).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(
      true,
    );
  });

  test('the Install App bar comes with the page: an offer after the first screen fetches no code', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    // Every chunk the login screen needs is in by now (the worker's registration asks for its
    // own after the page's load).
    await waitForControl(page);
    const fetched: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/')) fetched.push(pathname);
    });
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
    await expect(page.getByRole('button', { name: 'Install App' })).toBeVisible();
    // A bar loaded when the offer came fetched its chunk, its stylesheet and the app's whole
    // icon chunk on every first visit in Chromium (docs/decisions.md).
    expect(fetched).toEqual([]);
  });

  test('after one visit the app opens with no network', async ({ page, context }) => {
    await page.goto('/login');
    await waitForControl(page);
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    // The tab keeps its icon: the worker keeps the picture the page names (a PNG, not an SVG
    // document on the main thread: docs/decisions.md, "The tab's icon is a PNG").
    const icon = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';
      const answer = await fetch(href).catch(() => null);
      return { ok: answer?.ok ?? false, type: answer?.headers.get('content-type') ?? null };
    });
    expect(icon).toEqual({ ok: true, type: 'image/png' });
    await page.goto('/loading');
    // Two statuses may show: the loading screen's, and (loaded just after it) the offline notice.
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe('updates', () => {
  test.setTimeout(180_000);

  test('a second build shows the update banner, and clicking it reloads into the new version', async ({
    browser,
  }) => {
    // Serve a copy of the current build, so this test can swap in another without
    // disturbing the shared server.
    const served = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-web-'));
    fs.cpSync(path.join(repoRoot, 'web/dist'), served, { recursive: true });
    const server = await startServer({ WEB_DIST: served });
    const secondBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-web2-'));
    try {
      const page = await browser.newPage({ baseURL: server.baseUrl });
      await page.goto('/login');
      await waitForControl(page);
      // A later visit: the page loads under the installed worker.
      await page.reload();
      await waitForControl(page);
      const firstVersion = await page.evaluate(() => document.documentElement.dataset.version);
      await expect(
        page.getByText('The new version of the application is available. Click to update.'),
      ).toHaveCount(0);

      await run('npx', ['vite', 'build', '--outDir', secondBuild, '--emptyOutDir'], {
        cwd: path.join(repoRoot, 'web'),
        env: { ...process.env, APP_VERSION: 'e2e-second-build' },
      });
      fs.rmSync(served, { recursive: true, force: true });
      fs.cpSync(secondBuild, served, { recursive: true });

      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const banner = page.getByRole('button', {
        name: 'The new version of the application is available. Click to update.',
      });
      await expect(banner).toBeVisible({ timeout: 30_000 });
      // The click activates the new worker, which reloads the page into the new build.
      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), banner.click()]);
      expect(await page.evaluate(() => document.documentElement.dataset.version)).toBe(
        'e2e-second-build',
      );
      expect(firstVersion).not.toBe('e2e-second-build');
      await expect(banner).toHaveCount(0);
      await page.close();
    } finally {
      await server.stop();
      fs.rmSync(served, { recursive: true, force: true });
      fs.rmSync(secondBuild, { recursive: true, force: true });
    }
  });
});

test.describe('offline use', () => {
  test.setTimeout(120_000);

  test('after one visit a student sees their schedule, assignments, results and notifications with no network, and flashcards answered offline reach the server in order, each once', async ({
    browser,
  }) => {
    const stamp = Date.now();
    const student = await createStudent({ name: `Offline Student ${stamp}` });

    // Content for the student, made by the admin through the API.
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const adminApi = await context.request.post('/api/login.php', {
      form: { username: admin().username, password: admin().password },
    });
    const adminToken = (await adminApi.json()).token as string;
    const asAdmin = { Authorization: `Bearer ${adminToken}` };
    const students = await (
      await context.request.get('/api/user_list.php', { headers: asAdmin })
    ).json();
    const studentId = students.find((s: { name: string }) => s.name === student.name).id as number;
    await context.request.post('/api/save_schedule.php', {
      headers: asAdmin,
      data: {
        user_id: studentId,
        schedule: [
          {
            session_number: 1,
            session_day: 'Monday',
            session_date: '2026-12-07',
            session_time: '10:00 - 11:00',
            status: 'Next Session',
          },
        ],
      },
    });
    await context.request.post('/api/send_assignment.php', {
      headers: asAdmin,
      multipart: {
        user_id: String(studentId),
        title: `Offline essay ${stamp}`,
        description: 'Due Monday',
        file_links: '[]',
      },
    });
    await context.request.post('/api/send_correction.php', {
      headers: asAdmin,
      multipart: { user_id: String(studentId), title: `Offline result ${stamp}` },
    });
    await context.request.post('/api/add_notification.php', {
      headers: asAdmin,
      form: { user_id: String(studentId), message: `Offline note ${stamp}` },
    });

    // One online visit.
    const page = await context.newPage();
    await logIn(page, student, '/user');
    await waitForControl(page);
    // Two unread: the correction's own notification, then the administrator's note.
    const popup = page.getByRole('dialog', { name: 'Message for You' });
    await expect(popup).toContainText('Notification 1 of 2');
    await popup.getByRole('button', { name: 'Next' }).click();
    await popup.getByRole('button', { name: 'Close' }).click();
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    const asStudent = { Authorization: `Bearer ${token}` };
    for (const front of ['alpha', 'bravo', 'charlie']) {
      await page.request.post('/api/add_card.php', {
        headers: asStudent,
        data: { user_id: studentId, front_text: front, back_text: `${front} offline` },
      });
    }
    const cards = async () =>
      (
        await (
          await context.request.post('/api/get_user_cards.php', {
            headers: asStudent,
            data: { user_id: studentId },
          })
        ).json()
      ).cards as { id: number; front_text: string; level: number; done_today: number }[];
    const idOf = new Map((await cards()).map((card) => [card.front_text, card.id]));
    for (const [path, text] of [
      ['/schedule', 'December 7, 2026'],
      ['/download-assignment', `Offline essay ${stamp}`],
      ['/assignment-results', `Offline result ${stamp}`],
      ['/notification', `Offline note ${stamp}`],
      ['/flashcardbox', 'Card 1 of 3'],
    ]) {
      await page.goto(path as string);
      await expect(page.getByText(text as string).first()).toBeVisible();
    }
    const shown = [`Offline essay ${stamp}`, `Offline result ${stamp}`, `Offline note ${stamp}`];
    await expect
      .poll(async () => {
        const { text } = await offlineStore(page);
        return shown.every((t) => text.includes(t)) && text.includes('charlie');
      })
      .toBe(true);

    // No network: the app still opens, says so, and shows what was loaded.
    await context.setOffline(true);
    await page.goto('/schedule');
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await expect(page.getByText('December 7, 2026')).toBeVisible();
    await page.goto('/download-assignment');
    await expect(page.getByText(`Offline essay ${stamp}`)).toBeVisible();
    await page.goto('/assignment-results');
    await expect(page.getByText(`Offline result ${stamp}`)).toBeVisible();
    await page.goto('/notification');
    await expect(page.getByText(`Offline note ${stamp}`)).toBeVisible();

    // Practise offline (right, wrong, right); the answers wait, survive a reload, and go out
    // once online, in the order given, each once.
    await page.goto('/flashcardbox');
    const given: { id: number; was_correct: string }[] = [];
    for (const [n, isCorrect] of [
      [1, true],
      [2, false],
      [3, true],
    ] as const) {
      await expect(page.getByText(`Card ${n} of 3`)).toBeVisible();
      const label = await page.getByRole('button', { name: /^Front: / }).getAttribute('aria-label');
      const front = /^Front: (.+)\. Show the back$/.exec(label ?? '')?.[1] ?? '';
      given.push({ id: idOf.get(front) ?? -1, was_correct: String(isCorrect) });
      await page
        .getByRole('button', { name: isCorrect ? 'Correct' : 'Incorrect', exact: true })
        .click();
    }
    await expect(page.getByRole('heading', { name: "You've completed the cards!" })).toBeVisible();
    expect(new Set(given.map((answer) => answer.id)).size).toBe(3);
    await expect
      .poll(async () => (await offlineStore(page)).waiting)
      .toEqual(given.map(() => ['flashcards', 'answer']));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Flashcard Challenge' })).toBeVisible();

    await context.setOffline(false);
    // What the server applied, in the order it arrived (each answer id once: the table's key).
    // Counted on the server, not from the page's requests: while a page reloads, Chromium's
    // offline emulation starts a moment after the new document does, and an answer sent in that
    // moment goes out unseen by request listeners (the real network has no such gap).
    // An answer whose try failed in that moment waits for its next retry, at most 30 s away
    // (answerRetryDelay): the wait covers one full retry delay and the request after it.
    await expect
      .poll(() => appliedAnswers(studentId).map((a) => a.card_id), { timeout: 45_000 })
      .toEqual(given.map((answer) => answer.id));

    // On the server each card moved once: right answers from level 1 to 2 (twice would be 3),
    // the wrong one stays at 1, answered today.
    const expected = given.map(({ id, was_correct }) => ({
      id,
      level: was_correct === 'true' ? 2 : 1,
      done_today: 1,
    }));
    const levels = async () =>
      (await cards())
        .map(({ id, level, done_today }) => ({ id, level, done_today }))
        .sort(
          (a, b) => given.findIndex((g) => g.id === a.id) - given.findIndex((g) => g.id === b.id),
        );
    await expect.poll(levels).toEqual(expected);
    // Once the store says nothing waits, nothing can be sent again.
    await expect.poll(async () => (await offlineStore(page)).waiting).toEqual([]);
    expect(appliedAnswers(studentId)).toHaveLength(3);
    expect(await levels()).toEqual(expected);
    await context.close();
  });

  test('offline, a form fails at once with its network error, while a flashcard answer waits and is sent once online', async ({
    page,
    context,
  }) => {
    await signInControlled(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    const asStudent = { Authorization: `Bearer ${stored.token}` };
    await page.request.post('/api/add_card.php', {
      headers: asStudent,
      data: { user_id: stored.id, front_text: 'patient', back_text: 'waits for the network' },
    });
    await page.goto('/flashcardbox');
    await expect(page.getByText('Card 1 of 1')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Leitner Box' }).click();
    await page.getByRole('link', { name: 'Card Creator' }).click();
    const sent = watchCardAnswers(page);

    await context.setOffline(true);
    // Add Card: the spec's error at once, and the button is ready again.
    await page.getByLabel('Front Text').fill('offline');
    await page.getByLabel('Back Text').fill('no network');
    await page.getByRole('button', { name: 'Add Card' }).click();
    await expect(page.getByRole('dialog', { name: 'Card Creator' })).toContainText(
      'Error adding card. Please try again.',
    );
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Add Card' })).toBeEnabled();

    // A flashcard answer waits instead.
    await page.getByRole('link', { name: 'Back to Leitner Box' }).click();
    await page.getByRole('link', { name: 'Flashcard Challenge' }).click();
    await expect(page.getByText('Card 1 of 1')).toBeVisible();
    await page.getByRole('button', { name: 'Correct', exact: true }).click();
    await expect(page.getByRole('heading', { name: "You've completed the cards!" })).toBeVisible();

    // An upload: the spec's network error at once, not 'Uploading...' at 0% for ever.
    await page.getByRole('link', { name: 'Back to Leitner Box' }).first().click();
    await page.getByRole('link', { name: 'Back to Home Screen' }).click();
    await page.getByRole('link', { name: 'Upload Assignment' }).click();
    await page.getByLabel('Subject').fill('Essay written offline');
    await page
      .getByLabel('Files')
      .setInputFiles({ name: 'essay.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Error in sending data.');
    await expect(page.getByRole('button', { name: 'Submit Assignment' })).toBeEnabled();
    // Nothing but the flashcard answer is kept to be sent later (the failed upload was in the
    // app's state before the store was written, so it would be written with it).
    await expect
      .poll(async () => (await offlineStore(page)).waiting)
      .toEqual([['flashcards', 'answer']]);
    expect(sent).toHaveLength(0);

    await context.setOffline(false);
    await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(
        async () =>
          (
            await (
              await page.request.post('/api/get_user_cards.php', {
                headers: asStudent,
                data: { user_id: stored.id },
              })
            ).json()
          ).cards.find((card: { front_text: string }) => card.front_text === 'patient')?.level,
      )
      .toBe(2);
    await expect.poll(async () => (await offlineStore(page)).waiting).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  test("when the server ends the session, the worker's cached answers of that student go too", async ({
    page,
  }) => {
    await cachePersonalAnswers(page);

    // The session ends on the server (as when it expires or the account is deactivated).
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    await page.request.post('/api/logout.php', { headers: { Authorization: `Bearer ${token}` } });
    // The next call the app makes is refused.
    await page.goto('/user');
    await expect(page).toHaveURL('/login');
    await expect.poll(async () => (await cachedApiUrls(page)).filter(isPersonal)).toEqual([]);
  });

  test('a forget cut short by the page unloading is finished by the next start', async ({
    page,
  }) => {
    await cachePersonalAnswers(page);

    // The stored login went (the first thing forgetting does), then the page was left before
    // the worker's caches were deleted: the next start has no call that would be refused.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/user');
    await expect(page).toHaveURL('/login');
    await expect.poll(async () => (await cachedApiUrls(page)).filter(isPersonal)).toEqual([]);
  });
});

test.describe('offline first visits and what the offline notice says', () => {
  const notYetOffline =
    'This screen has not been opened on this device yet, so it is not available offline. Connect to the internet and open it once.';
  const notice = (page: Page) => page.getByRole('status').filter({ hasText: /^You are offline\./ });

  test('a screen never opened on this device says so offline instead of spinning, and loads by itself once online', async ({
    page,
    context,
  }) => {
    await signInControlled(page);

    await context.setOffline(true);
    // Opened from the home screen, as a student would, and as a fresh start of the app.
    await page.getByRole('link', { name: 'Schedule' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    await expect(page.getByText(notYetOffline)).toBeVisible();
    await expect(page.getByText('Loading your schedule...')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(notYetOffline)).toBeVisible();
    await expect(page.getByText('Loading your schedule...')).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByText('No sessions scheduled yet.')).toBeVisible();
    await expect(page.getByText(notYetOffline)).toHaveCount(0);
    await expect(notice(page)).toHaveCount(0);
  });

  test('the notice says what is true for the screen at hand', async ({ page, context }) => {
    await signInControlled(page);
    await page.getByRole('link', { name: 'Schedule' }).click();
    await expect(page.getByText('No sessions scheduled yet.')).toBeVisible();

    await context.setOffline(true);
    // A screen whose answers are kept on the device.
    await expect(notice(page)).toHaveText('You are offline. You see what was loaded last.');
    // A form.
    await page.getByRole('link', { name: 'Back to Home Screen' }).click();
    await page.getByRole('link', { name: 'Upload Assignment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Assignment' })).toBeVisible();
    await expect(notice(page)).toHaveText(
      'You are offline. You can fill this in, but sending it needs a connection.',
    );
    // The flashcard challenge: answers wait for the network.
    await page.getByRole('link', { name: 'Back to Home Screen' }).click();
    await page.getByRole('link', { name: 'Leitner Box' }).click();
    await page.getByRole('link', { name: 'Flashcard Challenge' }).click();
    await expect(notice(page)).toHaveText(
      'You are offline. You see the cards loaded last; your answers are sent when you are back online.',
    );
    await context.setOffline(false);
    await expect(notice(page)).toHaveCount(0);
  });

  // What shows beside a screen only at times (app/root-layout.tsx) is loaded when it has
  // something to show, not with every first screen (issue 50 point 7). (Not the install
  // button: whether the browser offers installation here is the browser's choice.)
  const extrasChunk = /\/assets\/(offline-notice|update-banner)-[^/]*\.js$/;

  test('the login screen loads no notice or banner it does not show, and the worker answers the notice offline', async ({
    page,
    context,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (extrasChunk.test(new URL(request.url()).pathname)) asked.push(request.url());
    });
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await waitForControl(page);
    expect(asked).toEqual([]);

    await context.setOffline(true);
    await expect(notice(page)).toHaveText('You are offline. Logging in needs a connection.');
    expect(asked).toEqual([expect.stringMatching(/\/offline-notice-/)]);
    await context.setOffline(false);
    await expect(notice(page)).toHaveCount(0);
  });

  test('an admin screen says what is shown may be out of date', async ({ page, context }) => {
    await logIn(page, admin(), '/admin');
    await waitForControl(page);
    await page.getByRole('link', { name: 'Inbox' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await context.setOffline(true);
    await expect(notice(page)).toHaveText(
      'You are offline. What is shown may be out of date, and sending anything needs a connection.',
    );
    await context.setOffline(false);
  });
});

test.describe('before the offline worker keeps the app', () => {
  // A first visit whose network goes before the worker has taken the page over.
  test.use({ serviceWorkers: 'block' });

  test('a notice whose code cannot be had leaves the screen as it is', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    // Left out (the app says so), not the error screen in place of the login screen.
    await expectLeftOut(page, 'The offline notice', () => context.setOffline(true));
    await page.getByLabel('Username').fill('someone');
    await expect(page.getByLabel('Username')).toHaveValue('someone');
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await context.setOffline(false);
  });
});
