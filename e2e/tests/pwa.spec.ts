import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, expect, type Page, test } from '@playwright/test';
import { repoRoot, startServer } from '../server.js';
import { admin, createStudent, logIn } from '../support.js';

const run = promisify(execFile);

test.use({ serviceWorkers: 'allow' });

async function waitForControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 20_000,
  });
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

  test('after one visit the app opens with no network', async ({ page, context }) => {
    await page.goto('/login');
    await waitForControl(page);
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await page.goto('/loading');
    await expect(page.getByRole('status')).toHaveText('Loading...');
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

  test('after one visit a student sees their schedule, assignments, results and notifications with no network, and a flashcard answered offline reaches the server once', async ({
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
    await page
      .getByRole('dialog', { name: 'Message for You' })
      .getByRole('button', { name: 'Close' })
      .click();
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    await page.request.post('/api/add_card.php', {
      headers: { Authorization: `Bearer ${token}` },
      data: { user_id: studentId, front_text: 'offline', back_text: 'without a network' },
    });
    for (const [path, text] of [
      ['/schedule', 'December 7, 2026'],
      ['/download-assignment', `Offline essay ${stamp}`],
      ['/assignment-results', `Offline result ${stamp}`],
      ['/notification', `Offline note ${stamp}`],
      ['/flashcardbox', 'Card 1 of 1'],
    ]) {
      await page.goto(path as string);
      await expect(page.getByText(text as string).first()).toBeVisible();
    }
    await page.waitForTimeout(1_500); // the offline cache is written at most once a second

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

    // Practise offline; the answer waits, survives a reload, and goes out once online.
    await page.goto('/flashcardbox');
    await expect(page.getByText('Card 1 of 1')).toBeVisible();
    await page.getByRole('button', { name: 'Correct', exact: true }).click();
    await expect(page.getByRole('heading', { name: "You've completed the cards!" })).toBeVisible();
    await page.waitForTimeout(1_500);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Flashcard Challenge' })).toBeVisible();

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/update_card.php')) sent.push(request.postData() ?? '');
    });
    await context.setOffline(false);
    await expect.poll(() => sent.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const cards = await (
          await context.request.post('/api/get_user_cards.php', {
            headers: { Authorization: `Bearer ${token}` },
            data: { user_id: studentId },
          })
        ).json();
        return cards.cards[0].level;
      })
      .toBe(2);
    await page.waitForTimeout(2_000);
    const after = await (
      await context.request.post('/api/get_user_cards.php', {
        headers: { Authorization: `Bearer ${token}` },
        data: { user_id: studentId },
      })
    ).json();
    expect(after.cards[0].level).toBe(2);
    await context.close();
  });
});
