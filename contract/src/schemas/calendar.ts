import { z } from 'zod';
import { defineSchemas, NoPayload, Timestamp } from './common.js';

/**
 * The caller's calendar address (issue 31, point 5), if they have one: when it was made and
 * when a calendar app last read it (null: not yet). The address itself is not here: the
 * server keeps only its hash, so it is shown once, in renewCalendarFeed's answer.
 */
export const GetCalendarFeedResponse = z.object({
  success: z.literal(true),
  feed: z
    .object({
      made_at: Timestamp,
      last_read_at: Timestamp.nullable(),
    })
    .nullable(),
});

/** A new calendar address, shown this once: https://<the app's host>/api/calendar/<token>.ics. */
export const RenewCalendarFeedResponse = z.object({
  success: z.literal(true),
  url: z.string(),
  made_at: Timestamp,
  message: z.string(),
});

export const calendarSchemas = defineSchemas({
  getCalendarFeed: { request: NoPayload, response: GetCalendarFeedResponse },
  renewCalendarFeed: { request: NoPayload, response: RenewCalendarFeedResponse },
});
