import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { type LocalS3, startS3rver } from '../test-support/s3rver.js';
import { LocalFileStorage, newStorageKey } from './local-storage.js';
import { openFileStorage } from './open-storage.js';
import { S3FileStorage } from './s3-storage.js';
import {
  type FileStorage,
  FileTooLargeError,
  STORAGE_KEY,
  StoredFileMissingError,
} from './storage.js';

let s3: LocalS3;
const folders: string[] = [];
const opened: FileStorage[] = [];

beforeAll(async () => {
  s3 = await startS3rver();
}, 30_000);
afterAll(async () => {
  for (const storage of opened) await storage.close?.();
  await s3?.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** Each test gets an empty storage: a fresh folder, or a fresh prefix in the one bucket. */
const implementations: [string, (pageSize?: number) => FileStorage][] = [
  [
    'LocalFileStorage',
    () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-storage-'));
      folders.push(folder);
      return new LocalFileStorage(folder);
    },
  ],
  [
    'S3FileStorage over s3rver',
    (pageSize) => {
      const storage = new S3FileStorage({
        client: s3.client(),
        bucket: s3.bucket,
        prefix: `case-${randomBytes(4).toString('hex')}`,
        ...(pageSize ? { pageSize } : {}),
      });
      opened.push(storage);
      return storage;
    },
  ],
];

/** A stream of `total` bytes in chunks of `chunk`, counting how many bytes were pulled from it. */
function counted(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0 };
  async function* bytes() {
    for (let sent = 0; sent < total; sent += chunk) {
      const piece = randomBytes(Math.min(chunk, total - sent));
      state.pulled += piece.length;
      yield piece;
    }
  }
  return { stream: Readable.from(bytes(), { objectMode: false }), state };
}

async function readAll(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
}

describe.each(implementations)('%s', (_name, make) => {
  it('reads back the bytes it stored, and says how many', async () => {
    const storage = make();
    const key = newStorageKey();
    const content = randomBytes(300_000);
    const size = await storage.put(
      key,
      Readable.from([content.subarray(0, 1000), content.subarray(1000)]),
      5_000_000,
    );
    expect(size).toBe(content.length);
    expect((await readAll(await storage.read(key))).equals(content)).toBe(true);
    expect(await storage.exists(key)).toBe(true);
  });

  it('accepts exactly the limit and an empty file', async () => {
    const storage = make();
    const exact = newStorageKey();
    expect(await storage.put(exact, counted(100_000, 10_000).stream, 100_000)).toBe(100_000);
    const empty = newStorageKey();
    expect(await storage.put(empty, Readable.from([]), 100_000)).toBe(0);
    expect((await readAll(await storage.read(empty))).length).toBe(0);
  });

  it('refuses one byte too many, stops reading at the limit, and leaves nothing behind', async () => {
    const storage = make();
    const key = newStorageKey();
    const source = counted(50_000_000, 16_384);
    await expect(storage.put(key, source.stream, 100_000)).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    // Cut off while streaming: of the 50 MB offered, no more was pulled than the limit, the
    // chunk that crossed it and what the stream itself buffers ahead (16 KiB here).
    expect(source.state.pulled).toBeLessThanOrEqual(100_000 + 4 * 16_384);
    expect(await storage.exists(key)).toBe(false);
    expect(await keysOf(storage)).toEqual([]);

    const justOver = newStorageKey();
    await expect(
      storage.put(justOver, counted(100_001, 100_001).stream, 100_000),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.exists(justOver)).toBe(false);
  });

  it('a source that fails leaves nothing behind', async () => {
    const storage = make();
    const key = newStorageKey();
    async function* failing() {
      yield Buffer.alloc(1000, 1);
      throw new Error('connection reset');
    }
    await expect(storage.put(key, Readable.from(failing()), 100_000)).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.exists(key)).toBe(false);
    expect(await keysOf(storage)).toEqual([]);
  });

  it('reading a missing file throws StoredFileMissingError, and so does a name that is not a key', async () => {
    const storage = make();
    await expect(storage.read(newStorageKey())).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storage.read('../../etc/passwd')).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('removes a file, and removing a missing one is fine', async () => {
    const storage = make();
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('bye')]), 100);
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.read(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.remove(newStorageKey())).resolves.toBeUndefined();
  });

  it('exists is false for a missing key and for a name that is not a key', async () => {
    const storage = make();
    expect(await storage.exists(newStorageKey())).toBe(false);
    expect(await storage.exists('not-a-key')).toBe(false);
  });

  it('lists every stored key, over several pages, with its modification time', async () => {
    const storage = make(2);
    const before = Date.now() - 60_000;
    const keys = Array.from({ length: 5 }, () => newStorageKey());
    for (const key of keys) await storage.put(key, Readable.from([Buffer.from(key)]), 100);
    const listed: { key: string; modifiedAt: number }[] = [];
    for await (const file of storage.list()) listed.push(file);
    expect(listed.map((f) => f.key).sort()).toEqual([...keys].sort());
    for (const file of listed) {
      expect(file.key).toMatch(STORAGE_KEY);
      expect(file.modifiedAt).toBeGreaterThan(before);
      expect(file.modifiedAt).toBeLessThan(Date.now() + 60_000);
    }
  });
});

