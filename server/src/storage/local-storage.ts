import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type FileStorage,
  FileTooLargeError,
  STORAGE_KEY,
  StoredFileMissingError,
} from './storage.js';

/** How much of an upload may wait in memory for the disk: a photo (1.2 MB at most) whole. */
const WRITE_BUFFER_BYTES = 2 * 1024 * 1024;

/**
 * Files in a folder under DATA_DIR (never one the web server serves): `ab/abcdef…` so no
 * directory grows past a few thousand entries. A file is written under a temporary name
 * and renamed into place only when complete, so a crash never leaves half a file under a key.
 */
export class LocalFileStorage implements FileStorage {
  private readonly tmp: string;

  constructor(private readonly root: string) {
    this.tmp = path.join(root, '.incoming');
    fs.mkdirSync(this.tmp, { recursive: true });
  }

  private pathOf(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new StoredFileMissingError(key);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, source: Readable, maxBytes: number): Promise<number> {
    const target = this.pathOf(key);
    const temporary = path.join(this.tmp, `${key}.${randomBytes(4).toString('hex')}`);
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(new FileTooLargeError(maxBytes));
        else done(null, chunk);
      },
    });
    try {
      // A file stream's default buffer (16 kB) is full after one chunk of an upload, and then
      // each chunk waits for its own disk write, finished in a later turn of the event loop.
      // While a send to the whole academy writes a slice of students each turn, a 1.2 MB
      // photo's twenty turns took over a second (bench:day with BENCH_BROADCAST=1). With room
      // for the whole photo, the chunks that come meanwhile go to the disk together.
      const file = fs.createWriteStream(temporary, {
        flags: 'wx',
        mode: 0o600,
        highWaterMark: WRITE_BUFFER_BYTES,
      });
      await pipeline(source, limit, file);
      await moveInto(temporary, target);
      return size;
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      await fs.promises.access(file, fs.constants.R_OK);
    } catch {
      throw new StoredFileMissingError(key);
    }
    return fs.createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.promises.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: number }> {
    for (const shard of await fs.promises.readdir(this.root, { withFileTypes: true })) {
      if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
      for (const name of await fs.promises.readdir(path.join(this.root, shard.name))) {
        if (!STORAGE_KEY.test(name)) continue;
        const stat = await fs.promises.stat(path.join(this.root, shard.name, name));
        yield { key: name, modifiedAt: stat.mtimeMs };
      }
    }
  }

  /**
   * Every file in `.incoming/`: a write a kill interrupted never got renamed into place. All
   * of them, whatever their age: called at start-up, when no write of this folder is in flight
   * (the folder belongs to one instance; several instances share a bucket instead).
   */
  async clearUnfinished(): Promise<number> {
    const names = await fs.promises.readdir(this.tmp);
    await Promise.all(
      names.map((name) => fs.promises.rm(path.join(this.tmp, name), { force: true })),
    );
    return names.length;
  }
}

/**
 * Renames a finished file into its folder, making the folder only when the rename finds it
 * missing (the first file under its two-letter prefix): each step is a turn of libuv's four file
 * threads, which an upload waits for behind the other uploads' writes and the disk's flushes,
 * and a folder made on every upload was 7–96 ms of the slowest ones (bench:day, 2,000
 * students with the hour).
 */
async function moveInto(temporary: string, target: string): Promise<void> {
  try {
    await fs.promises.rename(temporary, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(temporary, target);
  }
}

export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}
