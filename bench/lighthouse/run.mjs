#!/usr/bin/env node
// npm run bench:lighthouse — Lighthouse (mobile settings: a mid-range phone on slow 4G,
// simulated) on the login screen and the student home, against the real built server in the
// system Chromium. Targets: performance ≥ 95, accessibility 100, best practices 100.
// Prints the scores and every audit that cost points; writes bench/results/lighthouse.json;
// exits 1 when a target is missed.
//
// Lighthouse lives in this folder's own package (npm ci --prefix bench/lighthouse): it is
// large and only this benchmark needs it. Playwright, from the main install, logs the
// student in; Lighthouse then audits through the same browser, keeping that login.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '../..');
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 };
const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find(
  (p) => p && fs.existsSync(p),
);
if (!executablePath) {
  console.error('No Chromium: apt-get install -y chromium, or set CHROME_PATH.');
  process.exit(2);
}
if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// The real server on a fresh data folder, with one student.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lighthouse-'));
const port = await freePort();
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'lighthouse-admin-password',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  env,
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 150) throw new Error('The server did not start.');
  await new Promise((r) => setTimeout(r, 200));
}
const student = { username: 'lighthouse_student', password: 'student-password' };
await new Promise((resolve, reject) =>
  spawn(
    process.execPath,
    [
      'server/dist/cli/create-user.js',
      '--username',
      student.username,
      '--password',
      student.password,
      '--name',
      'Sara Ahmadi',
      '--gender',
      'female',
    ],
    { cwd: root, env, stdio: 'ignore' },
  ).on('exit', (code) => (code === 0 ? resolve() : reject(new Error('create-user failed')))),
);

const debuggingPort = await freePort();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lighthouse-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless: true,
  args: [
    `--remote-debugging-port=${debuggingPort}`,
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});

async function audit(name, url) {
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
    // The student's login lives in this profile's storage: keep it.
    disableStorageReset: true,
  });
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError)
    console.error(
      `${name}: Lighthouse could not measure: ${runtimeError.code} ${runtimeError.message}`,
    );
  // The whole report, for digging into what cost points.
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/lighthouse-${name.replace(/\W+/g, '-')}.json`),
    JSON.stringify(result.lhr),
  );
  const scores = Object.fromEntries(
    Object.keys(TARGETS).map((id) => [id, Math.round(categories[id].score * 100)]),
  );
  const lost = Object.values(categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => `${category.id}: ${a.id} (${a.score}) ${a.displayValue ?? ''}`.trim()),
  );
  const metrics = Object.fromEntries(
    [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ].map((id) => [id, audits[id]?.displayValue]),
  );
  return { name, url, scores, metrics, lost };
}

const results = [];
try {
  // The login screen, as someone who has not signed in sees it.
  results.push(await audit('login', `${base}/login`));

  // The student home, signed in through the login screen.
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(student.username);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${base}/user`);
  await page.close();
  results.push(await audit('student home', `${base}/user`));
} finally {
  await context.close();
  server.kill('SIGTERM');
  fs.rmSync(profile, { recursive: true, force: true });
}

const failures = [];
for (const r of results) {
  console.log(`\n${r.name} (${r.url.replace(base, '')})`);
  for (const [id, score] of Object.entries(r.scores)) {
    const ok = score >= TARGETS[id];
    if (!ok) failures.push(`${r.name}: ${id} ${score} < ${TARGETS[id]}`);
    console.log(
      `  ${id.padEnd(15)} ${String(score).padStart(3)}  (target ${TARGETS[id]})${ok ? '' : '  MISSED'}`,
    );
  }
  console.log(
    `  ${Object.entries(r.metrics)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (const line of r.lost) console.log(`  lost points: ${line}`);
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/lighthouse.json'),
  `${JSON.stringify({ date: new Date().toISOString(), targets: TARGETS, results }, null, 2)}\n`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
if (failures.length) {
  console.error(`\nTargets missed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery target met.');
