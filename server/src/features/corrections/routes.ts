import { ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { deleteFiles } from '../../files/files-data.js';
import { type AppDeps, handle } from '../../http/call.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findUserById } from '../users/users-data.js';
import { createCorrection, fileIdsOfCorrection, listCorrections } from './corrections-data.js';

type Row = Awaited<ReturnType<typeof listCorrections>>[number];

function withLinks(deps: AppDeps, rows: Row[], callerId: number) {
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    user_name: r.user_name,
    title: r.title,
    description: r.description,
    created_at: r.created_at,
    files: r.files.map((f) => ({
      file_url: deps.fileUrl(f.file_id, callerId),
      file_name: f.file_name,
    })),
  }));
}

export default async function correctionRoutes(app: FastifyInstance) {
  handle(app, 'sendCorrection', async ({ db, now, input, caller, uploads }) => {
    const student = await findUserById(db, input.user_id);
    if (!student || student.role_id !== ROLE_ID.user) throw badRequest('Please select a user.');
    await createCorrection(
      db,
      {
        userId: student.id,
        title: input.title,
        description: input.description,
        files: uploads,
        adminId: caller.id,
      },
      now(),
    );
    return { success: true, message: 'Correction sent successfully' };
  });

  /** The admin's sent corrections; the spec reads an object with a message when there are none. */
  handle(app, 'getCorrections', async ({ db, input, caller }) => {
    const rows = await listCorrections(db, { page: input.page });
    if (rows.length === 0) return { success: false, message: 'No corrections found.' };
    return withLinks(app.deps, rows, caller.id);
  });

  handle(app, 'deleteCorrection', async ({ db, storage, input }) => {
    const fileIds = await fileIdsOfCorrection(db, input.id);
    const result = await db.deleteFrom('corrections').where('id', '=', input.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('Failed to remove assignment.');
    await deleteFiles(db, storage, fileIds);
    return { success: true, message: 'Assignment removed successfully.' };
  });

  /** A student's results (their corrections); a message instead when there are none. */
  handle(app, 'studentsGetCorrections', async ({ db, input, caller }) => {
    const rows = await listCorrections(db, { userId: input.user_id, page: 1 });
    if (rows.length === 0) return { success: false, message: 'No Results found.' };
    return withLinks(app.deps, rows, caller.id);
  });
}
