import { z } from 'zod';
import { defineSchemas, NoPayload } from './common.js';

export const liveSchemas = defineSchemas({
  /** A text/event-stream (contract/src/live.ts); the response schema documents it only. */
  events: {
    request: NoPayload,
    response: z.string().describe('text/event-stream: ready, change and ended events'),
  },
});
