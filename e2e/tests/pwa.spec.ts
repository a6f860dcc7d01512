import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, expect, type Page, test } from '@playwright/test';
import { repoRoot, startServer } from '../server.js';

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