describe('LocalFileStorage.clearUnfinished', () => {
  it('removes every half-written file, however new, and keeps what was stored', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-storage-'));
    folders.push(folder);
    const storage = new LocalFileStorage(folder);
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('kept')]), 100);
    const incoming = path.join(folder, '.incoming');
    fs.writeFileSync(path.join(incoming, `${newStorageKey()}.0badc0de`), 'half');
    fs.writeFileSync(path.join(incoming, `${newStorageKey()}.1badc0de`), 'another half');
    expect(await storage.clearUnfinished()).toBe(2);
    expect(fs.readdirSync(incoming)).toEqual([]);
    expect(await keysOf(storage)).toEqual([key]);
  });
});

describe('LocalFileStorage folders', () => {
  it('makes a folder only for the first file in it, and again should it go', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-storage-'));
    folders.push(folder);
    const storage = new LocalFileStorage(folder);
    const inFolder = () => `ab${newStorageKey().slice(2)}`;
    const mkdir = vi.spyOn(fs.promises, 'mkdir');
    try {
      const first = inFolder();
      await storage.put(first, Readable.from([Buffer.from('one')]), 100);
      expect(mkdir).toHaveBeenCalledTimes(1);
      const second = inFolder();
      await storage.put(second, Readable.from([Buffer.from('two')]), 100);
      expect(mkdir).toHaveBeenCalledTimes(1);
      fs.rmSync(path.join(folder, 'ab'), { recursive: true });
      const third = inFolder();
      await storage.put(third, Readable.from([Buffer.from('three')]), 100);
      expect(mkdir).toHaveBeenCalledTimes(2);
      expect(await storage.exists(third)).toBe(true);
      expect(fs.readdirSync(path.join(folder, '.incoming'))).toEqual([]);
    } finally {
      mkdir.mockRestore();
    }
  });
});

describe('S3FileStorage in a shared bucket', () => {
  it('keeps its keys under its prefix and lists only its own', async () => {
    const client = s3.client();
    const a = new S3FileStorage({ client, bucket: s3.bucket, prefix: 'shared-a/' });
    const b = new S3FileStorage({ client, bucket: s3.bucket, prefix: 'shared-b' });
    const key = newStorageKey();
    await a.put(key, Readable.from([Buffer.from('mine')]), 100);
    // Someone else's object under the same prefix, and one that is not a key of ours.
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: 'shared-a/notes.txt', Body: 'x' }),
    );
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `shared-a/sub/${newStorageKey()}`,
        Body: 'x',
      }),
    );
    expect(await keysOf(a)).toEqual([key]);
    expect(await keysOf(b)).toEqual([]);
    expect(await b.exists(key)).toBe(false);
    const plain = new S3FileStorage({ client, bucket: s3.bucket });
    expect(await plain.exists(key)).toBe(false);
    client.destroy();
  });
});

describe('openFileStorage', () => {
  const s3Config = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: os.tmpdir(), ...s3.env, ...env });

  it('opens the bucket FILE_STORAGE=s3 names, and a folder by default', async () => {
    const storage = await openFileStorage(s3Config({ S3_PREFIX: 'opened' }));
    opened.push(storage);
    expect(storage).toBeInstanceOf(S3FileStorage);
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('hello')]), 100);
    expect((await readAll(await storage.read(key))).toString()).toBe('hello');

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-storage-'));
    folders.push(folder);
    expect(await openFileStorage(loadConfig({ DATA_DIR: folder }))).toBeInstanceOf(
      LocalFileStorage,
    );
  });

  it.each([
    [
      { S3_BUCKET: 'no-such-bucket' },
      'The S3 bucket "no-such-bucket" (S3_BUCKET) cannot be used: it does not exist.',
    ],
    [
      { S3_ACCESS_KEY_ID: 'NOBODY' },
      'access was refused (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)',
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:1' },
      'The S3 bucket "academy" (S3_BUCKET) cannot be used: the store could not be reached',
    ],
  ])('stops the start on %o with a message saying what is wrong', async (env, message) => {
    const error = await openFileStorage(s3Config(env)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
  });
});
