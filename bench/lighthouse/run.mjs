#!/usr/bin/env node
// npm run bench:lighthouse — Lighthouse (mobile settings: a mid-range phone on slow 4G,
// simulated) on the login screen and the student home, against the real built server in the
// system Chromium, with a cold cache (nothing in the HTTP cache, no service worker, no
// offline store: a first visit, or a visit after an update) and a realistic student: 50
// unread notifications, cards due, assignments, corrections and a schedule.
// Targets: performance ≥ 98 on login and ≥ 95 on the student home, accessibility and best
// practices 100.
// Each screen is audited LIGHTHOUSE_RUNS times (3 by default) and judged by its median run,
// as Lighthouse's own guidance on variability advises: on this two-core machine one run's
// blocking time moves by 100-200 ms with whatever else the CPU is doing. LIGHTHOUSE_SCREENS
// (login, home; both by default) audits fewer.
// Prints every run's scores and metrics and the median's lost points; writes
// bench/results/lighthouse.json and each median run's whole report; exits 1 when a target is
// missed by a median.
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
/** Login is the first screen anyone sees: it is held to more. */
const SCREEN_TARGETS = { login: { performance: 98 } };
const targetOf = (screen, id) => SCREEN_TARGETS[screen]?.[id] ?? TARGETS[id];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const SCREENS = (process.env.LIGHTHOUSE_SCREENS ?? 'login,home').split(',');
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

// What a student a few weeks into a course has waiting: sent by the administrator through
// the spec's own calls.
const api = async (pathName, token, init) => {
  const response = await fetch(`${base}${pathName}`, {
    ...init,
    headers: { ...(init?.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new Error(`${pathName}: ${response.status} ${await response.text()}`);
  return response.json();
};
const form = (fields) => ({ method: 'POST', body: new URLSearchParams(fields) });
const json = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const adminToken = (
  await api('/api/login.php', undefined, form({ username: 'admin', password: env.ADMIN_PASSWORD }))
).token;
const signedIn = await api('/api/login.php', undefined, form(student));
const studentId = signedIn.user_id;
for (let i = 1; i <= 50; i++) {
  await api(
    '/api/add_notification.php',
    adminToken,
    form({ user_id: String(studentId), message: `Week ${i}: remember the reading for Monday.` }),
  );
}
for (let i = 1; i <= 5; i++) {
  const sent = new FormData();
  sent.set('user_id', String(studentId));
  sent.set('title', `Essay ${i}: a place I love`);
  sent.set('description', 'Write 200 words. Due Friday.');
  sent.set('file_links', '[]');
  await api('/api/send_assignment.php', adminToken, { method: 'POST', body: sent });
  const correction = new FormData();
  correction.set('user_id', String(studentId));
  correction.set('title', `Correction of essay ${i}`);
  await api('/api/send_correction.php', adminToken, { method: 'POST', body: correction });
}
for (let i = 1; i <= 30; i++) {
  await api(
    '/api/add_card.php',
    signedIn.token,
    json({ user_id: studentId, front_text: `word ${i}`, back_text: `meaning ${i}` }),
  );
}

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

/**
 * Empties what a returning visit would reuse (the HTTP cache, the offline worker and its
 * caches, the offline store) and keeps the login, so each audit is a cold first load.
 */
async function coldCache() {
  const page = await context.newPage();
  await page.goto(`${base}/favicon.svg`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: base,
    storageTypes: 'service_workers,cache_storage',
  });
  await page.evaluate(() => localStorage.removeItem('academy-offline-cache'));
  await page.close();
}

async function audit(name, url) {
  await coldCache();
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
    // The student's login lives in this profile's storage: keep it.
    disableStorageReset: true,
    // A signed-in page holds its live stream open, so the network never goes quiet and
    // Lighthouse would wait its whole 45 s for it: every metric is settled long before 15 s
    // (the page's last long task is within 2 s; time to interactive needs 5 s quiet after it).
    maxWaitForLoad: 15_000,
  });
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError)
    console.error(
      `${name}: Lighthouse could not measure: ${runtimeError.code} ${runtimeError.message}`,
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
  return { name, url, scores, metrics, lost, lhr: result.lhr };
}

/** The screen audited RUNS times: every run's figures, and the median run by performance. */
async function auditRuns(name, url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(name, url));
  const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = byPerformance[Math.floor((runs.length - 1) / 2)];
  // The median run's whole report, for digging into what cost points.
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/lighthouse-${name.replace(/\W+/g, '-')}.json`),
    JSON.stringify(median.lhr),
  );
  const strip = ({ lhr, ...run }) => run;
  return {
    ...strip(median),
    runs: runs.map((run) => ({ scores: run.scores, metrics: run.metrics })),
  };
}

const results = [];
try {
  // The login screen, as someone who has not signed in sees it.
  if (SCREENS.includes('login')) results.push(await auditRuns('login', `${base}/login`));

  // The student home, signed in through the login screen.
  if (SCREENS.includes('home')) {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill(student.username);
    await page.getByLabel('Password').fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/user`);
    await page.close();
    results.push(await auditRuns('student home', `${base}/user`));
  }
} finally {
  await context.close();
  server.kill('SIGTERM');
  fs.rmSync(profile, { recursive: true, force: true });
}

const failures = [];
for (const r of results) {
  console.log(`\n${r.name} (${r.url.replace(base, '')}), the median of ${r.runs.length} runs`);
  for (const [i, run] of r.runs.entries())
    console.log(
      `  run ${i + 1}: ${Object.entries(run.scores)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; ${Object.entries(run.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  for (const [id, score] of Object.entries(r.scores)) {
    const target = targetOf(r.name, id);
    const ok = score >= target;
    if (!ok) failures.push(`${r.name}: ${id} ${score} < ${target}`);
    console.log(
      `  ${id.padEnd(15)} ${String(score).padStart(3)}  (target ${target})${ok ? '' : '  MISSED'}`,
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
  `${JSON.stringify({ date: new Date().toISOString(), runsPerScreen: RUNS, targets: { ...TARGETS, screens: SCREEN_TARGETS }, results }, null, 2)}\n`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
if (failures.length) {
  console.error(`\nTargets missed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery target met.');
