import { z } from 'zod';
import { defineSchemas, Timestamp } from './common.js';

/**
 * The spec sends the session token in the body; the Authorization header carries the same
 * token, and the server trusts only the header.
 */
export const UpdateActivityRequest = z.object({
  token: z.string().max(200).optional(),
});

export const UpdateActivityResponse = z.object({
  success: z.literal(true),
  last_seen: Timestamp,
});

export const activitySchemas = defineSchemas({
  updateActivity: { request: UpdateActivityRequest, response: UpdateActivityResponse },
});
