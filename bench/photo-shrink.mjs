#!/usr/bin/env node
// npm run bench:photo — how much the upload screen makes a phone photo smaller, and how long
// it takes: the built app's own code (the upload screen, which loads browser-image-compression
// when a photo is picked) in the system Chromium, against the real built server. For each
// photo-like picture (bench/photo-like.mjs, 4000 x 3000, made at a phone's JPEG quality), a
// student picks it on the 'Photos' field and sends it; the script reads the bytes the server
// kept, their JPEG's width and height, and the time from the pick to the screen's
// 'N photo made smaller' line. Prints a table; exits 1 when a kept photo is not under 5 MB.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { jpegSize, photoLikeJpeg } from './photo-like.mjs';

const root = path.resolve(import.meta.dirname, '..');
const LIMIT = 5_242_880;
/** The photos measured: a phone's own quality, and a higher one (a large, sharp photo). */
const PHOTOS = [
  { label: '4000x3000, quality 0.92', quality: 0.92, seed: 1 },
  { label: '4000x3000, quality 0.92, another page', quality: 0.92, seed: 2 },
  { label: '4000x3000, quality 0.97', quality: 0.97, seed: 3 },
];
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

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-photo-'));
const port = await freePort();
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'photo-bench-admin-password',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  env,
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath, args: ['--disable-gpu'] });
let failed = false;
try {
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
  const student = { username: 'photo_student', password: 'student-password' };
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
        'Pat Photo',
        '--gender',
        'female',
      ],
      { cwd: root, env, stdio: 'ignore' },
    ).on('exit', (code) => (code === 0 ? resolve() : reject(new Error('create-user failed')))),
  );
  const login = async (fields) =>
    (
      await fetch(`${base}/api/login.php`, { method: 'POST', body: new URLSearchParams(fields) })
    ).json();
  const adminToken = (await login({ username: 'admin', password: env.ADMIN_PASSWORD })).token;

  // A phone-sized page (the e2e tests' 'phone' project).
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(student.username);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/user');

  const rows = [];
  for (const [index, photo] of PHOTOS.entries()) {
    await page.goto('/submit-assignment');
    const made = Buffer.from(
      await page.evaluate(photoLikeJpeg, {
        width: 4000,
        height: 3000,
        quality: photo.quality,
        seed: photo.seed,
      }),
      'base64',
    );
    const subject = `Photo ${index + 1}`;
    await page.getByLabel('Subject').fill(subject);
    const started = performance.now();
    await page
      .getByLabel('Photos')
      .setInputFiles({ name: `IMG_${index + 1}.JPG`, mimeType: 'image/jpeg', buffer: made });
    await page.getByText(/^1 photo made smaller/).waitFor({ timeout: 120_000 });
    const shrinkMs = performance.now() - started;
    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Assignment submitted successfully.' })
      .waitFor({ timeout: 60_000 });
    const inbox = await (
      await fetch(`${base}/api/send_to_inbox.php`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      })
    ).json();
    const file = inbox.assignments.find((a) => a.subject === subject).files[0];
    const kept = Buffer.from(await (await fetch(`${base}/api/${file.file_url}`)).arrayBuffer());
    const size = jpegSize(kept);
    if (kept.length >= LIMIT) failed = true;
    rows.push({
      photo: photo.label,
      before: mb(made.length),
      after: mb(kept.length),
      kept: size ? `${size.width}x${size.height}` : '?',
      shrink: `${(shrinkMs / 1000).toFixed(1)} s`,
    });
  }
  console.log(
    `Chromium ${browser.version()}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.table(rows);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

function mb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
