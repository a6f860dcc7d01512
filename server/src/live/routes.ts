import { randomUUID } from 'node:crypto';
import { schemas } from '@academy/contract';
import { LIVE_EVENTS, type LiveReady } from '@academy/contract/live';
import { routes } from '@academy/contract/routes';
import type { FastifyInstance } from 'fastify';
import { guard } from '../http/call.js';
import { HttpError } from '../http/errors.js';
import type { StreamOwner } from './hub.js';

/** How long a browser waits before it reconnects after the stream dropped. */
const RECONNECT_MS = 3_000;

/**
 * GET /api/events: the live stream of a signed-in browser tab (contract/src/live.ts). It is
 * a plain Fastify route behind the same guard as every call: the browser reads it with fetch,
 * so the token travels in the Authorization header, never in a URL. The response is written
 * by hand: server-sent events are a few lines of text, and the hub writes them for all
 * streams at once (one heartbeat timer for ten thousand streams).
 */
export default async function liveRoutes(app: FastifyInstance) {
  const meta = routes.events;
  app.route({
    method: meta.method,
    url: meta.path,
    // The query passes the call's schema as every call's does (a NUL in it is a 400).
    schema: { hide: true, querystring: schemas.events.request },
    // Written by hand and never compressed: each event must pass at once.
    compress: false,
    config: { access: meta.access, errorShape: 'message' },
    onRequest: guard(app, meta.access),
    handler: (request, reply) => {
      const caller = request.caller;
      if (!caller) throw new HttpError(401, 'Your session has ended. Please log in again.');
      const { hub } = app.deps.live;
      // This instance cannot hear the others now: the browser polls until it can.
      if (!hub.isAccepting) throw new HttpError(503, 'Live updates are not available right now.');
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // Never stored, never transformed (compressed) on the way: each event must pass at once.
        'cache-control': 'no-store, no-transform',
        // nginx and its kin buffer responses unless told not to.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        // A stream lasts until one side ends it; its connection goes with it, so a closing
        // server is not kept waiting by connections left idle by ended streams.
        connection: 'close',
      });
      response.flushHeaders();
      const owner: StreamOwner = {
        // Its name, which the tab's writes send back so that their changes are not told to it.
        id: randomUUID(),
        userId: caller.id,
        // Teachers hear what administrators hear: a topic only, and their refetches are
        // narrowed to their classes by each call.
        isStaff: caller.isAdmin || caller.isTeacher,
        isTeacher: caller.isTeacher,
        tokenHash: caller.tokenHash,
        expiresAt: caller.tokenExpiresAt,
      };
      // What changed for its owner before it opened, read in the same turn as it opens: the
      // tab's first opening asks again only that (web/src/app/live-updates.ts).
      const recap = hub.recapFor(owner);
      const ready: LiveReady = { stream: owner.id, ...(recap ? { recap } : {}) };
      response.write(
        `retry: ${RECONNECT_MS}\nevent: ${LIVE_EVENTS.ready}\ndata: ${JSON.stringify(ready)}\n\n`,
      );
      hub.open(owner, response);
    },
  });
}
