import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { ImplementedCall } from '@academy/contract';
import type { RouteMeta } from '@academy/contract/routes';
import type { FastifyServerOptions } from 'fastify';
import type { Caller } from '../auth/caller.js';
import type { AppDeps } from './call.js';
import type { QueryReader } from './quick-query.js';
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
  /** The call's input from its query string, or undefined to leave the request to Fastify. */
  readQuery: QueryReader;
  serialize: (answer: unknown) => string;
  handler: (ctx: HotContext<never>) => Promise<unknown>;
}

type FastifyHandler = (request: IncomingMessage, response: ServerResponse) => void;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The polling calls, answered before Fastify sees them. Every signed-in browser asks three
 * of them every 10 s, so they are most of the requests the server gets; Fastify's pipeline
 * (routing, request and reply objects, hooks) cost more than the answers themselves.
 *
 * The shortcut runs the call's own handler, reads the query as the call's own schema does
 * (quick-query.ts) and writes with the call's own serialiser and headers, so the answer is the
 * one the full pipeline would give (hot-calls.int.test.ts compares the two). It takes a request
 * only when nothing can go wrong before the handler: a GET with a plain query string that the
 * schema accepts, and a token this instance admitted in the last CALLER_CACHE_SECONDS whose
 * owner is the user_id asked about. Anything else (no token, a cache miss, an admin asking
 * about a student, a bad value, a failure in the handler) goes to Fastify, which answers as
 * it always has.
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
    // No pattern here: only a token exactly as some earlier request's guard admitted it can
    // be in the cache; anything else misses and goes to Fastify's guard.
    const authorization = request.headers.authorization;
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const now = deps.now();
    const caller = token ? deps.callers.get(token, now) : undefined;
    if (!caller) return false;
    const input = call.readQuery(url.slice(mark + 1));
    if (input?.user_id !== caller.id) return false;

    let etag: string | undefined;
    const ctx = Object.create(deps) as HotContext<unknown>;
    ctx.input = input;
    ctx.caller = caller;
    ctx.hasVersion = (version) => {
      etag = versionHeaders(version).etag;
      return matchesVersion(request.headers['if-none-match'], etag);
    };
    call
      .handler(ctx as HotContext<never>)
      .then((answer) => {
        if (answer === NOT_MODIFIED) {
          response.writeHead(304, answerHeaders(etag)).end();
        } else {
          const body = call.serialize(answer);
          response.writeHead(200, answerHeaders(etag, Buffer.byteLength(body))).end(body);
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

const { 'content-security-policy': policy, 'x-content-type-options': nosniff } = apiHeaders;
const versioned = versionHeaders('');

/**
 * The headers Fastify sends with a JSON answer (security-headers.ts, then versions.ts when
 * the answer has a version), written as one literal per kind of answer: built afresh for
 * every poll, objects of one fixed shape cost least.
 */
function answerHeaders(etag: string | undefined, length?: number) {
  if (etag === undefined)
    return {
      'content-security-policy': policy,
      'x-content-type-options': nosniff,
      'cache-control': apiHeaders['cache-control'],
      'content-type': JSON_TYPE,
      'content-length': length ?? 0,
    };
  if (length === undefined)
    return {
      'content-security-policy': policy,
      'x-content-type-options': nosniff,
      'cache-control': versioned['cache-control'],
      etag,
      vary: versioned.vary,
    };
  return {
    'content-security-policy': policy,
    'x-content-type-options': nosniff,
    'cache-control': versioned['cache-control'],
    etag,
    vary: versioned.vary,
    'content-type': JSON_TYPE,
    'content-length': length,
  };
}
