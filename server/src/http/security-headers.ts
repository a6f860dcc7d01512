import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const documentHeaders = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const isJsonCall = request.url.startsWith('/api/') && !request.url.startsWith('/api/files/');
    reply.headers(isJsonCall ? apiHeaders : documentHeaders);
    done();
  });
}
