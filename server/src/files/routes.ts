import { ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { findLinkHolder } from '../auth/user-checks.js';
import { forbidden, notFound } from '../http/errors.js';
import { contentDisposition } from '../http/file-answer.js';
import { extensionOfMime } from '../storage/file-types.js';
import { StoredFileMissingError } from '../storage/storage.js';
import { storedFileName } from './file-names.js';
import { findStoredFile, isUnstartedItemFile } from './files-data.js';
import { checkFileLink } from './signing.js';

const LINK_NOT_VALID = 'This download link is not valid.';

const disposition = (fileName: string) => contentDisposition(fileName, 'inline');

/**
 * GET /api/files/<id>?exp=…&u=…&sig=…: a signed, expiring link is the permission (a new tab
 * cannot send a token). The user it was signed for must still be active. Nothing from the
 * request reaches the file system: the id finds a row, the row holds our own storage key.
 */
export default async function fileRoutes(app: FastifyInstance) {
  // Stored files are sent as they are (most are compressed formats already).
  app.get('/api/files/:id', { schema: { hide: true }, compress: false }, async (request, reply) => {
    const { id } = request.params as { id?: string };
    const query = request.query as Record<string, unknown>;
    const fields = [id, query.exp, query.u, query.sig];
    if (
      !fields.every((v) => typeof v === 'string') ||
      !/^\d{1,10}$/.test(id ?? '') ||
      !/^\d{1,12}$/.test(String(query.exp)) ||
      !/^\d{1,10}$/.test(String(query.u)) ||
      !/^[A-Za-z0-9_-]{1,100}$/.test(String(query.sig))
    ) {
      throw forbidden(LINK_NOT_VALID);
    }
    const { db, now, storage, signingSecret } = app.deps;
    const link = {
      fileId: Number(id),
      expires: Number(query.exp),
      userId: Number(query.u),
      signature: String(query.sig),
    };
    const check = checkFileLink(signingSecret, link, now());
    if (check === 'bad-signature') throw forbidden(LINK_NOT_VALID);
    if (check === 'expired')
      throw forbidden('This download link has expired. Open the list again for a fresh one.');

    const user = await findLinkHolder(db, link.userId);
    if (user?.is_active !== 1) throw forbidden(LINK_NOT_VALID);
    if (user.role_id !== ROLE_ID.admin && (await isUnstartedItemFile(db, link.fileId, link.userId)))
      throw forbidden('This file opens once you have started it.');
    const file = await findStoredFile(db, link.fileId);
    if (!file) throw notFound('File not found.');

    let body: Awaited<ReturnType<typeof storage.read>>;
    try {
      body = await storage.read(file.storage_key);
    } catch (error) {
      if (error instanceof StoredFileMissingError) {
        request.log.error({ fileId: file.id }, 'a stored file has a row but no bytes');
        throw notFound('File not found.');
      }
      throw error;
    }
    return (
      reply
        .header('Content-Type', file.mime_type)
        .header('Content-Length', String(file.size_bytes))
        // Names are cleaned when stored (and those stored before, by migration 0007); the name
        // a computer saves the file under is cleaned once more, in case a row escaped both.
        .header(
          'Content-Disposition',
          disposition(storedFileName(file.file_name, extensionOfMime(file.mime_type))),
        )
        .header('Cache-Control', 'private, max-age=600')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body)
    );
  });
}
