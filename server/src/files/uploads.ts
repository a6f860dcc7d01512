import { Readable } from 'node:stream';
import { MAX_FILE_BYTES } from '@academy/contract/constants';
import type { UploadRule } from '@academy/contract/routes';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http/errors.js';
import { needsWholeZip, SNIFF_BYTES, sniffAccepted } from '../storage/file-types.js';
import { newStorageKey } from '../storage/local-storage.js';
import { type FileStorage, FileTooLargeError } from '../storage/storage.js';
import { storedFileName } from './file-names.js';
import { checkRecording } from './recordings.js';

/** A file that has reached storage during this request; its row is written by the handler. */
export interface ReceivedFile {
  field: string;
  storageKey: string;
  fileName: string;
  mimeType: string;
  size: number;
  /** A recording's length in seconds, measured on arrival (fields of the 'audio' kind). */
  seconds?: number;
}

/**
 * Reads the first bytes of a stream without consuming the rest: `head(n)` reads until it has
 * n bytes (or the stream ends), and `whole()` gives back everything, those bytes first.
 */
function peekable(source: Readable) {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let total = 0;
  let ended = false;
  return {
    async head(bytes: number): Promise<Buffer> {
      while (total < bytes && !ended) {
        const next = await iterator.next();
        if (next.done) ended = true;
        else {
          chunks.push(next.value);
          total += next.value.length;
        }
      }
      return Buffer.concat(chunks);
    },
    async *whole(): AsyncIterable<Buffer> {
      yield* chunks;
      while (!ended) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    },
  };
}

/**
 * Streams a multipart request: text fields into an object, files into storage, each checked
 * by its content and cut off past 5 MB while it streams. If anything is refused, the files
 * already stored are removed before the error leaves, so a refused upload leaves nothing.
 * `received` is filled as files land, so the caller can clean up after a later failure too.
 */
export async function receiveUploads(
  request: FastifyRequest,
  rule: UploadRule,
  storage: FileStorage,
  received: ReceivedFile[],
): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = Object.create(null);
  try {
    // The parser lets one byte more than the limit through, so the storage's own cut-off is
    // what refuses an oversize file, before any of it is stored (an S3 upload is never made
    // only to be deleted). The parser's limit still stops a file far over it.
    const parts = request.parts({
      limits: { files: rule.maxFiles, fileSize: MAX_FILE_BYTES + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined
            ? part.value
            : Array.isArray(previous)
              ? [...previous, part.value]
              : [previous, part.value];
        continue;
      }
      const fieldName = part.fieldname.replace(/\[\]$/, '');
      if (!rule.fields.includes(part.fieldname) && !rule.fields.includes(fieldName)) {
        part.file.resume();
        throw badRequest(`${part.fieldname} is not a file field of this call`);
      }
      // An empty file input still sends a part: no name, no bytes. It is not a file.
      const file = peekable(part.file);
      let head = await file.head(SNIFF_BYTES);
      if (head.length === 0 && !part.filename) continue;
      // A field may take another kind than the call's (a correction's recorded comment).
      const own = rule.fieldKinds?.[fieldName];
      const kind = own?.kind ?? rule.kind;
      let type = await sniffAccepted(head, kind);
      if (!type && needsWholeZip(head, kind)) {
        head = await file.head(MAX_FILE_BYTES + 1);
        type = await sniffAccepted(head, kind);
      }
      if (!type) {
        part.file.resume();
        if (part.file.truncated) throw new HttpError(413, rule.messages.tooLarge);
        throw new HttpError(415, own?.wrongType ?? rule.messages.wrongType);
      }
      // A recording is read whole (at most 5 MB) and measured before any of it is stored.
      let seconds: number | undefined;
      if (kind === 'audio') {
        const whole = await file.head(MAX_FILE_BYTES + 1);
        if (whole.length > MAX_FILE_BYTES || part.file.truncated) {
          part.file.resume();
          throw new HttpError(413, rule.messages.tooLarge);
        }
        const recording = await checkRecording(whole, type, own?.maxSeconds ?? rule.maxSeconds);
        seconds = recording.seconds;
        type = recording.type;
      }
      const storageKey = newStorageKey();
      const size = await storage.put(
        storageKey,
        Readable.from(file.whole(), { objectMode: false }),
        MAX_FILE_BYTES,
      );
      // busboy stops at its limit and marks the stream truncated rather than failing it.
      if (part.file.truncated) {
        await storage.remove(storageKey);
        throw new HttpError(413, rule.messages.tooLarge);
      }
      received.push({
        field: fieldName,
        storageKey,
        fileName: storedFileName(part.filename, type.ext),
        mimeType: type.mime,
        size,
        ...(seconds === undefined ? {} : { seconds }),
      });
    }
  } catch (error) {
    await discardFiles(storage, received);
    if (error instanceof FileTooLargeError) throw new HttpError(413, rule.messages.tooLarge);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, rule.messages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, rule.messages.tooMany);
    throw asClientError(error, request);
  }
  return { ...fields };
}

/** Errors a request's stream fails with when its client goes away. */
const CONNECTION_LOST = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/**
 * A request whose multipart body breaks off or is malformed fails inside the parser with a
 * plain Error; that is the client's fault, not ours, so it becomes a 400. So does a client
 * that went away mid-upload (a phone losing its signal): the error handler logs a 400 as one
 * info line, and there is nobody left to answer.
 */
export function asClientError(error: unknown, request: FastifyRequest): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_LOST.has(code) && request.raw.destroyed) {
    return badRequest('The upload broke off before it was complete.');
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status < 500) return error;
  const message = error instanceof Error ? error.message : '';
  if (/unexpected end of|terminated early|malformed|boundary|multipart/i.test(message)) {
    return badRequest('The form data is incomplete or malformed.');
  }
  return error;
}

/** Removes files that never got their rows (a refused or failed request). */
export async function discardFiles(storage: FileStorage, files: ReceivedFile[]): Promise<void> {
  const keys = files.splice(0).map((f) => f.storageKey);
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}
