import { z } from 'zod';
import {
  defineSchemas,
  FileRef,
  Id,
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
});

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
});

export const SendToInboxRequest = z.object({
  /** Part of the student's name. */
  q: z.string().trim().max(200).optional(),
  page: Page.default(1),
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
