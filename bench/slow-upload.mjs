#!/usr/bin/env node
// npm run bench:slow-upload — what a 5 MB upload on a slow phone link needs, against the
// server's limits on slow requests (server/src/http/slow-requests.ts). Starts the built server
// on a fresh SQLite folder, signs a student in, and sends a submission of one 5 MB PDF over
// loopback, throttled to a given rate: written a slice every 100 ms, waiting for the socket
// to drain, after one round trip of latency. Prints how long the upload took and the answer.
//
// BENCH_RATES: the rates to try, in kbit/s, comma-separated (default 400,40: Chrome's "Slow
// 3G" upload, 500 kbit/s × 0.8, and a tenth of it, a link gone to a crawl). BENCH_LATENCY_MS:
// the round trip before the first byte (default 2000, "Slow 3G"'s 400 ms × 5). BENCH_MB: the
// file's size (default 5, the largest file a call takes).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const rates = (process.env.BENCH_RATES ?? '400,40').split(',').map(Number);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 2000);
const fileBytes = Math.round(Number(process.env.BENCH_MB ?? 5) * 1_048_576);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-slow-upload-'));
const adminPassword = 'bench-admin-password';
const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    if (String(chunk).includes('is running at')) resolve();
  });
  server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
});
const base = `http://127.0.0.1:${port}`;

async function login(username, password) {
  const res = await fetch(`${base}/api/login.php`, {
    method: 'POST',
    body: new URLSearchParams({ username, password }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body;
}

const admin = await login('bench-admin', adminPassword);
const studentForm = new FormData();
for (const [key, value] of Object.entries({
  name: 'Slow Phone',
  username: 'slow-phone',
  email: 'slow-phone@example.com',
  password: 'slow-phone-password',
  role_id: '2',
  gender: 'female',
}))
  studentForm.append(key, value);
const added = await fetch(`${base}/api/add-user.php`, {
  method: 'POST',
  headers: { authorization: `Bearer ${admin.token}` },
  body: studentForm,
});
if (!added.ok) throw new Error(`could not add the student: ${await added.text()}`);
const student = await login('slow-phone', 'slow-phone-password');

// A real PDF's start, padded with spaces: the server checks the first bytes, not the name.
const pdfStart = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const pdf = Buffer.concat([pdfStart, Buffer.alloc(fileBytes - pdfStart.length, 0x20)]);
const boundary = '----academy-bench-boundary';
const part = (name, value) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const body = Buffer.concat([
  Buffer.from(
    part('user_id', student.user_id) +
      part('subject', 'Homework from the bus') +
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="homework.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  ),
  pdf,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

/** Sends the upload at `kbps`; the answer's status line and how long it took. */
async function upload(kbps) {
  const bytesPerTick = Math.max(1, Math.round((kbps * 1000) / 8 / 10));
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const started = performance.now();
  await sleep(latencyMs);
  socket.write(
    'POST /api/upload_assignment.php HTTP/1.1\r\n' +
      `Host: 127.0.0.1:${port}\r\nAuthorization: Bearer ${student.token}\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  let sent = 0;
  while (sent < body.length && !socket.destroyed && answer === '') {
    const slice = body.subarray(sent, sent + bytesPerTick);
    sent += slice.length;
    if (!socket.write(slice)) await new Promise((resolve) => socket.once('drain', resolve));
    await sleep(100);
  }
  await closed;
  const seconds = (performance.now() - started) / 1000;
  return { kbps, status: answer.split('\r\n')[0] ?? '(none)', seconds, sentBytes: sent };
}

try {
  console.log(
    `A ${(fileBytes / 1_048_576).toFixed(1)} MB PDF (${body.length} bytes with its form), ${latencyMs} ms of latency first:`,
  );
  for (const kbps of rates) {
    const result = await upload(kbps);
    console.log(
      `  ${String(kbps).padStart(5)} kbit/s: ${result.status} after ${result.seconds.toFixed(1)} s, ${(result.sentBytes / 1_048_576).toFixed(2)} MB sent`,
    );
  }
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
