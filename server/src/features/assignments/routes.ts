import { ASSIGNMENTS_PAGE_SIZE } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { resolveRecipients } from '../../domain/recipients.js';
import { handle } from '../../http/call.js';
import { notFound } from '../../http/errors.js';
import {
  countUnread,
  listAssignments,
  listOwnAssignments,
  markRead,
  removeAssignment,
  sendAssignment,
} from './assignments-data.js';
import { dueInstant } from './work-fields.js';

export default async function assignmentRoutes(app: FastifyInstance) {
  /** To one student (the spec), or, new, to several chosen students or a class. */
  handle(app, 'sendAssignment', async ({ db, now, input, caller, settings, tell, affects }) => {
    const to = await resolveRecipients(db, input, 'Please select a user.');
    await sendAssignment(
      db,
      to,
      {
        title: input.title,
        description: input.description,
        links: input.file_links,
        adminId: caller.id,
        dueAt: dueInstant(input.due_at, settings.current.timeZone),
      },
      now(),
      tell,
    );
    affects(to.audience);
    return {
      success: true,
      message:
        to.userIds.length > 1
          ? `Assignment sent to ${to.userIds.length} students.`
          : 'Assignment sent successfully!',
    };
  });

  handle(app, 'getAssignments', async ({ db, now, input, caller }) => {
    const { assignments, hasMore } = await listAssignments(
      db,
      {
        read: input.read,
        page: input.page,
        ...(input.user_id ? { userId: input.user_id } : {}),
        ...(input.q ? { q: input.q } : {}),
        within: withinOf(caller),
      },
      now(),
    );
    return {
      success: true,
      assignments,
      has_more: hasMore,
      page: input.page,
      page_size: ASSIGNMENTS_PAGE_SIZE,
    };
  });

  /** A click on a file link in View Assignments marks the assignment read (spec section 4). */
  handle(app, 'markAssignmentRead', async ({ db, now, input, affects }) => {
    const read = await markRead(db, input.assignment_id, now());
    if (!read) throw notFound('Assignment not found.');
    affects({ users: [read.studentId], admins: true });
    return { success: true, message: 'Assignment marked as read.' };
  });

  handle(app, 'removeAssignment', async ({ db, input, affects }) => {
    const studentId = await removeAssignment(db, input.assignment_id);
    if (studentId === null) throw notFound('Failed to remove assignment.');
    affects({ users: [studentId], admins: true });
    return { success: true, message: 'Assignment removed successfully.' };
  });

  handle(app, 'getUserAssignments', async ({ db, now, input }) => ({
    success: true,
    assignments: await listOwnAssignments(db, input.user_id, now()),
  }));

  handle(app, 'getUnreadAssignments', async ({ db, input }) => ({
    success: true,
    unread_count: await countUnread(db, input.user_id),
  }));

  /** Opening the details marks it read; a student can only mark their own. */
  handle(app, 'markAssignmentAsRead', async ({ db, now, input }) => {
    if (!(await markRead(db, input.assignment_id, now(), input.user_id)))
      throw notFound('Assignment not found.');
    return { success: true, message: 'Assignment marked as read.' };
  });
}
