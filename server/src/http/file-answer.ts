import { ANSWERED_FILE_TYPES } from '@academy/contract/constants';
import type { FileKind } from '@academy/contract/routes';
import type { FastifyReply } from 'fastify';

/**
 * `Content-Disposition` for a file we hand out: an ASCII fallback and the exact name (RFC 6266),
 * so a name in any script survives. `inline` opens in the browser; `attachment` saves.
 */
export function contentDisposition(fileName: string, kind: 'inline' | 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A call's answer that is a file the server made (a route with `file`: a PDF, a spreadsheet):
 * the bytes leave as they are (Fastify sends bytes without the JSON serialiser), labelled with
 * their type, to save under `fileName`. The JSON answers' nosniff and no-store
 * (http/security-headers.ts) stay on it: a report card or a sheet is someone's own data. A
 * refusal before this is JSON, as every call's.
 */
export function answerFile(
  reply: FastifyReply,
  kind: FileKind,
  bytes: Uint8Array,
  fileName: string,
): Uint8Array {
  reply
    .header('content-type', ANSWERED_FILE_TYPES[kind])
    .header('content-length', String(bytes.byteLength))
    .header('content-disposition', contentDisposition(fileName, 'attachment'));
  return bytes;
}
