import { z } from 'zod';
import {
  defineSchemas,
  FileRef,
  Id,
  MarkFields,
  MarkSchema,
  OptionalId,
  Page,
  requiredId,
  SuccessResponse,
  Timestamp,
  text,
} from './common.js';

export const CORRECTIONS_PAGE_SIZE = 50;

/** multipart: user_id, title, description, file1..file5, and (new) a recorded comment_audio. */
export const SendCorrectionRequest = z.object({
  user_id: requiredId('Please select a user.'),
  title: text(200, 'Please enter a title.'),
  description: text(5000).default(''),
  /** New, optional: the student's submission this correction answers ('' or absent: none). */
  submission_id: OptionalId,
  /** New, optional (issue 30): the mark, and what it is out of. */
  ...MarkFields,
});

/** A correction as the admin's sent list and the student's results show it (spec section 3). */
export const Correction = z.object({
  id: Id,
  user_id: Id,
  user_name: z.string(),
  title: z.string(),
  description: z.string(),
  created_at: Timestamp,
  files: z.array(FileRef),
  /**
   * New: the submission it answers (null: none named, or since deleted), its subject and when
   * it was sent, and the assignment that submission answers.
   */
  submission_id: Id.nullable(),
  submission_subject: z.string().nullable(),
  submission_created_at: Timestamp.nullable(),
  assignment_title: z.string().nullable(),
  /** New: a signed link to the administrator's recorded comment, or null. */
  comment_audio_url: z.string().nullable(),
  /** New (issue 30): the mark the correction gives, or null. */
  mark: MarkSchema.nullable(),
});

/** The spec reads a list, or an object with a message when there is none. */
const ListOrMessage = z.union([
  z.array(Correction),
  z.object({ success: z.literal(false), message: z.string() }),
]);

/** A page of the admin's sent corrections, and whether another follows (the /sent pager). */
export const SentCorrectionsPage = z.object({
  success: z.literal(true),
  corrections: z.array(Correction),
  page: z.number(),
  has_more: z.boolean(),
});

/**
 * Without parameters (the spec's call) the newest 50 as the spec's list, or a message when
 * there are none. With `page` (new), that page in an object that says whether more follow:
 * a bare list has nowhere to say so.
 */
export const GetCorrectionsRequest = z.object({ page: Page.optional() });
export const DeleteCorrectionRequest = z.object({ id: Id });
export const StudentsGetCorrectionsRequest = z.object({ user_id: Id });

export const correctionSchemas = defineSchemas({
  sendCorrection: { request: SendCorrectionRequest, response: SuccessResponse },
  getCorrections: {
    request: GetCorrectionsRequest,
    response: z.union([ListOrMessage, SentCorrectionsPage]),
  },
  deleteCorrection: { request: DeleteCorrectionRequest, response: SuccessResponse },
  studentsGetCorrections: { request: StudentsGetCorrectionsRequest, response: ListOrMessage },
});
