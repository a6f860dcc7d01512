import { z } from 'zod';
import { MARKS } from '../roll-rules.js';
import {
  CsvFileResponse,
  defineSchemas,
  Id,
  NoPayload,
  Page,
  SuccessResponse,
  Timestamp,
} from './common.js';
import { Term } from './terms.js';

/** The most students one roll holds: a class far larger than any an academy teaches. */
export const MAX_ROLL_STUDENTS = 500;
export const MAX_ROLL_NOTE = 200;

export const Mark = z.enum(MARKS, { error: 'must be present, late, absent or excused' });
const Standing = z.enum(['fine', 'warning', 'limit', 'over']);

export const GetRollRequest = z.object({ class_session_id: Id });
export const RollStudent = z.object({
  id: Id,
  name: z.string(),
  /** The mark saved; before the roll is taken, present (everyone starts present). */
  mark: Mark,
  note: z.string(),
});
export const GetRollResponse = z.object({
  success: z.literal(true),
  session: z.object({
    id: Id,
    class_id: Id,
    class_name: z.string(),
    session_date: z.string(),
    session_day: z.string(),
    session_time: z.string(),
    cancelled: z.boolean(),
  }),
  /** When it was first taken, and by whom; null until it is. */
  taken_at: Timestamp.nullable(),
  taken_by: z.string().nullable(),
  changed_at: Timestamp.nullable(),
  students: z.array(RollStudent),
});

export const SaveRollRequest = z.object({
  class_session_id: Id,
  /**
   * The marks, one per student. A student of the session left out keeps the mark they have,
   * or is present when they have none: a roll saved with only the absent is a whole roll.
   */
  marks: z
    .array(
      z.object({
        user_id: Id,
        mark: Mark,
        note: z
          .string()
          .trim()
          .max(MAX_ROLL_NOTE, { error: `A note can be at most ${MAX_ROLL_NOTE} characters.` })
          .default(''),
      }),
    )
    .max(MAX_ROLL_STUDENTS, { error: `A roll holds at most ${MAX_ROLL_STUDENTS} students.` })
    .refine((marks) => new Set(marks.map((m) => m.user_id)).size === marks.length, {
      error: 'Each student can have only one mark.',
    }),
});

/** A student's attendance this term (issue 29, point 9): their own, or any for an admin. */
export const GetAttendanceRequest = z.object({ user_id: Id });
export const GetAttendanceResponse = z.object({
  success: z.literal(true),
  /** The current term (issue 30), whose rolls count; null: every roll counts. */
  term: Term.nullable(),
  /** Points earned out of the most the sessions could earn, 0–1; null before any roll. */
  rate: z.number().nullable(),
  /** Absences as the academy counts them (absent marks and whole groups of lates). */
  absences: z.number(),
  standing: Standing,
  warning_at: z.number().nullable(),
  absence_limit: z.number().nullable(),
  counts: z.object({
    present: z.number(),
    late: z.number(),
    absent: z.number(),
    excused: z.number(),
  }),
  /** Every session of the term with a roll, latest first, and the student's mark. */
  sessions: z.array(
    z.object({
      class_session_id: Id,
      class_name: z.string(),
      session_date: z.string(),
      session_day: z.string(),
      session_time: z.string(),
      mark: Mark,
      note: z.string(),
    }),
  ),
});

/**
 * New (issue 29, point 9): a class's attendance this term as a grid: its students (today's
 * members) by the sessions whose roll was taken, each cell a mark or null (not on that roll),
 * and each student's rate and absences over this class's rolls.
 */
export const GetClassAttendanceRequest = z.object({ class_id: Id });
export const GetClassAttendanceResponse = z.object({
  success: z.literal(true),
  class_name: z.string(),
  /** The current term (issue 30), whose rolls count; null: every roll counts. */
  term: Term.nullable(),
  sessions: z.array(
    z.object({
      id: Id,
      session_date: z.string(),
      session_day: z.string(),
      session_time: z.string(),
    }),
  ),
  students: z.array(
    z.object({
      id: Id,
      name: z.string(),
      /** One per session, in the sessions' order. */
      marks: z.array(Mark.nullable()),
      /** New (issue 49, point 8): the roll's note on each mark, in the same order ('' when none). */
      notes: z.array(z.string()),
      rate: z.number().nullable(),
      absences: z.number(),
      standing: Standing,
    }),
  ),
});

export const ATTENDANCE_WARNINGS_PAGE_SIZE = 50;

/**
 * New (issue 29, point 9): the students at or over the academy's warning threshold (or its
 * limit, when there is no warning) this term, most absences first; a teacher's: their
 * classes' students.
 */
export const GetAttendanceWarningsRequest = z.object({ page: Page.default(1) });
export const GetAttendanceWarningsResponse = z.object({
  success: z.literal(true),
  /** The current term (issue 30), whose rolls count; null: every roll counts. */
  term: Term.nullable(),
  warning_at: z.number().nullable(),
  absence_limit: z.number().nullable(),
  students: z.array(
    z.object({
      id: Id,
      name: z.string(),
      /** The student's classes' names, by name. */
      classes: z.array(z.string()),
      absences: z.number(),
      rate: z.number().nullable(),
      standing: Standing,
    }),
  ),
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

export const rollSchemas = defineSchemas({
  getClassAttendance: {
    request: GetClassAttendanceRequest,
    response: GetClassAttendanceResponse,
  },
  exportClassAttendance: { request: GetClassAttendanceRequest, response: CsvFileResponse },
  getAttendanceWarnings: {
    request: GetAttendanceWarningsRequest,
    response: GetAttendanceWarningsResponse,
  },
  exportAttendanceWarnings: { request: NoPayload, response: CsvFileResponse },
  getAttendance: { request: GetAttendanceRequest, response: GetAttendanceResponse },
  getRoll: { request: GetRollRequest, response: GetRollResponse },
  saveRoll: { request: SaveRollRequest, response: SuccessResponse },
});
