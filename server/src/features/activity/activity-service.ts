import type { FastifyInstance } from 'fastify';
import { ActivityRecorder } from './activity-recorder.js';

declare module '../../http/call.js' {
  interface AppDeps {
    /** Last-seen times, written in batches (activity-recorder.ts). */
    activity: ActivityRecorder;
  }
}

/**
 * The activity service, a plugin that adds itself to the handlers' dependencies (the layering
 * rule of docs/decisions.md, "Issue 28, point 4"). Pending last-seen times are written before
 * the database closes: a plugin's onClose runs before the root's, which closes it.
 */
export default async function activityService(app: FastifyInstance) {
  const activity = new ActivityRecorder(app.deps.db);
  app.deps.activity = activity;
  app.addHook('onClose', async () => {
    await activity.flush();
  });
}
