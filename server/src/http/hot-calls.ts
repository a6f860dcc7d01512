import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { ImplementedCall } from '@academy/contract';
import type { RouteMeta } from '@academy/contract/routes';
import type { FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import type { Caller } from '../auth/caller.js';
import { bearerToken, hashToken } from '../auth/tokens.js';
import type { AppDeps } from './call.js';
import { apiHeaders } from './security-headers.js';
import { matchesVersion, NOT_MODIFIED, versionHeaders } from './versions.js';

/** What a hot call's handler gets: the dependencies, the checked input and the caller. */
export interface HotContext<Input> extends AppDeps {
  input: Input;
  caller: Caller;
  /** As CallContext.hasVersion: labels the answer, and says whether the caller has it. */
  hasVersion(version: string): boolean;
}

interface HotCall {
  name: ImplementedCall;
  request: z.ZodType;
  serialize: (answer: unknown) => string;
  handler: (ctx: HotContext<never>) => Promise<unknown>;
}

type FastifyHandler = (request: IncomingMessage, response: ServerResponse) => void;

const JSON_TYPE = 'application/json; charset=utf-8';
/** A query string the shortcut reads for itself: plain names and values, nothing encoded. */
const PLAIN_QUERY = /^[A-Za-z0-9_]+=[A-Za-z0-9_.-]*(?:&[A-Za-z0-9_]+=[A-Za-z0-9_.-]*)*$/;

/**
 * The polling calls, answered before Fastify sees them. Every signed-in browser asks three
 * of them every 10 s, so they are most of the requests the server gets; Fastify's pipeline
 * (routing, request and reply objects, hooks) cost more than the answers themselves.
 *
 * The shortcut runs the call's own handler, validates with the call's own schema and writes
 * with the call's own serialiser and headers, so the answer is the one the full pipeline would
 * give (hot-calls.int.test.ts compares the two). It takes a request only when nothing
 * can go wrong before the handler: a GET with a plain query string that the schema accepts,
 * and a token this instance admitted in the last CALLER_CACHE_SECONDS whose owner is the
 * user_id asked about. Anything else (no token, a cache miss, an admin asking about a student,
 * a bad value, a failure in the handler) goes to Fastify, which answers as it always has.
 */
export class HotCalls {
  private readonly calls = new Map<string, HotCall>();
  private deps: AppDeps | undefined;
  /** Requests the shortcut answered (the tests check it answered some). */
  answered = 0;

  /** Registers a call (http/call.ts, handleHot); only `user` calls read by GET qualify. */
  add(meta: RouteMeta, call: HotCall): void {
    if (meta.method !== 'GET' || meta.access !== 'user') {
      throw new Error(`${call.name} cannot be a hot call: only GET calls for students can`);
    }
    this.calls.set(meta.path, call);
  }

  /** Starts answering, once the dependencies exist. */
  open(deps: AppDeps): void {
    this.deps = deps;
  }

  /** Stops answering: the server is closing, and Fastify answers 503 from now on. */
  close(): void {
    this.deps = undefined;
  }

  /**
   * Fastify's server factory: an HTTP server whose requests meet the shortcut first, with the
   * timeouts Fastify gives its own.
   */
  server(fastify: FastifyHandler, options: FastifyServerOptions): http.Server {
    const server = http.createServer((request, response) => {
      if (!this.take(request, response, fastify)) fastify(request, response);
    });
    if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  }

  /** Answers the request if it is a hot call it can take; false leaves it to Fastify. */
  private take(request: IncomingMessage, response: ServerResponse, fastify: FastifyHandler) {
    const deps = this.deps;
    const url = request.url;
    if (!deps || request.method !== 'GET' || !url) return false;
    const mark = url.indexOf('?');
    const call = this.calls.get(mark < 0 ? url : url.slice(0, mark));
    if (!call || mark < 0) return false;
    const query = plainQuery(url.slice(mark + 1));
    if (!query) return false;
    const token = bearerToken(request.headers.authorization);
    const now = deps.now();
    const caller = token ? deps.callers.get(hashToken(token), now) : undefined;
    if (!caller) return false;
    const parsed = call.request.safeParse(query);
    if (!parsed.success || (parsed.data as { user_id: number }).user_id !== caller.id) return false;

    const headers: Record<string, string | number> = { ...apiHeaders };
    const ctx = Object.create(deps) as HotContext<unknown>;
    ctx.input = parsed.data;
    ctx.caller = caller;
    ctx.hasVersion = (version) => {
      const label = versionHeaders(version);
      Object.assign(headers, label);
      return matchesVersion(request.headers['if-none-match'], label.etag);
    };
    call
      .handler(ctx as HotContext<never>)
      .then((answer) => {
        if (answer === NOT_MODIFIED) {
          response.writeHead(304, headers).end();
        } else {
          const body = call.serialize(answer);
          headers['content-type'] = JSON_TYPE;
          headers['content-length'] = Buffer.byteLength(body);
          response.writeHead(200, headers).end(body);
        }
        this.answered += 1;
      })
      .catch((error: unknown) => {
        // Nothing was written yet: the full pipeline takes the request and answers the
        // failure in the call's own shape (and logs it).
        if (!response.headersSent) fastify(request, response);
        else response.destroy(error as Error);
      });
    return true;
  }
}

/** The query string as an object, if it is plain `name=value` pairs with no name twice. */
function plainQuery(search: string): Record<string, string> | undefined {
  if (!PLAIN_QUERY.test(search)) return undefined;
  // No prototype: a name such as __proto__ is just a name.
  const query: Record<string, string> = Object.create(null);
  for (const pair of search.split('&')) {
    const [name = '', value = ''] = pair.split('=');
    if (Object.hasOwn(query, name)) return undefined;
    query[name] = value;
  }
  return query;
}
