import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
const root = path.resolve(import.meta.dirname, '..');
const port = 18000 + Math.floor(Math.random() * 1000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fastprof-'));
const server = spawn(process.execPath, ['server/dist/main.js'], { cwd: root, stdio: 'ignore', env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'profile-admin-password', LOG_LEVEL: 'warn', DATABASE_URL: '' } });
const base = `http://127.0.0.1:${port}`;
for (;;) { if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 200)); }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const url = process.argv[2] ?? '/login';
const totals = new Map(); const byFn = new Map();
for (let run = 0; run < Number(process.env.RUNS ?? 3); run++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.start');
  await page.goto(base + url);
  await page.waitForTimeout(4000);
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  for (const [id, us] of dt) {
    const n = nodes.get(id); const f = n.callFrame;
    const file = f.url ? f.url.replace(base, '') : `(${f.functionName || 'program'})`;
    totals.set(file, (totals.get(file) ?? 0) + us / 1000);
    const key = `${file}:${f.functionName}:${f.lineNumber}:${f.columnNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us / 1000);
  }
  await context.close();
}
const runs = Number(process.env.RUNS ?? 3);
console.log('by file (ms per run, at 4x):');
for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(v / runs).toFixed(0).padStart(6)} ${k}`);
console.log('by function:');
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${(v / runs).toFixed(0).padStart(6)} ${k}`);
await browser.close(); server.kill(); fs.rmSync(dataDir, { recursive: true, force: true });
