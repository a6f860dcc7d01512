import { z } from 'zod';
import {
  defineSchemas,
  FileRef,
  Id,
  OptionalDay,
  OptionalId,
  Page,
  requiredId,
  SuccessResponse,
  Timestamp,
  text,
} from './common.js';

export const INBOX_PAGE_SIZE = 50;

/** multipart: user_id, subject, description, files[] (the files are checked as they stream). */
export const UploadAssignmentRequest = z.object({
  user_id: requiredId('User ID is missing. Please log in.'),
  subject: text(200, 'Please enter a subject.'),
  description: text(5000).default(''),
  /** New, optional: the student's own assignment this work answers ('' or absent: none). */
  assignment_id: OptionalId,
});

/**
 * Whether a correction has answered a submission yet (docs/decisions.md, "Work that
 * connects"): corrected when a correction names it, or when a correction naming no submission
 * was sent to its student after it arrived (how corrections were sent before they could name one).
 */
export const SUBMISSION_STATES = ['new', 'corrected'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** A student's submission in the admin's inbox (spec section 3), with every file it carries. */
export const InboxItem = z.object({
  id: Id,
  user_id: Id,
  user_name: z.string(),
  subject: z.string(),
  description: z.string(),
  created_at: Timestamp,
  /** The first file (the spec's one file_url); all of them are in `files`. */
  file_url: z.string().nullable(),
  files: z.array(FileRef),
  /** New: the assignment it answers (null: none named, or since deleted) and its title. */
  assignment_id: Id.nullable(),
  assignment_title: z.string().nullable(),
  state: z.enum(SUBMISSION_STATES),
});

export const SendToInboxRequest = z
  .object({
    /** Part of the student's name. */
    q: z.string().trim().max(200).optional(),
    /** New: only one student's. */
    user_id: Id.optional(),
    /** New: new (no correction yet), corrected, or all. */
    state: z
      .enum(['all', ...SUBMISSION_STATES], { error: 'must be all, new or corrected' })
      .default('all'),
    /** New: from this day, and up to and including this day, in the academy's time zone. */
    from: OptionalDay,
    to: OptionalDay,
    page: Page.default(1),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: 'The first day must not be after the last day.',
    path: ['to'],
  });
export const SendToInboxResponse = z.object({
  success: z.literal(true),
  assignments: z.array(InboxItem),
  /** Whether another page follows (a count over every row would be the slowest part). */
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

export const submissionSchemas = defineSchemas({
  uploadAssignment: { request: UploadAssignmentRequest, response: SuccessResponse },
  sendToInbox: { request: SendToInboxRequest, response: SendToInboxResponse },
});
