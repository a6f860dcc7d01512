import { NOTIFICATIONS_PAGE_SIZE } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { resolveRecipients } from '../../domain/recipients.js';
import { handle, NOT_MODIFIED } from '../../http/call.js';
import { forbidden, notFound } from '../../http/errors.js';
import {
  feedbackNews,
  isStudent,
  listAllNotifications,
  listOwnNotifications,
  markAllOwnRead,
  markFeedbackOpened,
  markOwnRead,
  unreadVersion,
} from './notifications-data.js';
import { sendNotification } from './sending-notifications.js';

export default async function notificationRoutes(app: FastifyInstance) {
  handle(app, 'getNotifications', async ({ db, input, caller, hasVersion }) => {
    // Staff read their own (issue 49: absence warnings); an administrator may read a
    // student's, as the spec's student screens do, but never another staff member's.
    if (input.user_id !== caller.id && !(await isStudent(db, input.user_id)))
      throw forbidden('You can only do this for your own account.');
    const onlyUnread = input.only_unread === '1';
    // The home popup asks every 10 s and the answer rarely changes: the browser's copy is
    // confirmed from the index alone, without reading or sending a single message.
    if (onlyUnread && hasVersion(await unreadVersion(db, input.user_id))) return NOT_MODIFIED;
    return {
      success: true,
      notifications: await listOwnNotifications(db, input.user_id, onlyUnread),
    };
  });

  /** Next or Close in the home popup; a student can only mark their own. */
  handle(app, 'markNotificationRead', async ({ db, now, input, caller }) => {
    if (!(await markOwnRead(db, input.notification_id, caller.id, now())))
      throw notFound('Notification not found.');
    return { success: true };
  });

  /** The student's notifications screen: 'Mark all as read'. Only ever the caller's own. */
  handle(app, 'markAllNotificationsRead', async ({ db, now, caller }) => {
    const marked = await markAllOwnRead(db, caller.id, now());
    return {
      success: true,
      marked,
      message:
        marked === 0
          ? 'There were no unread notifications.'
          : `${marked} ${marked === 1 ? 'notification' : 'notifications'} marked as read.`,
    };
  });

  /** The home's counts on Assignment Results and Skill Builder: feedback not yet opened. */
  handle(app, 'getFeedbackNews', async ({ db, input }) => ({
    success: true,
    ...(await feedbackNews(db, input.user_id)),
  }));

  /** The student opened Assignment Results or Skill Builder: only ever the caller's own. */
  handle(app, 'markFeedbackOpened', async ({ db, now, input, caller }) => {
    await markFeedbackOpened(db, caller.id, input.screen, now());
    return { success: true };
  });

  /** To one student or everyone (the spec), or, new, to several chosen students or a class. */
  handle(app, 'addNotification', async ({ db, now, tell, input, caller, affects }) => {
    const to = await resolveRecipients(db, input, 'Please select a user.');
    await sendNotification(db, to, input.message, caller.id, now, tell);
    affects(to.audience);
    const sent = to.userIds.length;
    return {
      success: true,
      message:
        sent > 1 ? `Notification sent to ${sent} students.` : 'Notification sent successfully!',
    };
  });

  handle(app, 'getAllNotifications', async ({ db, input, caller }) => {
    const { rows, hasMore } = await listAllNotifications(db, {
      status: input.status,
      page: input.page,
      ...(input.user_id ? { userId: input.user_id } : {}),
      ...(input.search ? { search: input.search } : {}),
      within: withinOf(caller),
    });
    return {
      success: true,
      notifications: rows,
      message: rows.length === 0 ? 'No notifications found.' : 'Notifications found.',
      page: input.page,
      page_size: NOTIFICATIONS_PAGE_SIZE,
      has_more: hasMore,
    };
  });
}
