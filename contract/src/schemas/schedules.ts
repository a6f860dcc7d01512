import { z } from 'zod';
import { SESSION_STATUSES, WEEK_DAYS } from '../constants.js';
import { defineSchemas, Id, SuccessResponse, text } from './common.js';

export const MAX_SESSIONS = 300;

/** A session number: a whole number from 1 (text in a form, a number in JSON). */
export const SessionNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, { error: 'must be a whole number from 1' })
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .int()
      .min(1, { error: 'must be at least 1' })
      .max(9999, { error: 'must be at most 9999' }),
  );

/** The student a schedule belongs to: by id, or by the name the spec's calls send. */
const Student = {
  user_id: Id.optional(),
  student_name: z.string().trim().max(100).optional(),
};

const SessionFields = {
  session_day: z.enum(WEEK_DAYS, { error: 'must be a day from Saturday to Friday' }),
  session_date: text(50).default(''),
  session_time: text(50).default(''),
  status: z.enum(SESSION_STATUSES, { error: 'must be Held, Missed or Next Session' }),
};

export const SessionInput = z.object({
  /** Ignored when saving (sessions are matched by number); the spec's client sends it. */
  session_id: z.union([z.number(), z.string()]).optional(),
  session_number: SessionNumber,
  ...SessionFields,
});

export const SaveScheduleRequest = z
  .object({
    ...Student,
    schedule: z
      .array(SessionInput, { error: 'must be a list of sessions' })
      .min(1, { error: 'Please add at least one session.' })
      .max(MAX_SESSIONS, { error: `A schedule can have at most ${MAX_SESSIONS} sessions.` }),
  })
  .refine((v) => new Set(v.schedule.map((s) => s.session_number)).size === v.schedule.length, {
    error: 'Each session number can appear only once.',
  });

export const ScheduleSession = z.object({
  session_id: Id,
  session_number: z.number(),
  session_day: z.string(),
  session_date: z.string(),
  session_time: z.string(),
  status: z.string(),
});

export const GetScheduleRequest = z.object(Student);
export const GetScheduleResponse = z.object({
  status: z.literal('success'),
  student_id: Id,
  student_name: z.string(),
  schedule: z.array(ScheduleSession),
});

export const UpdateScheduleRequest = z.object({
  ...Student,
  /** The session's number before the edit. */
  session_number: SessionNumber,
  /** Its number after the edit (the number itself can be changed). */
  new_session_number: SessionNumber.optional(),
  session_id: z.union([z.number(), z.string()]).optional(),
  ...SessionFields,
});

/** New: one session to delete, by the student and its number. */
export const DeleteSessionRequest = z.object({
  ...Student,
  session_number: SessionNumber,
});

export const ScheduleWriteResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
});

/** A weekly pattern for a class (contract/src/schedule-pattern.ts says what each field means). */
export const SaveClassScheduleRequest = z.object({
  class_id: Id,
  weekdays: z.array(z.enum(WEEK_DAYS, { error: 'must be a day of the week' })).max(7),
  first_date: z.string().trim().max(10),
  count: z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }),
  time: z.string().trim().max(50, { error: 'The time can be at most 50 characters.' }),
});

export const scheduleSchemas = defineSchemas({
  saveSchedule: { request: SaveScheduleRequest, response: ScheduleWriteResponse },
  getSchedule: { request: GetScheduleRequest, response: GetScheduleResponse },
  updateSchedule: { request: UpdateScheduleRequest, response: ScheduleWriteResponse },
  deleteSession: { request: DeleteSessionRequest, response: ScheduleWriteResponse },
  saveClassSchedule: { request: SaveClassScheduleRequest, response: SuccessResponse },
});
