#!/usr/bin/env node
// npm run bench:recording — how many bytes a minute of recorded speech costs at the bit rate
// the app asks for (contract RECORDING_BITS_PER_SECOND), and at the browser's own default, in
// Chromium with its fake microphone (a steady beep: a worst case for Opus, which spends fewer
// bits on pauses). Both recorders run at once on the same stream for SECONDS seconds (60 by
// default, or the first argument); the figure is scaled to a minute and to the longest answer
// an administrator may allow (SPEAKING_MAX_SECONDS), against the 5 MB upload limit.
import http from 'node:http';
import { chromium } from 'playwright-core';

const SECONDS = Number(process.argv[2] ?? 60);
// The contract's constants (contract/src/constants.ts), kept here so the script needs no build.
const ASKED_BITS_PER_SECOND = 32_000;
const MAX_ANSWER_SECONDS = 300;
const MAX_FILE_BYTES = 5_242_880;
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

// getUserMedia needs a secure context: a page from 127.0.0.1 is one.
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<!doctype html><title>recording bench</title>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const results = await page.evaluate(
    async ({ seconds, types, bitsPerSecond }) => {
      const type = types.find((t) => MediaRecorder.isTypeSupported(t));
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
      const record = (options) =>
        new Promise((resolve) => {
          const recorder = new MediaRecorder(stream, options);
          const chunks = [];
          recorder.ondataavailable = (e) => chunks.push(e.data);
          recorder.onstop = () =>
            resolve({
              mimeType: recorder.mimeType,
              asked: options.audioBitsPerSecond ?? null,
              bytes: chunks.reduce((n, c) => n + c.size, 0),
            });
          recorder.start(1000);
          setTimeout(() => recorder.stop(), seconds * 1000);
        });
      return Promise.all([
        record({ mimeType: type, audioBitsPerSecond: bitsPerSecond }),
        record({ mimeType: type }),
      ]);
    },
    { seconds: SECONDS, types: TYPES, bitsPerSecond: ASKED_BITS_PER_SECOND },
  );
  console.log(`Chromium ${browser.version()}, fake microphone, ${SECONDS} s recorded`);
  for (const r of results) {
    const perMinute = (r.bytes / SECONDS) * 60;
    const longest = (r.bytes / SECONDS) * MAX_ANSWER_SECONDS;
    console.log(
      [
        `${r.mimeType} asked ${r.asked ? `${r.asked / 1000} kbit/s` : 'browser default'}:`,
        `${(perMinute / 1024).toFixed(0)} kB a minute`,
        `(${((r.bytes * 8) / SECONDS / 1000).toFixed(1)} kbit/s);`,
        `${MAX_ANSWER_SECONDS / 60} min = ${(longest / 1048576).toFixed(2)} MB,`,
        `${((longest / MAX_FILE_BYTES) * 100).toFixed(0)}% of the 5 MB limit`,
      ].join(' '),
    );
  }
} finally {
  await browser.close();
  server.close();
}
