import { z } from 'zod';
import { defineSchemas, Id, Timestamp } from './common.js';

export const AUDIT_PAGE_SIZE = 50;

export const AuditLogRequest = z.object({
  /** Only entries older than this id (the next page). */
  before_id: Id.optional(),
  /** Only this call (its contract name). */
  action: z.string().trim().max(60).optional(),
});

export const AuditEntry = z.object({
  id: Id,
  actor_name: z.string(),
  /**
   * New (issue 49, point 6): what the actor was when they made the change, an administrator
   * or a teacher; null when it is not known (an entry older than the role's keeping whose
   * actor is gone).
   */
  actor_role: z.enum(['admin', 'teacher']).nullable(),
  action: z.string(),
  target_user_id: z.number().nullable(),
  /** The name the user has now, or, once they are deleted, the name the entry kept. */
  target_user_name: z.string().nullable(),
  /** The user the entry is about has been deleted since (their page is gone). */
  target_user_deleted: z.boolean(),
  /** The payload as JSON (secrets hidden, files as '[file]'), cut to 2,000 characters. */
  details: z.string(),
  /**
   * What the change was about, by name, while it still exists: an assignment's or a
   * correction's title, a card's front, a notification's message, an item's title, a question.
   */
  subject: z.string().nullable(),
  /** The students the payload lists (an item's `student_ids`), by name, in its order. */
  student_names: z.array(z.string()),
  created_at: Timestamp,
});

export const AuditLogResponse = z.object({
  success: z.literal(true),
  entries: z.array(AuditEntry),
  /** The id to ask for the next page with, or null on the last page. */
  next_before_id: z.number().nullable(),
});

export const auditSchemas = defineSchemas({
  auditLog: { request: AuditLogRequest, response: AuditLogResponse },
});
