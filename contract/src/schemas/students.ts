import { z } from 'zod';
import { WorkFields } from './assignments.js';
import { defineSchemas, Id } from './common.js';
import { ScheduleSession } from './schedules.js';
import { SUBMISSION_STATES } from './submissions.js';

/** Each list of the student's page shows at most this many, newest first, and links to its screen. */
export const OVERVIEW_LIST_SIZE = 5;
/**
 * The schedule section shows at most this many sessions: those around the academy's today
 * (contract/src/schedule-now.ts, sessionsAround), in number order.
 */
export const OVERVIEW_SESSIONS_SIZE = 10;

const Count = z.number().int().nonnegative();
const capped = <T extends z.ZodType>(item: T) => z.object({ total: Count, latest: z.array(item) });

export const StudentOverviewRequest = z.object({ user_id: Id });

export const StudentOverviewResponse = z.object({
  success: z.literal(true),
  student: z.object({
    id: Id,
    name: z.string(),
    username: z.string(),
    email: z.string(),
    /** '' when not given (issue 49). */
    gender: z.enum(['male', 'female', '']),
    role_id: z.number(),
    is_active: z.union([z.literal(0), z.literal(1)]),
    /** 'YYYY-MM-DD HH:MM:SS' (UTC), or null if never seen. */
    last_seen: z.string().nullable(),
    created_at: z.string(),
  }),
  /**
   * Attendance as the admin marked it: sessions by the spec's statuses (Held, Missed, Next
   * Session, any case); `other` counts the free-text rest (docs/decisions.md).
   */
  schedule: z.object({
    total: Count,
    held: Count,
    missed: Count,
    next: Count,
    other: Count,
    latest: z.array(ScheduleSession),
  }),
  assignments: capped(
    z.object({
      id: Id,
      title: z.string(),
      description: z.string(),
      created_at: z.string(),
      is_read: z.union([z.literal(0), z.literal(1)]),
      read_at: z.string().nullable(),
      /** Due, overdue, handed in or late, as Sent Items and View Assignments say it (issue 27). */
      ...WorkFields,
    }),
  ).extend({ unread: Count }),
  submissions: capped(
    z.object({
      id: Id,
      subject: z.string(),
      description: z.string(),
      created_at: z.string(),
      files_count: Count,
      /** New or corrected, by the inbox's rule (docs/decisions.md, "Work that connects"). */
      state: z.enum(SUBMISSION_STATES),
      /**
       * The correction that answers it: the one naming it, or else the first naming no
       * submission sent to the student since it arrived; null while it is new.
       */
      correction_id: Id.nullable(),
      correction_title: z.string().nullable(),
    }),
  ),
  corrections: capped(
    z.object({ id: Id, title: z.string(), description: z.string(), created_at: z.string() }),
  ),
  attempts: capped(
    z.object({
      item_id: Id,
      kind: z.enum(['exam', 'reading', 'listening', 'story']),
      title: z.string(),
      started_at: z.string(),
    }),
  ),
  speaking: capped(
    z.object({ id: Id, question_id: Id, question_text: z.string(), created_at: z.string() }),
  ),
});

export const studentSchemas = defineSchemas({
  getStudentOverview: { request: StudentOverviewRequest, response: StudentOverviewResponse },
});
