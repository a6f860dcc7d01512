import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ActivityRecorder } from './activity-recorder.js';

declare module '../../http/call.js' {
  interface AppServices {
    /** Last-seen times, written in batches (activity-recorder.ts). */
    activity: ActivityRecorder;
  }
}

/**
 * The activity service: last-seen times. Pending ones are written before the database
 * closes: its onClose was added after the root's, which closes the database, and onClose
 * hooks run last added first.
 */
async function activityService(app: FastifyInstance) {
  const activity = new ActivityRecorder(app.base.db);
  app.decorate('activity', activity);
  app.addHook('onClose', async () => {
    await activity.flush();
  });
}

export default fp(activityService, { name: 'activity', dependencies: [] });
