import { createHash } from 'node:crypto';
import { ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import {
  addDays,
  formatOptionalTimestamp,
  formatTimestamp,
  startOfDayInZone,
} from '../../db/time.js';
import { handle } from '../../http/call.js';
import { notFound } from '../../http/errors.js';
import { matchesVersion } from '../../http/versions.js';
import {
  FEED_TOKEN,
  type FeedWindow,
  feedOf,
  feedRows,
  findFeedHolder,
  makeFeed,
  noteRead,
} from './calendar-data.js';
import { type FeedContext, writeFeed } from './calendar-feed.js';

/** The feed holds the days from this many before the academy's today… */
export const FEED_DAYS_BEFORE = 60;
/** …to this many after it: a year ahead, and a term or so back, keeps a feed small. */
export const FEED_DAYS_AFTER = 365;

/** One answer for an address that never was, one replaced, and one of a deactivated account. */
const NO_SUCH_CALENDAR = 'No such calendar.';

const roleOf = (roleId: number): FeedContext['role'] =>
  roleId === ROLE_ID.admin ? 'admin' : roleId === ROLE_ID.teacher ? 'teacher' : 'student';

/**
 * Each person's private calendar address (issue 31, point 5). The two calls are about the
 * caller's own address; the feed is read by calendar apps, which cannot sign in, so its
 * address is the permission: 256 random bits, of which the server keeps only a hash.
 */
export default async function calendarRoutes(app: FastifyInstance) {
  handle(app, 'getCalendarFeed', async ({ db, caller }) => {
    const feed = await feedOf(db, caller.id);
    return {
      success: true,
      feed: feed
        ? {
            made_at: formatTimestamp(Number(feed.created_at)),
            last_read_at: formatOptionalTimestamp(
              feed.last_read_at === null ? null : Number(feed.last_read_at),
            ),
          }
        : null,
    };
  });

  handle(app, 'renewCalendarFeed', async ({ db, caller, now, request }) => {
    const had = await feedOf(db, caller.id);
    const at = now();
    const token = await makeFeed(db, caller.id, at);
    return {
      success: true,
      // The address the person reached the app at, as the import's sign-in link is made.
      url: `${request.protocol}://${request.host}/api/calendar/${token}.ics`,
      made_at: formatTimestamp(at),
      message: had
        ? 'Your new calendar address is ready. The old one no longer works.'
        : 'Your calendar address is ready.',
    };
  });

  /**
   * GET /api/calendar/<token>.ics: the person's feed, to anyone holding the address (a
   * calendar app). An unknown token, a replaced one and a deactivated account's are the same
   * 404. The answer is text/calendar, compressed when the app accepts it, and labelled with a
   * version (ETag) the app may send back to be told nothing changed (304).
   */
  app.get(
    '/api/calendar/:file',
    {
      schema: { hide: true },
      compress: {
        encodings: ['br', 'gzip'],
        threshold: 1025,
        customTypes: /^text\/calendar(?:;|$)/,
      },
    },
    async (request, reply) => {
      const { file } = request.params as { file?: string };
      const token = /^(.*)\.ics$/.exec(file ?? '')?.[1];
      if (!token || !FEED_TOKEN.test(token)) throw notFound(NO_SUCH_CALENDAR);
      const { db, now, settings, today } = app.deps;
      const holder = await findFeedHolder(db, token);
      if (!holder) throw notFound(NO_SUCH_CALENDAR);

      const { timeZone, academyName } = settings.current;
      const fromDay = addDays(today(), -FEED_DAYS_BEFORE);
      const toDay = addDays(today(), FEED_DAYS_AFTER);
      const window: FeedWindow = {
        fromDay,
        toDay,
        fromMs: startOfDayInZone(fromDay, timeZone),
        toMs: startOfDayInZone(addDays(toDay, 1), timeZone),
      };
      const rows = await feedRows(db, holder, window);
      const body = writeFeed(rows, {
        academyName,
        timeZone,
        origin: `${request.protocol}://${request.host}`,
        host: request.hostname,
        role: roleOf(holder.role_id),
      });
      await noteRead(
        db,
        {
          id: holder.id,
          last_read_at: holder.last_read_at === null ? null : Number(holder.last_read_at),
        },
        now(),
      );

      const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply
        .header('ETag', etag)
        // Personal: never kept by a shared cache; the app asks again each time (and gets a 304).
        .header('Cache-Control', 'private, no-cache');
      if (matchesVersion(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="calendar.ics"')
        .send(body);
    },
  );
}
