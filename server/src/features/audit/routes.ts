import { type ImplementedCall, routes } from '@academy/contract';
import { isWrite, type RouteMeta } from '@academy/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handle } from '../../http/call.js';
import { listAuditEntries, recordAdminAction } from './audit-data.js';

const callByPath = new Map(
  Object.entries(routes).map(([name, meta]) => [
    `${meta.method} ${meta.path}`,
    name as ImplementedCall,
  ]),
);

/**
 * Every successful admin write is recorded before its answer leaves: who, which call, on
 * which user, with the payload (secrets hidden). That is every admin call that changes
 * something, and every student call an admin makes for a student (deleting their card,
 * uploading for them). It hangs off the route table, so a new call is audited without anyone
 * remembering to.
 */
export default async function auditRoutes(app: FastifyInstance) {
  handle(app, 'auditLog', async ({ db, input }) => {
    const { entries, nextBeforeId } = await listAuditEntries(db, {
      ...(input.before_id ? { beforeId: input.before_id } : {}),
      ...(input.action ? { action: input.action } : {}),
    });
    return { success: true, entries, next_before_id: nextBeforeId };
  });
}

/**
 * Registered on the root app before the feature routes, so it sees every route as it is
 * added; only the calls that can change something get the hook (the polls, by the thousand a
 * second, get none).
 */
export function installAuditTrail(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const action = route.method === 'POST' ? callByPath.get(`POST ${route.url}`) : undefined;
    if (!action) return;
    const meta: RouteMeta = routes[action];
    // A call on the caller's own session (the activity ping, logout) is never for a student.
    if (meta.access === 'public' || meta.ownSession || !isWrite(meta)) return;
    const existing = route.onSend ?? [];
    route.onSend = [
      ...(Array.isArray(existing) ? existing : [existing]),
      auditOnSend(app, meta, action),
    ];
  });
}

function auditOnSend(app: FastifyInstance, meta: RouteMeta, action: ImplementedCall) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const caller = request.caller;
    if (!caller?.isAdmin || reply.statusCode >= 400) return payload;
    const body = (request.body ?? {}) as { user_id?: unknown };
    const target = typeof body.user_id === 'number' ? body.user_id : null;
    const actsForStudent = meta.access === 'user' && target !== null && target !== caller.id;
    if (meta.access !== 'admin' && !actsForStudent) return payload;
    try {
      await recordAdminAction(app.deps.db, {
        actorId: caller.id,
        actorName: caller.name,
        action,
        targetUserId: target,
        payload: request.body,
        at: app.deps.now(),
      });
    } catch (error) {
      // The change itself succeeded; failing its answer now would invite a retry.
      request.log.error(
        { err: error, action },
        'could not record an admin action in the audit log',
      );
    }
    return payload;
  };
}
