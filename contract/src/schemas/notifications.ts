import { z } from 'zod';
import { MAX_NOTIFICATION_LENGTH } from '../constants.js';
import { NOTIFICATION_TOPICS } from '../messages.js';
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

export { NOTIFICATION_TOPICS };
export const NotificationTopic = z.enum(NOTIFICATION_TOPICS);
export type NotificationTopic = z.infer<typeof NotificationTopic>;

/**
 * The student screens that show feedback, and the topics each shows: the home counts what
 * arrived that the student has not opened the screen since. Assignment Results lists
 * corrections and the replies to speaking answers; Skill Builder leads to the speaking
 * question and its reply.
 */
export const FEEDBACK_SCREENS = {
  assignment_results: ['correction', 'spoken_reply'],
  skill_builder: ['spoken_reply', 'skill_mark'],
  /** New (issue 49, point 12): the student's term results, published or changed. */
  results: ['results'],
} as const satisfies Record<string, readonly NotificationTopic[]>;
export type FeedbackScreen = keyof typeof FEEDBACK_SCREENS;

export const StudentNotification = z.object({
  id: Id,
  message: z.string(),
  created_at: Timestamp,
  is_read: z.union([z.literal(0), z.literal(1)]),
  /** New: what it is about, or null for an administrator's message. */
  topic: NotificationTopic.nullable(),
  /** New: the record it names (a reminder's assignment, the correction, the answer, the card). */
  ref_id: Id.nullable(),
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
  /**
   * The spec sends 0: every user's (a teacher's: every one of their students'). Read as no
   * filter, so only a student named is checked against a teacher's classes.
   */
  user_id: IdOrZero.optional().transform((id) => (id === 0 ? undefined : id)),
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

/** The student's own news not yet opened: the home's counts on Assignment Results and Skill Builder. */
export const GetFeedbackNewsResponse = z.object({
  success: z.literal(true),
  /** Corrections and spoken replies that arrived since the student last opened Assignment Results. */
  assignment_results: z.number(),
  /** Spoken replies that arrived since the student last opened Skill Builder. */
  skill_builder: z.number(),
  /** New (issue 49): term results published or changed since the student last opened Results. */
  results: z.number(),
});

/** form: screen, the one the student opened: what it shows is seen, and its notifications read. */
export const MarkFeedbackOpenedRequest = z.object({
  screen: z.enum(['assignment_results', 'skill_builder', 'results'], {
    error: 'must be assignment_results, skill_builder or results',
  }),
});

export const notificationSchemas = defineSchemas({
  getFeedbackNews: { request: z.object({ user_id: Id }), response: GetFeedbackNewsResponse },
  markFeedbackOpened: {
    request: MarkFeedbackOpenedRequest,
    response: z.object({ success: z.literal(true) }),
  },
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
