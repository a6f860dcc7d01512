import { z } from 'zod';
import { MAX_NOTIFICATION_LENGTH } from '../constants.js';
import { FileLink, MAX_FILE_LINKS, WorkStateField } from './assignments.js';
import { defineSchemas, Id, Moment, Page, SuccessResponse, Timestamp, text } from './common.js';

export const SENDINGS_PAGE_SIZE = 30;
export const SENDING_STUDENTS_PAGE_SIZE = 50;

export const SENDING_KINDS = ['assignment', 'notification'] as const;
export type SendingKind = (typeof SENDING_KINDS)[number];

/**
 * One item sent to many, with how many of its students have read it and, for an assignment,
 * handed in work naming it.
 */
export const Sending = z.object({
  id: Id,
  kind: z.enum(SENDING_KINDS),
  /** Who it went to, in words: a class's name, "3 students" or "Everyone". */
  recipients: z.string(),
  /** The class it went to, while the class exists. */
  class_id: Id.nullable(),
  /** An assignment's title, or a notification's message. */
  title: z.string(),
  created_at: Timestamp,
  total: z.number(),
  read_count: z.number(),
  /** An assignment's students with work naming it handed in; null for a notification. */
  handed_in_count: z.number().nullable(),
  /** An assignment's due instant (every copy has the same); null: none, or a notification. */
  due_at: Timestamp.nullable(),
});

export const GetSendingsRequest = z.object({
  kind: z.enum(SENDING_KINDS, { error: 'must be assignment or notification' }),
  page: Page.default(1),
});
export const GetSendingsResponse = z.object({
  success: z.literal(true),
  sendings: z.array(Sending),
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

export const GetSendingRequest = z.object({
  sending_id: Id,
  /** Only the students who have ('read') or have not ('unread') read it. */
  read: z.enum(['all', 'read', 'unread'], { error: 'must be all, read or unread' }).default('all'),
  /**
   * An assignment's students who have ('handed_in') or have not ('not_handed_in') handed in
   * work naming it; a notification takes only 'all'.
   */
  work: z
    .enum(['all', 'handed_in', 'not_handed_in'], {
      error: 'must be all, handed_in or not_handed_in',
    })
    .default('all'),
  page: Page.default(1),
});
export const SendingStudent = z.object({
  user_id: Id,
  name: z.string(),
  is_read: z.union([z.literal(0), z.literal(1)]),
  read_at: Timestamp.nullable(),
  /** An assignment's: when the student's first work naming it arrived; null: none yet. */
  submitted_at: Timestamp.nullable(),
  /** An assignment's: due, overdue, submitted or late (the server's rule); null otherwise. */
  work_state: WorkStateField,
});
export const GetSendingResponse = z.object({
  success: z.literal(true),
  sending: Sending.extend({
    /** An assignment's description (its deadline); empty for a notification. */
    description: z.string(),
    file_links: z.array(z.object({ title: z.string(), url: z.string() })),
  }),
  students: z.array(SendingStudent),
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

/**
 * The new text of a sent item: an assignment's title, description, links and due time, or a
 * notification's message. Every student's copy changes; read states stay.
 */
export const UpdateSendingRequest = z.object({
  sending_id: Id,
  title: text(200).optional(),
  description: text(5000).optional(),
  file_links: z
    .array(FileLink)
    .max(MAX_FILE_LINKS, { error: `At most ${MAX_FILE_LINKS} links.` })
    .optional(),
  message: text(MAX_NOTIFICATION_LENGTH).optional(),
  /**
   * An assignment's new due date and time, read as send_assignment reads it; '' or null
   * removes the due time; absent keeps it (a client that does not know the field changes
   * nothing).
   */
  due_at: z.preprocess((value) => (value === '' ? null : value), Moment.nullable().optional()),
});

export const sendingSchemas = defineSchemas({
  getSendings: { request: GetSendingsRequest, response: GetSendingsResponse },
  getSending: { request: GetSendingRequest, response: GetSendingResponse },
  updateSending: { request: UpdateSendingRequest, response: SuccessResponse },
});
