import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { ImplementedCall } from '@academy/contract';
import type { RouteMeta } from '@academy/contract/routes';
import type { FastifyServerOptions } from 'fastify';
import type { Caller } from '../auth/caller.js';
import type { AppDeps } from './call.js';
import type { BodyReader } from './quick-body.js';
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
  /**
   * The call's input from its query string (GET) or JSON body (POST), or undefined to leave
   * the request to Fastify.
   */
  readInput: QueryReader | BodyReader;
  serialize: (answer: unknown) => string;
  handler: (ctx: HotContext<never>) => Promise<unknown>;
}

type FastifyHandler = (request: IncomingMessage, response: ServerResponse) => void;

const JSON_TYPE = 'application/json; charset=utf-8';
/** The largest body the shortcut reads (the activity ping's is a token, under 100 bytes). */
const MAX_BODY_BYTES = 1024;

/**
 * The polling calls and the activity ping, answered before Fastify sees them. Every signed-in
 * browser asks three polls every 10 s and pings every 30 s, so they are most of the requests
 * the server gets; Fastify's pipeline (routing, request and reply objects, hooks, the body
 * parser) cost more than the answers themselves.
 *
 * The shortcut runs the call's own handler, reads the query or body as the call's own schema
 * does (quick-query.ts, quick-body.ts) and writes with the call's own serialiser and headers,
 * so the answer is the one the full pipeline would give (hot-calls.int.test.ts compares the
 * two). It takes a request only when nothing can go wrong before the handler: a GET with a
 * plain query string, or a POST with a small JSON body, that the schema accepts, and a token
 * this instance admitted in the last CALLER_CACHE_SECONDS whose owner is the user_id asked
 * about, if any. Anything else (no token, a cache miss, an admin asking about a student, a bad
 * value, a failure in the handler) goes to Fastify, which answers as it always has; a body
 * already read is put back first (Readable.unshift), so Fastify reads it as if nobody had.
 */
export class HotCalls {
  private readonly gets = new Map<string, HotCall>();
  private readonly posts = new Map<string, HotCall>();
  private deps: AppDeps | undefined;
  /** Requests the shortcut answered (the tests check it answered some). */
  answered = 0;

  /**
   * Registers a call (http/call.ts, handleHot): only calls for students qualify, read by GET
   * or sent as JSON by POST.
   */
  add(meta: RouteMeta, call: HotCall): void {
    if (meta.access !== 'user')
      throw new Error(`${call.name} cannot be a hot call: not a student's`);
    if (meta.method === 'GET') this.gets.set(meta.path, call);
    else if (meta.method === 'POST' && meta.encoding === 'json') this.posts.set(meta.path, call);
    else throw new Error(`${call.name} cannot be a hot call: only GET and JSON POST calls can`);
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
    if (!deps || !url) return false;
    if (request.method === 'POST') return this.takeBody(deps, url, request, response, fastify);
    if (request.method !== 'GET') return false;
    const mark = url.indexOf('?');
    const call = this.gets.get(mark < 0 ? url : url.slice(0, mark));
    if (!call || mark < 0) return false;
    const caller = admittedCaller(deps, request);
    if (!caller) return false;
    const input = call.readInput(url.slice(mark + 1));
    if (!input || !isOwn(input, caller)) return false;
    this.answer(call, deps, caller, input, request, response, () => fastify(request, response));
    return true;
  }

  /**
   * A POST call: taken if its headers qualify, then its body is read here. A body the call
   * cannot take is put back for Fastify to read.
   */
  private takeBody(
    deps: AppDeps,
    url: string,
    request: IncomingMessage,
    response: ServerResponse,
    fastify: FastifyHandler,
  ) {
    // A query string goes to Fastify, as does anything but a small JSON body.
    const call = this.posts.get(url);
    if (!call) return false;
    const { headers } = request;
    const type = headers['content-type'];
    if (type !== 'application/json' && type !== 'application/json; charset=utf-8') return false;
    // Node has checked Content-Length's form; chunked bodies have none and go to Fastify.
    const length = Number(headers['content-length']);
    if (!(length > 0 && length <= MAX_BODY_BYTES) || headers['transfer-encoding']) return false;
    const caller = admittedCaller(deps, request);
    if (!caller) return false;

    const chunks: Buffer[] = [];
    let received = 0;
    const giveBack = (body: Buffer) => {
      request.pause();
      request.unshift(body);
      fastify(request, response);
    };
    // The client went away before its body came: there is nobody to answer.
    const onError = () => response.destroy();
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      // Node's parser never gives more than Content-Length.
      if (received < length) return;
      request.removeListener('data', onData);
      request.removeListener('error', onError);
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      const input = call.readInput(body.toString('utf8'));
      if (!input || !isOwn(input, caller)) {
        giveBack(body);
        return;
      }
      // Paused until answered, so that a failing handler can still give the body back.
      request.pause();
      this.answer(call, deps, caller, input, request, response, () => giveBack(body));
    };
    request.on('data', onData);
    request.on('error', onError);
    return true;
  }

  /** Runs the call's handler and writes its answer; `fallBack` gives a failure to Fastify. */
  private answer(
    call: HotCall,
    deps: AppDeps,
    caller: Caller,
    input: Record<string, unknown>,
    request: IncomingMessage,
    response: ServerResponse,
    fallBack: () => void,
  ) {
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
        // A POST's request was paused with its end unread: let it finish.
        if (request.isPaused()) request.resume();
        this.answered += 1;
      })
      .catch((error: unknown) => {
        // Nothing was written yet: the full pipeline takes the request and answers the
        // failure in the call's own shape (and logs it).
        if (!response.headersSent) fallBack();
        else response.destroy(error as Error);
      });
  }
}

/**
 * The caller of a token this instance admitted recently, or undefined. No pattern here: only
 * a token exactly as some earlier request's guard admitted it can be in the cache; anything
 * else misses and goes to Fastify's guard.
 */
function admittedCaller(deps: AppDeps, request: IncomingMessage): Caller | undefined {
  const authorization = request.headers.authorization;
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
  return token ? deps.callers.get(token, deps.now()) : undefined;
}

/**
 * Whether the input is about the caller: a poll names its user_id, which must be theirs (an
 * admin asking about a student goes to Fastify, which checks the student exists).
 */
function isOwn(input: Record<string, unknown>, caller: Caller): boolean {
  return !('user_id' in input) || input.user_id === caller.id;
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
