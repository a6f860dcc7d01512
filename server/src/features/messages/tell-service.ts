import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { guardiansOf, withPush } from '../../domain/audience.js';
import { type Audience, makeTeller, type OutboxSetup, type Tell } from '../../domain/tell.js';
import { choicesOf } from './outbox-data.js';

declare module '../../http/call.js' {
  interface AppServices {
    /**
     * Tells people, in the writer's transaction (domain/tell.ts): bound to the settings in
     * force and the app's clock, handed to every data function that tells someone.
     */
    tell: Tell;
  }
}

/** Who can be reached and how: each person's choices (here) and devices and guardians. */
export const academyAudience: Audience = { choicesOf, withPush, guardiansOf };

/** A teller for this setup and clock (the app's is the tell service's; a seed has its own). */
export function academyTeller(setup: () => OutboxSetup, now: () => number): Tell {
  return makeTeller({ setup, now, audience: academyAudience });
}

/**
 * The tell service (issue 50, point 2): one teller per app, reading the outbox setup of the
 * settings in force at each telling, so a setting saved is obeyed by the next write.
 */
async function tellService(app: FastifyInstance) {
  const { settings } = app;
  app.decorate(
    'tell',
    academyTeller(() => settings.current.outbox, app.base.now),
  );
}

export default fp(tellService, { name: 'tell', dependencies: ['settings'] });
