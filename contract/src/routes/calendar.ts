import { defineRoutes } from './meta.js';

/**
 * New (issue 31, point 5): each person's private calendar address, which phone calendars
 * subscribe to. The feed itself (GET /api/calendar/<token>.ics) is not a JSON call: calendar
 * apps cannot sign in, so the unguessable address is the permission
 * (server/src/features/calendar/routes.ts). These two calls are about the caller's own address
 * only; nobody, an administrator included, reads or makes another's.
 */
export const calendarRoutes = defineRoutes({
  /** Whether the caller has an address, when it was made and when a calendar last read it. */
  getCalendarFeed: {
    method: 'GET',
    path: '/api/get_calendar_feed.php',
    access: 'user',
    encoding: 'query',
  },
  /**
   * A new address for the caller: the first, or one that replaces theirs (the old one stops
   * working at once). The answer is the only time the address is shown: the server keeps only
   * its hash.
   */
  renewCalendarFeed: {
    method: 'POST',
    path: '/api/renew_calendar_feed.php',
    access: 'user',
    encoding: 'json',
    ownSession: true,
    changes: [],
  },
});
