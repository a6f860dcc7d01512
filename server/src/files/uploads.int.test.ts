import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { type Readable, Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { LocalFileStorage } from '../storage/local-storage.js';
import type { FileStorage } from '../storage/storage.js';
import { createTestApp, type TestApp, type TestUser } from '../test-support/harness.js';
import { samples } from '../test-support/samples.js';

/**
 * Uploads over a real connection, with the app's log captured: a client that goes away in
 * the middle of a file is an everyday event on a phone (a lost signal, a closed tab), logged
 * as one info line; a failure on our side stays an error with its stack.
 */
let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  student = await t.student();
});
afterAll(() => t.close());

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
}

/** The app on a real port with a log it keeps, over this file's database and `storage`. */
async function listening(storage: FileStorage) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app: FastifyInstance = await buildApp({
    config: t.config,
    database: t.database,
    storage,
    logger: { level: 'info', stream },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, lines, port: (app.server.address() as AddressInfo).port };
}

/** The start of an upload_assignment.php request whose file is `fileBytes` long. */
function uploadHead(fileBytes: number) {
  const boundary = 'dropped-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n${student.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="subject"\r\n\r\nOn a train\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="essay.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = Buffer.from(
    'POST /api/upload_assignment.php HTTP/1.1\r\nHost: academy\r\n' +
      `Authorization: Bearer ${student.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${head.length + fileBytes + tail.length}\r\n\r\n`,
  );
  return { request, head, tail };
}

describe('a client that drops mid-upload', () => {
  it('is one info line without a stack, and leaves no file behind', async () => {
    const root = path.join(t.config.DATA_DIR, 'drop-test-files');
    const storage = new LocalFileStorage(root);
    const incoming = path.join(root, '.incoming');
    const { app, lines, port } = await listening(storage);
    try {
      const { request, head } = uploadHead(3_000_000);
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        Buffer.concat([request, head, samples.pdfOfSize(3_000_000).subarray(0, 300_000)]),
      );
      // The file is being written: the client is mid-upload. Then its signal goes.
      await vi.waitFor(() => expect(fs.readdirSync(incoming)).not.toHaveLength(0), {
        timeout: 10_000,
      });
      socket.destroy();

      // What the request logged (not the start-up's lines, which depend on the build).
      const logged = () => lines.filter((l) => 'reqId' in l);
      await vi.waitFor(() => expect(logged()).not.toHaveLength(0), { timeout: 10_000 });
      await vi.waitFor(() => expect(fs.readdirSync(incoming)).toHaveLength(0), {
        timeout: 10_000,
      });
      expect(logged(), JSON.stringify(logged())).toEqual([
        expect.objectContaining({ level: 30, msg: 'The upload broke off before it was complete.' }),
      ]);
      expect(JSON.stringify(logged())).not.toContain('stack');
      const stored: string[] = [];
      for await (const file of storage.list()) stored.push(file.key);
      expect(stored).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a failure of our own storage during an upload stays an error, with its stack', async () => {
    const local = new LocalFileStorage(path.join(t.config.DATA_DIR, 'failing-files'));
    const failing: FileStorage = {
      put: async (_key: string, source: Readable) => {
        source.resume();
        throw new Error('the disk is full');
      },
      read: (key) => local.read(key),
      remove: (key) => local.remove(key),
      exists: (key) => local.exists(key),
      list: () => local.list(),
    };
    const { app, lines, port } = await listening(failing);
    try {
      const { request, head, tail } = uploadHead(samples.pdf.length);
      const answer = await new Promise<string>((resolve, reject) => {
        // Sent whole and kept open (a half-closed socket may be closed before the answer).
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write(Buffer.concat([request, head, samples.pdf, tail])),
        );
        let text = '';
        socket.on('data', (d) => {
          text += d;
          if (/\r\n\r\n/.test(text)) {
            socket.destroy();
            resolve(text);
          }
        });
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 500 /);
      const errors = lines.filter((l) => l.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.err?.stack).toContain('the disk is full');
    } finally {
      await app.close();
    }
  });
});
