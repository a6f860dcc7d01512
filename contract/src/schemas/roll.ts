import { z } from 'zod';
import { MARKS } from '../roll-rules.js';
import { defineSchemas, Id, SuccessResponse, Timestamp } from './common.js';

/** The most students one roll holds: a class far larger than any an academy teaches. */
export const MAX_ROLL_STUDENTS = 500;
export const MAX_ROLL_NOTE = 200;

export const Mark = z.enum(MARKS, { error: 'must be present, late, absent or excused' });

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
  /** The day the term began (absences count from it); null: every roll counts. */
  term_starts: z.string().nullable(),
  /** Points earned out of the most the sessions could earn, 0–1; null before any roll. */
  rate: z.number().nullable(),
  /** Absences as the academy counts them (absent marks and whole groups of lates). */
  absences: z.number(),
  standing: z.enum(['fine', 'warning', 'limit', 'over']),
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

export const rollSchemas = defineSchemas({
  getAttendance: { request: GetAttendanceRequest, response: GetAttendanceResponse },
  getRoll: { request: GetRollRequest, response: GetRollResponse },
  saveRoll: { request: SaveRollRequest, response: SuccessResponse },
});
