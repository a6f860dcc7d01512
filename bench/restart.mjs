#!/usr/bin/env node
// node bench/restart.mjs — how long `npm start` takes to be listening when an academy's
// server is restarted: the whole command, as an administrator runs it, from its launch until
// /api/health answers, RESTART_RUNS times (3 by default) on one data folder, so every run
// after the first is the restart of an academy whose database is already migrated. Nothing
// is changed between runs, so whatever `npm start` does besides starting the server is
// what an unchanged restart costs. Prints each run's time and the load average around it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Number(process.env.RESTART_RUNS ?? 3));

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-restart-'));
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function startOnce() {
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so that stopping it stops npm and the server npm started.
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'restart-bench-password',
      LOG_LEVEL: 'warn',
    },
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  try {
    for (;;) {
      if (exited) throw new Error('npm start exited before it listened.');
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => (exited ? resolve() : child.on('exit', resolve)));
  }
}

try {
  for (let i = 1; i <= RUNS; i++) {
    const before = load();
    const ms = await startOnce();
    console.log(
      `run ${i}: listening after ${(ms / 1000).toFixed(1)} s (load average before ${before}, after ${load()})`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
