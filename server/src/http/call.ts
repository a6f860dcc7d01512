import { type CallResponse, type ImplementedCall, schemas, uploadRules } from '@academy/contract';
import { MAX_FILE_BYTES, MAX_SUBMISSION_FILES } from '@academy/contract/constants';
import { LIVE_STREAM_HEADER, LIVE_UNHEARD_HEADER, type LiveTopic } from '@academy/contract/live';
import {
  type Access,
  type ErrorShape,
  isWrite,
  type ReachKind,
  type RouteMeta,
  routes,
  type UploadRule,
} from '@academy/contract/routes';
import multipart from '@fastify/multipart';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction as HookDone,
} from 'fastify';
import type { z } from 'zod';
import type { Caller } from '../auth/caller.js';
import type { CallerCache } from '../auth/caller-cache.js';
import { bearerToken, findCaller } from '../auth/tokens.js';
import { userExists } from '../auth/user-checks.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { discardFiles, type ReceivedFile, receiveUploads } from '../files/uploads.js';
import type { Audience, Live, Origin } from '../live/live.js';
import type { FileStorage } from '../storage/storage.js';
import { forbidden, notFound, unauthorized } from './errors.js';
import { collectMultipartFields } from './multipart.js';
import { matchesVersion, NOT_MODIFIED, versionHeaders } from './versions.js';

/**
 * What the app stands on before any service: the infrastructure's own, decorated on the app
 * as `base` by buildApp before the services register.
 */
export interface BaseDeps {
  db: Db;
  config: Config;
  /** The clock; tests pass a fixed one. */
  now: () => number;
  storage: FileStorage;
  signingSecret: string;
  /** A download link to a stored file for one user (files/signing.ts). */
  fileUrl: (fileId: number, userId: number) => string;
  /** Who recent tokens belong to (auth/caller-cache.ts). */
  callers: CallerCache;
  /**
   * Whether what a payload field names (a student, a class, a hand-in…) belongs to the classes
   * a teacher teaches (auth/reach.ts); asked before a teacher's call runs.
   */
  reaches: (teacherId: number, kind: ReachKind, value: unknown) => Promise<boolean>;
}

/**
 * What the services add. Each service is a `fastify-plugin` with a name and the services it
 * stands on (Fastify refuses to start when one is registered before a service it names); it
 * decorates the app with its members and declares them here from its own file (`declare
 * module '../../http/call.js'`), so this layer names no feature (docs/decisions.md, "Issue 28,
 * point 4", and "Issue 50, point 3").
 */
export interface AppServices {
  /** Changes told to the live streams, and sessions ended, on every instance (live/live.ts). */
  live: Live;
}

/**
 * What every handler may use: the base and every service's members, put together by buildApp
 * once the services are there.
 */
export interface AppDeps extends BaseDeps, AppServices {}

declare module 'fastify' {
  interface FastifyInstance extends AppServices {
    /** Before the services: what they stand on. */
    base: BaseDeps;
    /** Once the services are there: what the routes' handlers use. */
    deps: AppDeps;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** Files this request stored; removed again if the request fails. */
    uploads: ReceivedFile[] | null;
    /**
     * What a handler adds to its audit entry beside the payload (issue 52: the amounts a void
     * or a charge acted on, which its payload does not carry); undefined: the payload alone.
     */
    auditDetails?: Record<string, unknown>;
  }
  interface FastifyContextConfig {
    access?: Access;
    errorShape?: ErrorShape;
  }
}

type Input<K extends ImplementedCall> = z.output<(typeof schemas)[K]['request']>;
type CallerFor<K extends ImplementedCall> = (typeof routes)[K]['access'] extends 'public'
  ? Caller | null
  : Caller;

export interface CallContext<K extends ImplementedCall> extends AppDeps {
  input: Input<K>;
  caller: CallerFor<K>;
  /** Files received with the request (calls with an upload rule): stored, their rows not yet written. */
  uploads: ReceivedFile[];
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * A conditional GET: labels the answer with `version` (an ETag the browser's cache sends
   * back as If-None-Match) and says whether the caller already has that version, in which
   * case the handler returns NOT_MODIFIED and the answer is an empty 304.
   */
  hasVersion(version: string): boolean;
  /**
   * Who the change concerns, for the live streams, when the call's route declares `changes`:
   * by default the student the payload's user_id names (or the student calling) and every
   * administrator. A handler whose payload does not name the student says it here, and, for
   * a topic only some of them must hear (a roll tells a few of its class: `byTopic`), who.
   */
  affects(audience: Audience, byTopic?: Partial<Record<LiveTopic, Audience>>): void;
}

