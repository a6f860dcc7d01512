import { z } from 'zod';
import { defineSchemas, NoPayload } from './common.js';

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

export const dashboardSchemas = defineSchemas({
  getAdminCounts: { request: NoPayload, response: AdminCountsResponse },
});
