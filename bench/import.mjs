#!/usr/bin/env node
// npm run bench:import — does a students' import stall everyone else? The built server on a
// fresh SQLite academy: a student logs in LOGINS times one after another with nothing else
// running (each login verifies an argon2id hash, as an import hashes one per student), then
// again while an import of STUDENTS students runs (IMPORT_STUDENTS, 1,000 by default, the
// most a file may hold). Also: how long a refused file (every row bad) takes to answer, the
// call that starts the import, and the import itself until its job is done.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './kit.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STUDENTS = Number(process.env.IMPORT_STUDENTS ?? 1000);
const LOGINS = Number(process.env.LOGINS ?? 20);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-import-'));
const ADMIN_PASSWORD = 'bench-admin-password';

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const call = async (method, route, token, body) => {
  const started = performance.now();
  const res = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body instanceof URLSearchParams ? {} : { 'content-type': 'application/json' }),
    },
    ...(body ? { body: body instanceof URLSearchParams ? body : JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  return { status: res.status, json, ms: performance.now() - started };
};
const login = (username, password) =>
  call('POST', '/api/login.php', null, new URLSearchParams({ username, password }));

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`;
};
const logins = async (username, password, until = () => false) => {
  const times = [];
  for (let i = 0; i < LOGINS && !until(); i++) {
    const res = await login(username, password);
    if (res.status !== 200)
      throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
    times.push(res.ms);
  }
  return times;
};

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300) throw new Error('the server did not start');
    await sleep(200);
  }
  const admin = (await login('admin', ADMIN_PASSWORD)).json.token;
  // A student to log in as (add-user.php takes a form).
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: 'Bench Student',
    username: 'bench.student',
    email: 'bench.student@example.com',
    password: 'bench-student-password',
    role_id: '2',
    gender: 'female',
  }))
    form.append(k, v);
  const added = await fetch(`${url}/api/add-user.php`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  if (!added.ok) throw new Error(`add-user failed: ${added.status}`);

  const idle = await logins('bench.student', 'bench-student-password');
  console.log(`login, nothing else running (${idle.length}): ${stats(idle)}`);

  const rows = Array.from(
    { length: STUDENTS },
    (_, i) => `Bench,Student ${i + 1},bench${i + 1}@school.example,${i % 2 ? 'F' : 'M'}`,
  );
  // Every row bad (a gender that is neither): nothing to import, so nothing may be hashed.
  const bad = ['First Name,Last Name,Email,Gender', ...rows.map((r) => r.replace(/,[FM]$/, ',X'))];
  const refused = await call('POST', '/api/import_users.php', admin, { csv: bad.join('\n') });
  console.log(
    `a refused file of ${STUDENTS} rows answers ${refused.status} in ${refused.ms.toFixed(0)} ms`,
  );

  const csv = ['First Name,Last Name,Email,Gender', ...rows].join('\n');
  const started = await call('POST', '/api/import_users.php', admin, { csv });
  if (started.status !== 200) throw new Error(`import failed: ${JSON.stringify(started.json)}`);
  console.log(
    `the import of ${STUDENTS} students starts (checked, job made) in ${started.ms.toFixed(0)} ms`,
  );
  const begun = performance.now();
  let done = false;
  const following = (async () => {
    while (!done) {
      const { json } = await call('GET', '/api/import_jobs.php', admin);
      const job = json.jobs.find((j) => j.id === started.json.job_id);
      if (job.status !== 'running') {
        done = true;
        return job;
      }
      await sleep(500);
    }
  })();
  const during = await logins('bench.student', 'bench-student-password', () => done);
  const job = await following;
  console.log(`login during the import (${during.length}): ${stats(during)}`);
  console.log(
    `the import: ${job.status}, ${job.imported} students in ${((performance.now() - begun) / 1000).toFixed(1)} s`,
  );
  console.log(
    `machine: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
} finally {
  child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
