import { type ImplementedCall, routes } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { isWrite, type RouteMeta } from '@academy/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { handle } from '../../http/call.js';
import { listAuditEntries, recordAdminAction, repeatsLastEntry, userName } from './audit-data.js';
import { type PublishedCells, publishedCellsOf, publishedChanges } from './published-scores.js';

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
    const names = new WeakMap<FastifyRequest, string | null>();
    route.preHandler = [...hooks(route.preHandler), nameTheTarget(app, names)];
    const before = new WeakMap<FastifyRequest, PublishedCells>();
    // A score changed after publishing: the cells as they were, read before the save.
    if (action === 'saveResultScores')
      route.preHandler = [...hooks(route.preHandler), readPublishedCells(app, before)];
    route.onSend = [...hooks(route.onSend), auditOnSend(app, meta, action, names, before)];
  });
}

/** Administrators' and teachers' writes are logged, each under the name of who made it. */
const isStaff = (caller: Caller | null) => caller !== null && (caller.isAdmin || caller.isTeacher);

const hooks = <T>(existing: T | T[] | undefined): T[] =>
  existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];

/** The payload's user_id, when it names one. */
const targetOf = (request: FastifyRequest) => {
  const userId = (request.body as { user_id?: unknown } | null)?.user_id;
  return typeof userId === 'number' ? userId : null;
};

/**
 * The name of the user an admin's write is about, read before the handler runs: a deletion
 * removes the row the log would otherwise have read it from.
 */
function nameTheTarget(app: FastifyInstance, names: WeakMap<FastifyRequest, string | null>) {
  return async (request: FastifyRequest) => {
    const target = targetOf(request);
    if (!isStaff(request.caller) || target === null) return;
    names.set(request, await userName(app.deps.db, target));
  };
}

/** The published cells a save of result scores names, as they were (issue 49, point 6). */
function readPublishedCells(app: FastifyInstance, before: WeakMap<FastifyRequest, PublishedCells>) {
  return async (request: FastifyRequest) => {
    if (!isStaff(request.caller)) return;
    const cells = await publishedCellsOf(app.deps.db, request.body);
    if (cells) before.set(request, cells);
  };
}

/**
 * Calls a device may send again for one change (a roll saved offline, its answer lost on the
 * way back): the same payload from the same person right after is the same change, one entry.
 */
const SENT_AGAIN = new Set<ImplementedCall>(['saveRoll']);

function auditOnSend(
  app: FastifyInstance,
  meta: RouteMeta,
  action: ImplementedCall,
  names: WeakMap<FastifyRequest, string | null>,
  before: WeakMap<FastifyRequest, PublishedCells>,
) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const caller = request.caller;
    if (!caller || !isStaff(caller) || reply.statusCode >= 400) return payload;
    const target = targetOf(request);
    const actsForStudent = meta.access === 'user' && target !== null && target !== caller.id;
    if (meta.access === 'user' && !actsForStudent) return payload;
    try {
      const db = app.deps.db;
      const cells = before.get(request);
      const changes = cells ? await publishedChanges(db, cells) : [];
      const entry = {
        actorId: caller.id,
        actorName: caller.name,
        actorRoleId: caller.isAdmin ? ROLE_ID.admin : ROLE_ID.teacher,
        action,
        targetUserId: target,
        targetUserName: names.get(request) ?? null,
        // First, so a long payload cut to the log's size keeps them whole as long as it can.
        payload:
          changes.length > 0
            ? { published_changes: changes, ...(request.body as object) }
            : request.auditDetails
              ? { ...request.auditDetails, ...(request.body as object) }
              : request.body,
        at: app.deps.now(),
      };
      if (SENT_AGAIN.has(action) && (await repeatsLastEntry(db, entry))) return payload;
      await recordAdminAction(db, entry);
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
