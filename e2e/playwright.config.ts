import { defineConfig } from '@playwright/test';
import { findChromium } from './browser.js';

const executablePath = findChromium();

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  // What the app shows may wait on a lazy screen's chunk and a first answer on a busy machine
  // (CI shares its two cores): assertions wait for it up to 20 s, never for a fixed time.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The list as it runs; the JSON report names the flaky tests (passed on a retry) in
  // `npm test`'s summary (scripts/browser-outcomes.mjs).
  reporter: [['list'], ['json', { outputFile: '../test-results/browser-report.json' }]],
  outputDir: '../test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    // The offline worker would answer some requests itself, out of reach of page.route();
    // only the PWA tests (tests/pwa.spec.ts) let it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // This machine's network is closed: without these, Chromium keeps trying to reach
      // Google's services and its refused connections slow every test down.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        '--disable-gpu',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
