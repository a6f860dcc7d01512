import { SENDING_STUDENTS_PAGE_SIZE, SENDINGS_PAGE_SIZE } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { handle } from '../../http/call.js';
import { badRequest, notFound } from '../../http/errors.js';
import { rewriteSentAssignments, sentAssignmentText } from '../assignments/assignments-data.js';
import { dueInstant } from '../assignments/work-fields.js';
import { rewordSentNotifications } from '../notifications/notifications-data.js';
import { findSendingKind, getSending, listSendings, studentsOfSending } from './sendings-data.js';

export default async function sendingRoutes(app: FastifyInstance) {
  handle(app, 'getSendings', async ({ db, input, caller }) => {
    const { sendings, hasMore } = await listSendings(db, input.kind, input.page, withinOf(caller));
    return {
      success: true,
      sendings,
      has_more: hasMore,
      page: input.page,
      page_size: SENDINGS_PAGE_SIZE,
    };
  });

  handle(app, 'getSending', async ({ db, now, input }) => {
    const found = await getSending(
      db,
      input.sending_id,
      { read: input.read, work: input.work, page: input.page },
      now(),
    );
    if (!found) throw notFound('Sent item not found.');
    if (found.sending.kind !== 'assignment' && input.work !== 'all')
      throw badRequest('Only an assignment is handed in: show all students of a notification.');
    const text =
      found.sending.kind === 'assignment'
        ? await sentAssignmentText(db, input.sending_id)
        : undefined;
    return {
      success: true,
      sending: {
        ...found.sending,
        description: text?.description ?? '',
        file_links: text?.file_links ?? [],
      },
      students: found.students,
      has_more: found.hasMore,
      page: input.page,
      page_size: SENDING_STUDENTS_PAGE_SIZE,
    };
  });

  handle(app, 'updateSending', async ({ db, input, settings, affects }) => {
    const kind = await findSendingKind(db, input.sending_id);
    if (!kind) throw notFound('Sent item not found.');
    if (kind === 'assignment') {
      if (!input.title || !input.description)
        throw badRequest('Please enter both title and description.');
      await rewriteSentAssignments(db, input.sending_id, {
        title: input.title,
        description: input.description,
        links: input.file_links ?? [],
        // Absent: the due time stays; null (or ''): it goes; a value: read as send_assignment reads it.
        ...(input.due_at === undefined
          ? {}
          : { dueAt: input.due_at && dueInstant(input.due_at, settings.current.timeZone) }),
      });
    } else {
      if (!input.message) throw badRequest('Please enter a message.');
      if (input.due_at) throw badRequest('Only an assignment has a due date and time.');
      await rewordSentNotifications(db, input.sending_id, input.message);
    }
    affects({ users: await studentsOfSending(db, kind, input.sending_id), admins: true });
    return {
      success: true,
      message: kind === 'assignment' ? 'Assignment updated.' : 'Notification updated.',
    };
  });
}
