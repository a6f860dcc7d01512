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
  // Three on CI's two cores: a test waits on the server and the app's timers part of its time,
  // which a third worker fills (the whole suite 30% faster without traces; a third worker
  // was slower only while every test also recorded one).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // The list as it runs; the JSON report names the flaky tests (passed on a retry) in
  // `npm test`'s summary (scripts/browser-outcomes.mjs).
  reporter: [['list'], ['json', { outputFile: '../test-results/browser-report.json' }]],
  outputDir: '../test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A trace records every action's screenshots and DOM: over a quarter of the suite's CPU
    // when recorded for every test. On CI a failed test's retry records one (nobody reads CI's
    // test-results, only its log: the summary names the failed and the flaky); here a failure
    // keeps its trace. E2E_TRACE chooses another mode (on, off).
    trace:
      (process.env.E2E_TRACE as 'on' | 'off' | undefined) ??
      (process.env.CI ? 'on-first-retry' : 'retain-on-failure'),
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
