import { z } from 'zod';
import { defineSchemas, Id, NoPayload, Timestamp } from './common.js';

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

/** Users seen in the last five minutes, most recent first. */
export const OnlineUsersResponse = z.array(
  z.object({ id: Id, name: z.string(), last_seen: Timestamp }),
);

export const activitySchemas = defineSchemas({
  updateActivity: { request: UpdateActivityRequest, response: UpdateActivityResponse },
  onlineUsers: { request: NoPayload, response: OnlineUsersResponse },
});
