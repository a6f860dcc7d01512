import type { IncomingMessage, ServerResponse } from 'node:http';
import { KEPT_ANSWER_CACHE_CONTROL, keptAnswerOwner } from '@academy/contract/kept-answers';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Caller } from '../auth/caller.js';

const options: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React and the emoji picker set style attributes; scripts stay strictly 'self'.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/** Runs helmet once against a stand-in response and keeps the headers it sets. */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => undefined);
  return headers;
}

/**
 * JSON answers are not documents: nothing in them runs, renders, frames or navigates, so the
 * headers that govern a document (a content security policy, frame options, referrer and
 * permissions policies, cross-origin isolation) mean nothing on them. Two do: nosniff, so a
 * browser never reads one as anything but JSON, and no caching of anyone's data. HSTS is
 * learnt from the pages of the same host, which carry it.
 */
export const apiHeaders = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

/**
 * Helmet's security headers (CSP with scripts from 'self' only, frame ancestors none,
 * nosniff, a referrer policy, HSTS, …) on the web app and on files; the two above on JSON
 * answers. They never change, so helmet runs once at start-up (@fastify/helmet rebuilt
 * helmet for every request).
 *
 * The answers a student's device keeps for use offline (contract/src/kept-answers.ts) are the
 * one exception to no-store: see keepOffline below. Called before any route is added.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const documentHeaders = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const isJsonCall = request.url.startsWith('/api/') && !request.url.startsWith('/api/files/');
    reply.headers(isJsonCall ? apiHeaders : documentHeaders);
    done();
  });
  // Only the kept calls' routes get the hook: every hook is a cost on every request.
  app.addHook('onRoute', (route) => {
    const owner = keptAnswerOwner(route.url);
    if (owner)
      route.onSend = [
        ...hooksOf(route.onSend),
        owner === 'student' ? keepOffline(isStudent) : keepOffline(isTeacher),
      ];
  });
}

/** A student's own, as a kept call answers only to its student or to staff. */
const isStudent = (caller: Caller | null) =>
  caller !== null && !caller.isAdmin && !caller.isTeacher;

/**
 * A teacher's own (issue 49, point 1), as a teacher's kept call answers only within their
 * classes: the teaching day narrowed to them, a roll only of a class they teach. An
 * administrator's answers of the same calls (every class's) are not kept.
 */
const isTeacher = (caller: Caller | null) => caller?.isTeacher === true && !caller.isAdmin;

/**
 * The answer of a call kept for use offline (issue 48, point 7): to its student, a success (a
 * 200, or a 304 of the unread poll's version) is `private, no-cache`, which lets the offline
 * worker keep it (and a browser's own cache, never a shared one, with a question to the server
 * before every use). The same call answered to staff (a student's results on the student's
 * page) and every refusal stay `no-store`, so a staff member's device keeps none of them:
 * staff screens are not kept offline. The offline worker keeps nothing marked `no-store`.
 * A teacher's kept calls (their teaching day and its rolls) are the same to that teacher only:
 * an administrator's and a refusal stay `no-store`.
 */
function keepOffline(isOwner: (caller: Caller | null) => boolean) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void => {
    const isKept = reply.statusCode < 400 && isOwner(request.caller);
    reply.header('cache-control', isKept ? KEPT_ANSWER_CACHE_CONTROL : 'no-store');
    done(null, payload);
  };
}

function hooksOf(hooks: RouteOptions['onSend']): onSendHookHandler[] {
  if (!hooks) return [];
  return (Array.isArray(hooks) ? hooks : [hooks]) as onSendHookHandler[];
}
