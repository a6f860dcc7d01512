import { z } from 'zod';
import {
  DeleteByIdRequest,
  defineSchemas,
  Id,
  Moment,
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
});

export const GetExamResponse = z.object({
  success: z.boolean(),
  exam: StudentSkillItem.nullable(),
  message: z.string(),
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
});
export const GetListeningResponse = z.object({
  success: z.boolean(),
  listenings: z.array(StudentSkillItem),
  message: z.string(),
});
export const GetStoryResponse = z.object({
  success: z.boolean(),
  stories: z.array(StudentSkillItem),
  message: z.string(),
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
});
export const SkillItemAttemptsRequest = z.object({ item_id: Id });
export const SkillItemAttemptsResponse = z.object({
  success: z.literal(true),
  attempts: z.array(z.object({ user_id: Id, user_name: z.string(), started_at: Timestamp })),
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
});
