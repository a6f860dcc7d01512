import { z } from 'zod';
import { defineSchemas, Id, NoPayload } from './common.js';
import { ClassSession } from './timetable.js';

const Count = z.number().int().nonnegative();

/** The dashboard's counts; what each one counts is written in docs/decisions.md. */
export const AdminCountsResponse = z.object({
  success: z.literal(true),
  /** Submissions with no correction sent to their student since they arrived. */
  new_submissions: Count,
  /** Assignments sent and not yet opened by their student. */
  unread_assignments: Count,
  /** Active students seen in the last five minutes (ONLINE_WINDOW_MS). */
  students_online: Count,
  /** Speaking answers with no correction sent to their student since they arrived. */
  waiting_speaking_answers: Count,
});

/** A class session of the day, with its class and how many students hold it. */
export const TodaySession = ClassSession.extend({
  class_id: Id,
  class_name: z.string(),
  students: Count,
});

/**
 * New (issue 29): the teaching day. A teacher's home: their classes' sessions of today (the
 * rolls still to take first) and what their students handed in or said that waits for a
 * correction. An administrator's: every class's.
 */
export const TeachingDayResponse = z.object({
  success: z.literal(true),
  /** YYYY-MM-DD, the academy's today. */
  today: z.string(),
  sessions: z.array(TodaySession),
  /**
   * New (issue 49, point 4): this week's sessions before today (the academy's week, Saturday
   * to Friday) whose roll is not taken and that were not cancelled, by day and time. Always
   * sent; optional for the web, whose teaching day kept offline may be older than it.
   */
  untaken_rolls: z.array(TodaySession).optional(),
  /**
   * New (issue 49, point 1): a teacher's sessions of the six days after today, by day and time,
   * kept on their phone with the day so the app opened offline on one of those days lists its
   * classes and takes their rolls. Sent to teachers only.
   */
  coming_sessions: z.array(TodaySession).optional(),
  new_submissions: Count,
  waiting_speaking_answers: Count,
});

export const dashboardSchemas = defineSchemas({
  getAdminCounts: { request: NoPayload, response: AdminCountsResponse },
  getTeachingDay: { request: NoPayload, response: TeachingDayResponse },
});
