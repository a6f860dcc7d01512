import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The database keeps each file's row (stored_files: name, type,
 * size, storage key); the storage keeps the bytes under the random key. A local folder
 * serves one machine; an S3-compatible bucket serves several (same interface).
 */
export interface FileStorage {
  /**
   * Streams `source` into the storage under `key`. More than `maxBytes` aborts the write,
   * leaves nothing behind and throws FileTooLargeError. Resolves with the size written.
   */
  put(key: string, source: Readable, maxBytes: number): Promise<number>;
  /** The bytes of a stored file; throws StoredFileMissingError if there are none. */
  read(key: string): Promise<Readable>;
  /** Removes a file; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key with its last-modified time (for the start-up sweep of orphans). */
  list(): AsyncIterable<{ key: string; modifiedAt: number }>;
  /**
   * Removes what writes a crash interrupted left behind (a local folder's half-written
   * temporary files); how many. Only while nothing else writes: at start-up, before the
   * server listens. An S3 PUT is all or nothing and leaves nothing, so S3 has none.
   */
  clearUnfinished?(): Promise<number>;
  /** Releases what the storage holds open (an S3 client's connections), when the app closes. */
  close?(): Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

export class StoredFileMissingError extends Error {
  constructor(readonly key: string) {
    super(`No stored file for key ${key}.`);
  }
}

/** Storage keys are ours, never from a request: 32 hex characters. */
export const STORAGE_KEY = /^[0-9a-f]{32}$/;
