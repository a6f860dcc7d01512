import { INBOX_PAGE_SIZE } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/call.js';
import { badRequest } from '../../http/errors.js';
import { createSubmission, listInbox } from './submissions-data.js';

export default async function submissionRoutes(app: FastifyInstance) {
  /** A student hands in their work: a subject and 1–10 files (checked while they streamed). */
  handle(app, 'uploadAssignment', async ({ db, now, input, caller, uploads }) => {
    if (uploads.length === 0) throw badRequest('Please select at least one file.');
    await createSubmission(
      db,
      {
        userId: input.user_id,
        uploadedBy: caller.id,
        subject: input.subject,
        description: input.description,
        files: uploads,
      },
      now(),
    );
    return { success: true, message: 'Assignment submitted successfully.' };
  });

  handle(app, 'sendToInbox', async ({ db, input, caller, fileUrl }) => {
    const { rows, hasMore } = await listInbox(db, {
      page: input.page,
      ...(input.q ? { q: input.q } : {}),
    });
    return {
      success: true,
      has_more: hasMore,
      page: input.page,
      page_size: INBOX_PAGE_SIZE,
      assignments: rows.map((r) => {
        const files = r.files.map((f) => ({
          file_url: fileUrl(f.file_id, caller.id),
          file_name: f.file_name,
        }));
        return {
          id: r.id,
          user_id: r.user_id,
          user_name: r.user_name,
          subject: r.subject,
          description: r.description,
          created_at: r.created_at,
          file_url: files[0]?.file_url ?? null,
          files,
        };
      }),
    };
  });
}
