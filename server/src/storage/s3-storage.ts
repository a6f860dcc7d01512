import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  type FileStorage,
  FileTooLargeError,
  STORAGE_KEY,
  StoredFileMissingError,
} from './storage.js';

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /**
   * Put before every key (`academy/` gives `academy/<key>`), so one bucket can hold other
   * things too. A missing trailing slash is added.
   */
  prefix?: string;
  /** Keys per ListObjectsV2 page: S3's most is 1,000; tests use a few to walk several pages. */
  pageSize?: number;
}

/**
 * Files in an S3-compatible bucket (S3, MinIO, Ceph, R2), so every app instance sees the
 * same files. Keys are flat (`<prefix><key>`): object stores need no sharding by folder.
 *
 * A file is collected in memory (at most `maxBytes`, 5 MB) and sent with one PutObject.
 * A PUT is all or nothing, so a refused or failed upload leaves no object behind, and there
 * are no multipart uploads to abandon. The cost is up to 5 MB of memory per upload in flight.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly pageSize: number;

  constructor(options: S3StorageOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    const prefix = options.prefix ?? '';
    this.prefix = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
    this.pageSize = options.pageSize ?? 1000;
  }

  private objectKey(key: string): string {
    // Keys are ours, never a request's; anything else cannot name a stored file.
    if (!STORAGE_KEY.test(key)) throw new StoredFileMissingError(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, source: Readable, maxBytes: number): Promise<number> {
    const objectKey = this.objectKey(key);
    const chunks: Buffer[] = [];
    let size = 0;
    // Leaving the loop by throwing destroys the source, so reading stops at the chunk that
    // crosses the limit; that chunk is not kept, so no more than maxBytes are ever held.
    for await (const chunk of source) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > maxBytes) throw new FileTooLargeError(maxBytes);
      chunks.push(buffer);
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey,
        Body: Buffer.concat(chunks, size),
        ContentLength: size,
      }),
    );
    return size;
  }

  async read(key: string): Promise<Readable> {
    const objectKey = this.objectKey(key);
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }),
      );
      // On Node the SDK answers with the HTTP response itself, a Readable.
      if (!(Body instanceof Readable)) throw new Error(`No readable body for ${objectKey}.`);
      return Body;
    } catch (error) {
      if (isMissingObject(error)) throw new StoredFileMissingError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible stores answer 404.
      if (!isMissingObject(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!STORAGE_KEY.test(key)) return false;
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw error;
    }
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: number }> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          MaxKeys: this.pageSize,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length) ?? '';
        // Anything else under the prefix (another tool's object, a "folder") is not ours.
        if (!STORAGE_KEY.test(key)) continue;
        yield { key, modifiedAt: object.LastModified?.getTime() ?? 0 };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /**
   * Asks for the bucket once at start-up, so a wrong name, endpoint or key stops the start
   * with a message saying which, rather than failing the first upload.
   */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const answered = error instanceof S3ServiceException;
      const status = answered ? error.$metadata.httpStatusCode : undefined;
      const detail = error instanceof Error ? error.message : String(error);
      const why =
        status === 404
          ? 'it does not exist'
          : status === 403 || status === 401
            ? 'access was refused (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
            : answered
              ? `the store answered ${status ?? 'with an error'} (${error.name})`
              : `the store could not be reached (${detail}; check S3_ENDPOINT and S3_REGION)`;
      throw new Error(`The S3 bucket "${this.bucket}" (S3_BUCKET) cannot be used: ${why}.`, {
        cause: error,
      });
    }
  }

  /** Closes the client's kept-alive connections. */
  async close(): Promise<void> {
    this.client.destroy();
  }
}

/**
 * A 404 about the object. GetObject names it NoSuchKey; HeadObject has no body, so its 404 is
 * a bare NotFound. A missing bucket (NoSuchBucket) is a configuration error, not a missing file.
 */
function isMissingObject(error: unknown): boolean {
  return (
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}
