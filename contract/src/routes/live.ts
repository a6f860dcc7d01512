import { defineRoutes } from './meta.js';

export const liveRoutes = defineRoutes({
  /** The live stream (contract/src/live.ts): server-sent events, not JSON. */
  events: { method: 'GET', path: '/api/events', access: 'user', encoding: 'query', stream: true },
});
