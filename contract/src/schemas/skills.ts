import { z } from 'zod';
import {
  DeleteByIdRequest,
  defineSchemas,
  Id,
  MarkSchema,
  MarkText,
  Moment,
  OutOfText,
  OwnUser,
  SavedResponse,
  SuccessResponse,
  Timestamp,
  text,
} from './common.js';

export const SKILL_KINDS = ['exam', 'reading', 'listening', 'story'] as const;
export type SkillKind = (typeof SKILL_KINDS)[number];

/** An exam, reading, listening or story as a student sees it (spec section 3). */
export const StudentSkillItem = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  access_start: Timestamp,
  access_end: Timestamp,
  /**
   * The item's file or link; null until this student's start call has succeeded, so the
   * file cannot be read without being recorded as started.
   */
  file_url: z.string().nullable(),
  /** 1 once this student has started it. */
  attempted: z.union([z.literal(0), z.literal(1)]),
  /** 1 while its window is open (new: the page shows the start button then, not before). */
  is_open: z.union([z.literal(0), z.literal(1)]),
  /**
   * New (issue 30): this student's mark on it, out of the item's maximum, once a teacher or an
   * administrator has given one; absent until then, so an unmarked item is the spec's shape.
   */
  mark: MarkSchema.optional(),
});

/**
 * New (issue 30): a mark on one of the student's items of this kind that has ended, so is no
 * longer listed; the page shows them under the current item.
 */
export const PastMark = z.object({
  id: Id,
  title: z.string(),
  access_end: Timestamp,
  mark: MarkSchema,
});
/**
 * The student's marks on ended items of the call's kind, the latest ended first (at most 20);
 * absent when there are none, so the answer is the spec's shape until a mark is given.
 */
const PastMarks = z.array(PastMark).optional();

export const GetExamResponse = z.object({
  success: z.boolean(),
  exam: StudentSkillItem.nullable(),
  message: z.string(),
  past_marks: PastMarks,
});

export const UpdateAttemptedRequest = z.object({ user_id: Id, exam_id: Id });
/** The start call answers with the file to open, so the client need not have kept it. */
export const StartResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  file_url: z.string().nullable(),
});

/**
 * The spec's start calls for readings, listenings and stories send only user_id and start the
 * current item; our client also names the item, so a list that changed meanwhile cannot start
 * the wrong one.
 */
export const UpdateItemAttemptedRequest = z.object({ user_id: Id, item_id: Id.optional() });

export const GetReadingResponse = z.object({
  success: z.boolean(),
  readings: z.array(StudentSkillItem),
  message: z.string(),
  past_marks: PastMarks,
});
export const GetListeningResponse = z.object({
  success: z.boolean(),
  listenings: z.array(StudentSkillItem),
  message: z.string(),
  past_marks: PastMarks,
});
export const GetStoryResponse = z.object({
  success: z.boolean(),
  stories: z.array(StudentSkillItem),
  message: z.string(),
  past_marks: PastMarks,
});

// The admin side.

export const SkillKindField = z.enum(SKILL_KINDS, {
  error: 'must be exam, reading, listening or story',
});

export const ListSkillItemsRequest = z.object({ kind: SkillKindField });
export const AdminSkillItem = z.object({
  id: Id,
  kind: SkillKindField,
  title: z.string(),
  description: z.string(),
  access_start: Timestamp,
  access_end: Timestamp,
  link_url: z.string().nullable(),
  file_name: z.string().nullable(),
  file_url: z.string().nullable(),
  /** Empty: every student. */
  student_ids: z.array(z.number()),
  /** The same students with their names, by name (new: the admin's list shows who). */
  students: z.array(z.object({ id: z.number(), name: z.string() })),
  attempts_count: z.number(),
  /** New (issue 30): what its attempts are marked out of (100 unless set). */
  mark_out_of: z.number(),
});
export const ListSkillItemsResponse = z.object({
  success: z.literal(true),
  items: z.array(AdminSkillItem),
});

const httpUrl = z
  .string()
  .trim()
  .max(2000, { error: 'must be at most 2000 characters' })
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), {
    error: 'must be an http:// or https:// link',
  });

/** The students an item is for, as a JSON list of ids ('[]' or empty: everyone). */
const StudentIds = z
  .union([z.string(), z.array(z.union([z.number(), z.string()]))])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return [];
    let list: unknown = value;
    if (typeof value === 'string') {
      try {
        list = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of student ids' });
        return z.NEVER;
      }
    }
    const parsed = z.array(Id).max(10_000).safeParse(list);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of student ids' });
      return z.NEVER;
    }
    return [...new Set(parsed.data)];
  });

export const SaveSkillItemRequest = z.object({
  /** Absent: a new item. */
  id: Id.optional(),
  kind: SkillKindField,
  title: text(200, 'Please enter a title.'),
  description: text(5000).default(''),
  access_start: Moment,
  access_end: Moment,
  link_url: httpUrl.optional(),
  student_ids: StudentIds,
  /**
   * New (issue 30): what attempts are marked out of, a whole number from 1 to 1000; absent or
   * empty: 100 for a new item, unchanged for an edit. Read with readOutOf.
   */
  mark_out_of: OutOfText.optional(),
});
export const SkillItemAttemptsRequest = z.object({ item_id: Id });
export const SkillItemAttemptsResponse = z.object({
  success: z.literal(true),
  attempts: z.array(
    z.object({
      user_id: Id,
      user_name: z.string(),
      started_at: Timestamp,
      /** New (issue 30): the attempt's mark, out of the item's maximum; null: none yet. */
      mark: MarkSchema.nullable(),
      /** When the mark was last given or changed; null without one. */
      marked_at: Timestamp.nullable(),
    }),
  ),
});

/**
 * New (issue 30): a teacher's or an administrator's mark on a student's attempt at an item,
 * out of the item's maximum, as typed ('85', '85.5', '85,5'); empty takes the mark away.
 * Only an attempt that exists (the student started the item) can be marked.
 */
export const MarkSkillAttemptRequest = z.object({ item_id: Id, user_id: Id, mark: MarkText });
export const MarkSkillAttemptResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  mark: MarkSchema.nullable(),
});

export const skillSchemas = defineSchemas({
  getExam: { request: OwnUser, response: GetExamResponse },
  updateAttempted: { request: UpdateAttemptedRequest, response: StartResponse },
  getReading: { request: OwnUser, response: GetReadingResponse },
  getListening: { request: OwnUser, response: GetListeningResponse },
  getStory: { request: OwnUser, response: GetStoryResponse },
  updateReadingAttempted: { request: UpdateItemAttemptedRequest, response: StartResponse },
  updateListeningAttempted: { request: UpdateItemAttemptedRequest, response: StartResponse },
  updateStoryAttempted: { request: UpdateItemAttemptedRequest, response: StartResponse },
  listSkillItems: { request: ListSkillItemsRequest, response: ListSkillItemsResponse },
  saveSkillItem: { request: SaveSkillItemRequest, response: SavedResponse },
  deleteSkillItem: { request: DeleteByIdRequest, response: SuccessResponse },
  skillItemAttempts: { request: SkillItemAttemptsRequest, response: SkillItemAttemptsResponse },
  markSkillAttempt: { request: MarkSkillAttemptRequest, response: MarkSkillAttemptResponse },
});