export { NOT_MODIFIED };

/**
 * Mounts one call of the contract: its path, method and access from the route table, its
 * payload and response schemas, and the handler. The guard runs before the body is read:
 * no token or a bad one is 401; a student at an admin call is 403; and a `user_id` in the
 * payload must be the caller's own unless the caller is an admin (403).
 */
export function handle<K extends ImplementedCall>(
  app: FastifyInstance,
  name: K,
  handler: (ctx: CallContext<K>) => Promise<CallResponse<K> | typeof NOT_MODIFIED>,
): void {
  const meta: RouteMeta = routes[name];
  const schema = schemas[name];
  const upload: UploadRule | undefined = (uploadRules as Partial<Record<string, UploadRule>>)[name];
  const isMultipart = meta.encoding === 'multipart';
  const route = (scope: FastifyInstance) =>
    scope.route({
      method: meta.method,
      url: meta.path,
      config: { access: meta.access, errorShape: meta.errorShape ?? 'message' },
      schema: {
        [meta.method === 'GET' ? 'querystring' : 'body']: schema.request,
        response: { 200: schema.response },
      },
      // Every hook is a cost on every request, and the polling calls come by the thousand:
      // each route has only the hooks it needs.
      ...(meta.access === 'public'
        ? {}
        : {
            onRequest: guard(app, meta.access),
          }),
      ...(isMultipart
        ? {
            preValidation: async (request: FastifyRequest) => {
              if (!request.isMultipart()) return;
              request.uploads = [];
              request.body = upload
                ? await receiveUploads(request, upload, app.deps.storage, request.uploads)
                : await collectMultipartFields(request);
            },
            // A refused or failed request leaves no file behind (validation errors included).
            onError: async (request: FastifyRequest) => {
              if (request.uploads?.length) await discardFiles(app.deps.storage, request.uploads);
            },
          }
        : {}),
      handler: async (request, reply) => {
        const input = (meta.method === 'GET' ? request.query : request.body) as Input<K>;
        const check = request.caller?.isTeacher
          ? checkReach(app.deps, request.caller, meta, input)
          : checkUserId(app.deps, request.caller, meta.access, input);
        if (check) await check;
        // The context inherits the dependencies instead of copying them: a spread of the
        // dependencies into every request's context cost more than a polling call's query.
        const ctx = Object.create(app.deps) as CallContext<K>;
        ctx.input = input;
        ctx.caller = request.caller as CallerFor<K>;
        ctx.uploads = request.uploads ?? [];
        ctx.request = request;
        ctx.reply = reply;
        ctx.hasVersion = (version) => hasVersion(request, reply, version);
        let affected: Audience | undefined;
        let affectedByTopic: Partial<Record<LiveTopic, Audience>> | undefined;
        ctx.affects = (audience, byTopic) => {
          affected = audience;
          affectedByTopic = byTopic;
        };
        // Asked before the read, so that a stream opening during it counts as not yet listening.
        const caller = request.caller;
        if (!meta.changes && caller && !app.deps.live.hub.listensFor(caller.id, caller.tokenHash))
          reply.header(LIVE_UNHEARD_HEADER, '1');
        const answer = await handler(ctx);
        // 304 is no call's documented answer, so the typed reply does not offer it.
        if (answer === NOT_MODIFIED) return (reply as FastifyReply).code(304).send();
        // The handler wrote the rows: the files are kept.
        request.uploads = null;
        if (meta.changes) {
          const audience = affected ?? concerned(input, ctx.caller);
          const origin = originOf(request);
          for (const topic of meta.changes)
            await app.deps.live.publish(topic, affectedByTopic?.[topic] ?? audience, origin);
        }
        return answer;
      },
    });

  if (!isMultipart) {
    route(app);
    return;
  }
  // The multipart parser adds hooks to every route of its context; it lives in a context of
  // its own with just this route.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_FILE_BYTES,
        files: MAX_SUBMISSION_FILES,
        fields: 50,
        fieldSize: 100_000,
        parts: 100,
      },
    });
    route(scope);
  });
}

/**
 * The hook that derives the caller from the request's token before anything else is read:
 * 401 without a valid token, 403 for a student at an admin or staff call, and for a teacher
 * at an admin call. Callback style: a token
 * this instance has just seen is admitted without a promise or a tick.
 */
