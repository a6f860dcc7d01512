import { z } from 'zod';
import {
  defineSchemas,
  Id,
  Moment,
  OwnUser,
  Page,
  SuccessResponse,
  Timestamp,
  text,
} from './common.js';
import { oneRecipientChoice, recipientFields } from './recipients.js';

/**
 * Where a student's work on an assignment stands (docs/decisions.md, "Work that connects"):
 * due (not handed in, the due time not passed), overdue (not handed in, passed), submitted
 * (handed in by the due time, or handed in where there is none), late (handed in after it).
 * Null: no due time and nothing handed in.
 */
export const WORK_STATES = ['due', 'overdue', 'submitted', 'late'] as const;
export type WorkState = (typeof WORK_STATES)[number];
export const WorkStateField = z.enum(WORK_STATES).nullable();

/**
 * An assignment's optional due date and time, on the academy's clock unless it names a zone
 * (common.ts, Moment). Blank or absent: no due time (send_assignment's field).
 */
export const DueAt = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  Moment.optional(),
);

export const ASSIGNMENTS_PAGE_SIZE = 50;
export const MAX_FILE_LINKS = 20;

/** A link the admin attaches: a title and an http(s) URL (never javascript: or the like). */
export const FileLink = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: 'Each link needs a title.' })
    .max(200, { error: 'A link title must be at most 200 characters.' }),
  url: z
    .string()
    .trim()
    .max(2000, { error: 'A link must be at most 2000 characters.' })
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), {
      error: 'Each link must be an http:// or https:// address.',
    }),
});

/**
 * file_links arrive as a JSON list inside the multipart form. Entries left completely empty
 * (the form starts with one) are dropped.
 */
const FileLinksJson = z
  .union([z.string(), z.array(z.unknown())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return [];
    let list: unknown = value;
    if (typeof value === 'string') {
      try {
        list = JSON.parse(value);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'The file links must be a JSON list of {title, url}.',
        });
        return z.NEVER;
      }
    }
    if (!Array.isArray(list)) {
      ctx.addIssue({
        code: 'custom',
        message: 'The file links must be a JSON list of {title, url}.',
      });
      return z.NEVER;
    }
    const filled = list.filter((entry) => {
      const e = entry as { title?: unknown; url?: unknown } | null;
      return !(
        e &&
        typeof e === 'object' &&
        !String(e.title ?? '').trim() &&
        !String(e.url ?? '').trim()
      );
    });
    const parsed = z
      .array(FileLink)
      .max(MAX_FILE_LINKS, { error: `At most ${MAX_FILE_LINKS} links.` })
      .safeParse(filled);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? 'The links are not valid.',
      });
      return z.NEVER;
    }
    return parsed.data;
  });

export const SendAssignmentRequest = z
  .object({
    ...recipientFields('Please select a user.'),
    title: text(200).default(''),
    description: text(5000).default(''),
    file_links: FileLinksJson,
    /** New, optional: when the work is due, beside the description the spec shows as the deadline. */
    due_at: DueAt,
  })
  .refine((v) => v.title !== '' && v.description !== '', {
    error: 'Please enter both title and description.',
  })
  .superRefine(oneRecipientChoice('Please select a user.'));

/**
 * New, in both lists (and the student's page): the due time, the first work handed in for it,
 * and where it stands.
 */
export const WorkFields = {
  /** The due instant, 'YYYY-MM-DD HH:MM:SS' in UTC like every timestamp; null: none. */
  due_at: Timestamp.nullable(),
  /** When the first submission naming this assignment arrived; null: none yet. */
  submitted_at: Timestamp.nullable(),
  work_state: WorkStateField,
};

/** An assignment as the admin sees it (spec section 3). */
export const AdminAssignment = z.object({
  id: Id,
  user_id: Id,
  title: z.string(),
  student_name: z.string(),
  description: z.string(),
  created_at: Timestamp,
  is_read: z.union([z.literal(0), z.literal(1)]),
  read_at: Timestamp.nullable(),
  file_links: z.array(z.object({ title: z.string(), url: z.string() })),
  ...WorkFields,
});

export const GetAssignmentsRequest = z.object({
  /** Only this student's. */
  user_id: Id.optional(),
  read: z.enum(['all', 'read', 'unread'], { error: 'must be all, read or unread' }).default('all'),
  /** Words in the title or description. */
  q: z.string().trim().max(200).optional(),
  page: Page.default(1),
});
export const GetAssignmentsResponse = z.object({
  success: z.literal(true),
  assignments: z.array(AdminAssignment),
  /** Whether another page follows (a count over every row would be the slowest part). */
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

export const MarkAssignmentReadRequest = z.object({ assignment_id: Id, user_id: Id.optional() });
export const RemoveAssignmentRequest = z.object({ assignment_id: Id });

/** An assignment as its student sees it. */
export const StudentAssignment = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  created_at: Timestamp,
  is_read: z.union([z.literal(0), z.literal(1)]),
  file_links: z.array(z.object({ title: z.string(), url: z.string() })),
  ...WorkFields,
});
export const GetUserAssignmentsResponse = z.object({
  success: z.literal(true),
  assignments: z.array(StudentAssignment),
});
export const GetUnreadAssignmentsResponse = z.object({
  success: z.literal(true),
  unread_count: z.number(),
});
export const MarkAssignmentAsReadRequest = z.object({ user_id: Id, assignment_id: Id });

export const assignmentSchemas = defineSchemas({
  sendAssignment: { request: SendAssignmentRequest, response: SuccessResponse },
  getAssignments: { request: GetAssignmentsRequest, response: GetAssignmentsResponse },
  markAssignmentRead: { request: MarkAssignmentReadRequest, response: SuccessResponse },
  removeAssignment: { request: RemoveAssignmentRequest, response: SuccessResponse },
  getUserAssignments: { request: OwnUser, response: GetUserAssignmentsResponse },
  getUnreadAssignments: { request: OwnUser, response: GetUnreadAssignmentsResponse },
  markAssignmentAsRead: { request: MarkAssignmentAsReadRequest, response: SuccessResponse },
});
