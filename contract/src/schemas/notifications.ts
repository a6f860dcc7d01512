import { z } from 'zod';
import { MAX_NOTIFICATION_LENGTH } from '../constants.js';
import {
  defineSchemas,
  Id,
  IdOrZero,
  NoPayload,
  Page,
  SuccessResponse,
  Timestamp,
} from './common.js';
import { oneRecipientChoice, recipientFields, StudentIds } from './recipients.js';

export const NOTIFICATIONS_PAGE_SIZE = 50;

export const StudentNotification = z.object({
  id: Id,
  message: z.string(),
  created_at: Timestamp,
  is_read: z.union([z.literal(0), z.literal(1)]),
});

export const GetNotificationsRequest = z.object({
  user_id: Id,
  /** '1': only the unread ones (the home popup's poll, every 10 s). */
  only_unread: z.enum(['0', '1']).optional(),
});
export const GetNotificationsResponse = z.object({
  success: z.literal(true),
  notifications: z.array(StudentNotification),
});

export const MarkNotificationReadRequest = z.object({ notification_id: Id });
export const MarkNotificationReadResponse = z.object({ success: z.literal(true) });

/** No payload: only ever the caller's own notifications are marked. */
export const MarkAllNotificationsReadResponse = z.object({
  success: z.literal(true),
  /** How many were unread and are read now. */
  marked: z.number(),
  message: z.string(),
});

/** form: user_id (a student's id, or 'all' for every student), message. */
export const AddNotificationRequest = z
  .object({
    /** One student, or 'all' (the spec's "All Students"); or, new, several or a class. */
    user_id: z.union([Id, z.literal('all')], { error: 'Please select a user.' }).optional(),
    user_ids: StudentIds.optional(),
    class_id: recipientFields('Please select a user.').class_id,
    message: z
      .string({ error: 'Please enter a message.' })
      .trim()
      .min(1, { error: 'Please enter a message.' })
      .max(MAX_NOTIFICATION_LENGTH, {
        error: `The message must be at most ${MAX_NOTIFICATION_LENGTH} characters.`,
      }),
  })
  .superRefine(oneRecipientChoice('Please select a user.'));

export const GetAllNotificationsRequest = z.object({
  /** The spec sends 0: every user's. */
  user_id: IdOrZero.optional(),
  /** Part of the user's name, any case. */
  search: z.string().trim().max(100).optional(),
  status: z
    .enum(['all', 'read', 'unread'], { error: 'must be all, read or unread' })
    .default('all'),
  page: Page.default(1),
});
export const AdminNotification = StudentNotification.extend({ user_id: Id, user_name: z.string() });
export const GetAllNotificationsResponse = z.object({
  success: z.literal(true),
  notifications: z.array(AdminNotification),
  message: z.string(),
  page: z.number(),
  page_size: z.number(),
  /** Whether another page follows (counting a million rows for each page would be slow). */
  has_more: z.boolean(),
});

export const notificationSchemas = defineSchemas({
  getNotifications: { request: GetNotificationsRequest, response: GetNotificationsResponse },
  markNotificationRead: {
    request: MarkNotificationReadRequest,
    response: MarkNotificationReadResponse,
  },
  markAllNotificationsRead: {
    request: NoPayload,
    response: MarkAllNotificationsReadResponse,
  },
  addNotification: { request: AddNotificationRequest, response: SuccessResponse },
  getAllNotifications: {
    request: GetAllNotificationsRequest,
    response: GetAllNotificationsResponse,
  },
});
