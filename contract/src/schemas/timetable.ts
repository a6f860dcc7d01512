import { z } from 'zod';
import { defineSchemas, Id, Page, SuccessResponse } from './common.js';

/** A class's timetable (issue 29, point 4): the sessions a weekly pattern made for the class. */
export const TIMETABLE_PAGE_SIZE = 50;

export const ClassSession = z.object({
  id: Id,
  /** YYYY-MM-DD. */
  session_date: z.string(),
  session_day: z.string(),
  session_time: z.string(),
  cancelled: z.boolean(),
  /**
   * Its roll (issue 29): 'taken'; 'due' once the session's day has come (and it is not
   * cancelled); 'not-yet' before that, or for a cancelled session.
   */
  roll: z.enum(['taken', 'due', 'not-yet']),
});

export const GetClassSessionsRequest = z.object({
  class_id: Id,
  /** 'upcoming' (the default): from today on, soonest first; 'past': before today, latest first. */
  when: z.enum(['upcoming', 'past'], { error: 'must be upcoming or past' }).default('upcoming'),
  page: Page.default(1),
});
export const GetClassSessionsResponse = z.object({
  success: z.literal(true),
  sessions: z.array(ClassSession),
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

/** Moves a class session (a new date or time), or cancels it or brings it back. */
export const UpdateClassSessionRequest = z
  .object({
    class_id: Id,
    class_session_id: Id,
    session_date: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The date must be a date, such as 2026-12-07.' })
      .optional(),
    session_time: z
      .string()
      .trim()
      .min(1, { error: 'Please enter a time.' })
      .max(50, { error: 'The time can be at most 50 characters.' })
      .optional(),
    cancelled: z.boolean().optional(),
  })
  .refine(
    (v) =>
      v.session_date !== undefined || v.session_time !== undefined || v.cancelled !== undefined,
    { error: 'Nothing to change: send a new date, a new time or cancelled.' },
  );

export const timetableSchemas = defineSchemas({
  getClassSessions: { request: GetClassSessionsRequest, response: GetClassSessionsResponse },
  updateClassSession: { request: UpdateClassSessionRequest, response: SuccessResponse },
});
