#!/usr/bin/env node
// `npm test`: every suite this machine can run, with a summary of what ran and its time.
// Typecheck and lint, beside a production build and its page weight (bench/size.mjs); then
// unit and integration tests (SQLite always; PostgreSQL when TEST_DATABASE_URL is set), two
// instances on PostgreSQL and S3 (when TEST_DATABASE_URL is set), then the browser tests in
// Chromium when one is installed.
// Under CI=true, a missing Chromium or PostgreSQL is a failure, not a skip.
// Typecheck and lint run beside the build and its page weight (they share nothing, and each
// leaves one of the two cores idle much of its time); the test suites run one after another,
// each using both cores itself. bench/README.md, "Where CI's time goes", has the figures.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { readBrowserOutcomes } from './browser-outcomes.mjs';
import { readVitestOutcomes } from './vitest-outcomes.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const results = [];

// Every npm script runs the Node.js the project pins (the `node` package, first on the PATH npm
// gives scripts), whatever the machine's own is: say which, so a log shows what was tested.
console.log(`Node.js ${process.version} (${process.execPath})`);

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}\n  $ ${[command, ...args].join(' ')}\n`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
  results.push({ name, status: ok ? 'passed' : 'FAILED', seconds, details: [] });
  return ok;
}

/**
 * Runs lanes side by side, the steps of a lane one after another until one fails. A step's
 * output is held and printed whole when it ends, so that two steps' lines do not mix; the
 * summary lists the steps in the order written here. Answers whether every step passed.
 */
async function sideBySide(lanes) {
  const slots = lanes.map((lane) => lane.map(() => results.push(undefined) - 1));
  const runStep = ({ name, command, args, env = {} }, slot) =>
    new Promise((resolve) => {
      console.log(
        `\n▶ ${name} (side by side; output when it ends)\n  $ ${[command, ...args].join(' ')}`,
      );
      const started = Date.now();
      const child = spawn(command, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      });
      const output = [];
      child.stdout.on('data', (d) => output.push(d));
      child.stderr.on('data', (d) => output.push(d));
      const end = (ok) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(`\n◀ ${name}: ${ok ? 'passed' : 'FAILED'} (${seconds} s)\n`);
        process.stdout.write(Buffer.concat(output));
        results[slot] = { name, status: ok ? 'passed' : 'FAILED', seconds, details: [] };
        resolve(ok);
      };
      child.on('error', (error) => {
        output.push(Buffer.from(`${error.message}\n`));
        end(false);
      });
      child.on('close', (code) => end(code === 0));
    });
  const outcomes = await Promise.all(
    lanes.map(async (lane, l) => {
      for (const [i, s] of lane.entries()) {
        if (!(await runStep(s, slots[l][i]))) {
          for (const [j, rest] of lane.entries())
            if (j > i) results[slots[l][j]] = { name: rest.name, status: 'not run', seconds: '-' };
          return false;
        }
      }
      return true;
    }),
  );
  return outcomes.every(Boolean);
}

function skip(name, reason) {
  console.log(`\n▶ ${name}: SKIPPED (${reason})`);
  results.push({ name, status: `skipped: ${reason}`, seconds: '-' });
}

const runStarted = Date.now();

function summary() {
  const minutes = ((Date.now() - runStarted) / 60_000).toFixed(1);
  console.log(`\nSuites (${minutes} minutes in all):`);
  for (const r of results) {
    console.log(`  ${r.status.padEnd(12)} ${r.name} (${r.seconds} s)`);
    for (const line of r.details ?? []) console.log(`               ${line}`);
  }
}

/** Where e2e/playwright.config.ts has Playwright write its JSON report. */
const BROWSER_REPORT = 'test-results/browser-report.json';

/**
 * Runs the Playwright step, then names in the summary the tests that passed only on a retry
 * (flaky) and those that failed: a retry that passes hides a race, which must be seen.
 */
function browserStep(name, args, env = {}) {
  fs.rmSync(BROWSER_REPORT, { force: true });
  const ok = step(
    name,
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...args],
    env,
  );
  const outcomes = readBrowserOutcomes(BROWSER_REPORT);
  const result = results.at(-1);
  if (!outcomes) {
    result.details.push(`(no report at ${BROWSER_REPORT}: flaky tests cannot be named)`);
    return ok;
  }
  if (outcomes.flaky.length > 0) result.status = ok ? 'flaky' : result.status;
  for (const test of outcomes.flaky) result.details.push(`flaky: ${test}`);
  for (const test of outcomes.failed) result.details.push(`failed: ${test}`);
  return ok;
}

/** Where a vitest step has its JSON report written, beside its usual output. */
const VITEST_REPORT = 'test-results/vitest-report.json';

/**
 * Runs a vitest step, then names in the summary each file or test that failed with its error's
 * first lines: the cause of a failed hook is printed far above the run's end, which is all CI
 * keeps.
 */
function vitestStep(name, args, env = {}) {
  fs.rmSync(VITEST_REPORT, { force: true });
  const ok = step(
    name,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${VITEST_REPORT}`,
    ],
    env,
  );
  if (!ok) results.at(-1).details.push(...(readVitestOutcomes(VITEST_REPORT) ?? []));
  return ok;
}

// The browser the suite runs in, as e2e/browser.ts findChromium() picks it: Debian's headless
// shell before the full Chromium (push.spec.ts runs in the full one itself).
const chromium = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].find((p) => p && fs.existsSync(p));
const postgres = process.env.TEST_DATABASE_URL;

// The unit and integration tests read the sources, not the build, so the build is made
// beside the typecheck and lint, once: the later steps (scale-out, the browser) use it.
let ok = await sideBySide([
  [
    { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  ],
  [
    { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
    // What each screen costs a phone, from the build just made (it only reads web/dist): the
    // login screen's JavaScript budget, every screen a chunk of its own, no zod in the
    // browser. A broken budget fails the run here rather than surfacing by chance in a later
    // bench.
    { name: 'page weight (bench/size.mjs)', command: 'node', args: ['bench/size.mjs'] },
  ],
]);
ok = ok && vitestStep(`unit + integration (SQLite${postgres ? ' and PostgreSQL' : ''})`, []);
if (ok && !postgres) {
  skip('integration (PostgreSQL)', 'TEST_DATABASE_URL is not set');
  if (ci) ok = false;
}
// The built server on several processes: one server of two processes on one SQLite file, and
// (with PostgreSQL) two instances behind a round-robin proxy sharing PostgreSQL and an S3
// bucket (s3rver on loopback). It needs the build, so it runs here, on its own.
if (ok) {
  ok = vitestStep(
    `scale-out (two processes on SQLite${postgres ? '; two instances on PostgreSQL and S3' : ''})`,
    ['--project', 'scale-out'],
    { TEST_SCALE_OUT: '1' },
  );
  if (!postgres) {
    skip('scale-out (two instances on PostgreSQL)', 'TEST_DATABASE_URL is not set');
    if (ci) ok = false;
  }
}
// Tests of the real server that drive no browser (hard kills, backups): they run even where
// no Chromium is installed.
const systemTests = ['tests/reliability.spec.ts'];
if (ok) {
  if (chromium) {
    ok = browserStep(`browser and system (Playwright in ${chromium})`, [], {
      CHROME_PATH: chromium,
    });
  } else {
    ok = browserStep('system (Playwright, no browser)', systemTests);
    skip(
      'browser (Playwright)',
      'no Chromium found: apt-get install -y chromium, or set CHROME_PATH',
    );
    if (ci) ok = false;
  }
}
summary();
process.exit(ok ? 0 : 1);