export function guard(app: FastifyInstance, access: Access) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    const admit = (caller: Caller | null) => {
      request.caller = admitted(caller, access);
    };
    try {
      const found = callerOf(app.deps, request);
      if (!(found instanceof Promise)) {
        admit(found);
        done();
        return;
      }
      found.then(admit).then(() => done(), done);
    } catch (error) {
      done(error as Error);
    }
  };
}

/** Who a change concerns unless its handler said: the student it names, and the administrators. */
function concerned(input: unknown, caller: Caller | null): Audience {
  const userId = (input as { user_id?: unknown } | null)?.user_id;
  if (typeof userId === 'number') return { users: [userId], admins: true };
  return { users: caller && !caller.isAdmin ? [caller.id] : [], admins: true };
}

/**
 * The live stream of the tab that wrote, which has put the change on its own screens: named
 * by the request, and skipped only if it belongs to the caller's own session.
 */
function originOf(request: FastifyRequest): Origin | undefined {
  const stream = request.headers[LIVE_STREAM_HEADER];
  const { caller } = request;
  return typeof stream === 'string' && caller ? { stream, tokenHash: caller.tokenHash } : undefined;
}

/** Labels the answer with its version; whether the caller already has that version. */
function hasVersion(request: FastifyRequest, reply: FastifyReply, version: string): boolean {
  const headers = versionHeaders(version);
  reply.headers(headers);
  return matchesVersion(request.headers['if-none-match'], headers.etag);
}

/** Who the request's token belongs to (null: no token, or not a valid one). */
function callerOf(deps: AppDeps, request: FastifyRequest): Caller | null | Promise<Caller | null> {
  const token = bearerToken(request.headers.authorization);
  return token ? findCaller(deps.db, token, deps.now(), deps.callers) : null;
}

function admitted(caller: Caller | null, access: Access): Caller {
  if (!caller) throw unauthorized('Your session has ended. Please log in again.');
  if (access === 'admin' && !caller.isAdmin) throw forbidden('Only administrators can do this.');
  if (access === 'staff' && !caller.isAdmin && !caller.isTeacher)
    throw forbidden('Only administrators and teachers can do this.');
  return caller;
}

/** The one answer to a teacher naming anything outside their classes, or nothing at all. */
export const OUTSIDE_CLASSES = 'You can only do this for the students of your classes.';

/**
 * A teacher reaches the students of their classes and nothing else (issue 29, point 2). At a
 * staff call, each field the route's `reach` declares must name something of those classes;
 * at a student's call, a teacher may read (never write) as one of those students. Something
 * outside and something that does not exist are answered alike, so a teacher cannot learn
 * what exists beyond their classes.
 */
async function checkReach(
  deps: AppDeps,
  caller: Caller,
  meta: RouteMeta,
  input: unknown,
): Promise<void> {
  if (typeof input !== 'object' || input === null) return;
  const fields = input as Record<string, unknown>;
  if (meta.access === 'staff') {
    for (const [field, kind] of Object.entries(meta.reach ?? {})) {
      const value = fields[field];
      // Nothing named (absent, empty, or null: a next class cleared) is nothing to check.
      if (value === undefined || value === null || value === '') continue;
      if (!(await deps.reaches(caller.id, kind, value))) throw forbidden(OUTSIDE_CLASSES);
    }
    return;
  }
  const userId = fields.user_id;
  if (typeof userId !== 'number' || userId === caller.id) return;
  if (isWrite(meta) && !meta.teacherWrites)
    throw forbidden('You can only do this for your own account.');
  if (!(await deps.reaches(caller.id, 'student', userId))) throw forbidden(OUTSIDE_CLASSES);
}

/**
 * Students act only as themselves: a user_id naming someone else is refused. An admin may
 * make a student's call for a student, who must then exist.
 */
async function checkUserId(
  deps: AppDeps,
  caller: Caller | null,
  access: Access,
  input: unknown,
): Promise<void> {
  if (!caller || typeof input !== 'object' || input === null) return;
  const userId = (input as { user_id?: unknown }).user_id;
  if (typeof userId !== 'number' || userId === caller.id) return;
  if (!caller.isAdmin) throw forbidden('You can only do this for your own account.');
  if (access !== 'user') return;
  if (!(await userExists(deps.db, userId))) throw notFound('No such user.');
}
