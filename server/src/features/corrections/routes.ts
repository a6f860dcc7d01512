import { MAX_CORRECTION_FILES, ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { markOfInput } from '../../domain/marks.js';
import { findUserById } from '../../domain/people.js';
import { type AppDeps, handle } from '../../http/call.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { removeCorrection } from './correction-commands.js';
import {
  type CorrectionRow,
  createCorrection,
  listCorrections,
  submissionOwner,
} from './corrections-data.js';

function withLinks(fileUrl: AppDeps['fileUrl'], rows: CorrectionRow[], callerId: number) {
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    user_name: r.user_name,
    title: r.title,
    description: r.description,
    created_at: r.created_at,
    files: r.files.map((f) => ({
      file_url: fileUrl(f.file_id, callerId),
      file_name: f.file_name,
    })),
    submission_id: r.submission_id,
    submission_subject: r.submission_subject,
    submission_created_at: r.submission_created_at,
    assignment_title: r.assignment_title,
    comment_audio_url: r.comment_file_id === null ? null : fileUrl(r.comment_file_id, callerId),
    mark: r.mark,
  }));
}

export default async function correctionRoutes(app: FastifyInstance) {
  handle(app, 'sendCorrection', async ({ db, now, tell, input, caller, uploads }) => {
    const student = await findUserById(db, input.user_id);
    if (!student || student.role_id !== ROLE_ID.user) throw badRequest('Please select a user.');
    if (
      input.submission_id !== undefined &&
      (await submissionOwner(db, input.submission_id)) !== student.id
    )
      throw badRequest("The submission is not one of this student's.");
    const mark = markOfInput(input);
    const comments = uploads.filter((f) => f.field === 'comment_audio');
    const files = uploads.filter((f) => f.field !== 'comment_audio');
    // The parser counts the comment among the files; the spec's five slots stay five.
    if (files.length > MAX_CORRECTION_FILES)
      throw new HttpError(413, 'You can send at most 5 files.');
    if (comments.length > 1) throw new HttpError(413, 'Please record one comment.');
    await createCorrection(
      db,
      {
        userId: student.id,
        title: input.title,
        description: input.description,
        files,
        comment: comments[0],
        adminId: caller.id,
        submissionId: input.submission_id ?? null,
        mark,
      },
      now(),
      tell,
    );
    return { success: true, message: 'Correction sent successfully' };
  });

  /**
   * The admin's sent corrections. The spec's call (no page) reads the list, or an object with
   * a message when there are none; with a page, the /sent pager's object with has_more.
   */
  handle(app, 'getCorrections', async ({ db, fileUrl, input, caller }) => {
    const { rows, hasMore } = await listCorrections(db, {
      page: input.page ?? 1,
      within: withinOf(caller),
    });
    if (input.page !== undefined)
      return {
        success: true,
        corrections: withLinks(fileUrl, rows, caller.id),
        page: input.page,
        has_more: hasMore,
      };
    if (rows.length === 0) return { success: false, message: 'No corrections found.' };
    return withLinks(fileUrl, rows, caller.id);
  });

  handle(app, 'deleteCorrection', async (ctx) => {
    const deleted = await removeCorrection(ctx, ctx.input.id);
    if (deleted === null) throw notFound('Failed to remove assignment.');
    ctx.affects({ users: [deleted.studentId], admins: true });
    return { success: true, message: 'Assignment removed successfully.' };
  });

  /** All of a student's results (their corrections); a message instead when there are none. */
  handle(app, 'studentsGetCorrections', async ({ db, fileUrl, input, caller }) => {
    const { rows } = await listCorrections(db, { userId: input.user_id });
    if (rows.length === 0) return { success: false, message: 'No Results found.' };
    return withLinks(fileUrl, rows, caller.id);
  });
}
