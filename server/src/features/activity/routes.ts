import type { FastifyInstance } from 'fastify';
import { formatTimestamp } from '../../db/time.js';
import { handle } from '../../http/call.js';

export default async function activityRoutes(app: FastifyInstance) {
  /** Moves the caller's last-seen time; "online" means seen in the last five minutes. */
  handle(app, 'updateActivity', async ({ db, now, caller }) => {
    const at = now();
    await db.updateTable('users').set({ last_seen_at: at }).where('id', '=', caller.id).execute();
    return { success: true, last_seen: formatTimestamp(at) };
  });
}
