import { ONLINE_WINDOW_MS } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { formatTimestamp } from '../../db/time.js';
import { handle } from '../../http/call.js';
import { listSeenSince } from '../users/users-data.js';

export default async function activityRoutes(app: FastifyInstance) {
  /** Moves the caller's last-seen time; "online" means seen in the last five minutes. */
  handle(app, 'updateActivity', async ({ now, caller, activity }) => {
    const at = now();
    activity.record(caller.id, at);
    return { success: true, last_seen: formatTimestamp(at) };
  });

  /** Who has been seen in the last five minutes, most recent first. */
  handle(app, 'onlineUsers', async ({ db, now, activity }) => {
    // This instance's pings from the last second count too.
    await activity.flush();
    const rows = await listSeenSince(db, now() - ONLINE_WINDOW_MS);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      last_seen: formatTimestamp(r.last_seen_at ?? 0),
    }));
  });
}
