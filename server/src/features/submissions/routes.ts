import { INBOX_PAGE_SIZE } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { addDays, startOfDayInZone } from '../../db/time.js';
import { handle } from '../../http/call.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isOwnAssignment } from '../assignments/assignments-data.js';
import { createSubmission, listInbox } from './submissions-data.js';

export default async function submissionRoutes(app: FastifyInstance) {
  /** A student hands in their work: a subject and 1–10 files (checked while they streamed). */
  handle(app, 'uploadAssignment', async ({ db, now, input, caller, uploads }) => {
    if (uploads.length === 0) throw badRequest('Please select at least one file.');
    // Only an assignment sent to this student; one that is not is answered like one that does
    // not exist, so nobody learns which ids are someone else's.
    if (
      input.assignment_id !== undefined &&
      !(await isOwnAssignment(db, input.assignment_id, input.user_id))
    )
      throw notFound('That assignment is not one of yours.');
    await createSubmission(
      db,
      {
        userId: input.user_id,
        uploadedBy: caller.id,
        subject: input.subject,
        description: input.description,
        files: uploads,
        assignmentId: input.assignment_id ?? null,
      },
      now(),
    );
    return { success: true, message: 'Assignment submitted successfully.' };
  });

  handle(app, 'sendToInbox', async ({ db, input, caller, fileUrl, settings }) => {
    const zone = settings.current.timeZone;
    const { rows, hasMore } = await listInbox(db, {
      page: input.page,
      state: input.state,
      ...(input.q ? { q: input.q } : {}),
      ...(input.user_id ? { userId: input.user_id } : {}),
      within: withinOf(caller),
      // Days in the academy's time zone: from the first one's midnight to the one after the last.
      ...(input.from ? { from: startOfDayInZone(input.from, zone) } : {}),
      ...(input.to ? { before: startOfDayInZone(addDays(input.to, 1), zone) } : {}),
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
          assignment_id: r.assignment_id,
          assignment_title: r.assignment_title,
          state: r.state,
        };
      }),
    };
  });
}
