import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.js';

/**
 * A request's headers must all arrive within this long (Node's headersTimeout). A phone on a
 * slow 3G link (2 s of latency) sends its few hundred bytes of headers in one round trip.
 */
export const HEADERS_TIMEOUT_MS = 20_000;

/**
 * No request takes longer than this to arrive, whatever its pace (Node's requestTimeout). The
 * largest one, a submission of 10 files of 5 MB, needs about 18 minutes at slow 3G's
 * 400 kbit/s (bench/README.md, "Uploads on a slow link"); the rate rule below cuts a slow
 * drip long before. A live stream's request (a GET without a body) has long arrived when its
 * answer starts, so neither limit ever touches a stream.
 */
export const REQUEST_TIMEOUT_MS = 30 * 60_000;

/**
 * After the grace period, a body must have arrived at this average rate since its headers:
 * 8 kB/s, a sixth of slow 3G (50 kB/s), so a phone whose link falls to a crawl for a while
 * still finishes, and a connection dripping a byte every few seconds is cut off.
 */
export const MIN_BODY_BYTES_PER_SECOND = 8_000;

/** Checked no more often than this while a body is arriving well ahead of the rate. */
const LONGEST_CHECK_MS = 60_000;

/**
 * Limits on how slowly a request may arrive, so that connections which never finish their
 * headers or body (300 of them, each dripping a login body a byte every 10 s, were once held
 * open for as long as the client liked) are closed with a 408. Node enforces the headers' and
 * the whole request's time; the hook enforces the body's pace. Counted in the socket's bytes,
 * so it holds for every parser (JSON, forms, multipart) without reading the body itself.
 */
export function installSlowRequestLimits(app: FastifyInstance, graceMs: number): void {
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.server.requestTimeout = REQUEST_TIMEOUT_MS;
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // app.inject's requests arrive whole, on no real socket.
    if (raw.complete || !hasBody(raw.headers) || typeof raw.socket?.bytesRead !== 'number') {
      done();
      return;
    }
    const socket = raw.socket;
    const startedAt = performance.now();
    const startBytes = socket.bytesRead;
    let timer: NodeJS.Timeout;
    const check = () => {
      const received = socket.bytesRead - startBytes;
      // When the body is due to have reached what has arrived, at the slowest allowed pace.
      const waitMs =
        startedAt + graceMs + (received / MIN_BODY_BYTES_PER_SECOND) * 1000 - performance.now();
      if (waitMs > 0) {
        timer = setTimeout(check, Math.min(waitMs, LONGEST_CHECK_MS));
        timer.unref();
        return;
      }
      stop();
      request.log.info({ received }, 'request body too slow: connection closed');
      cutOff(socket, reply.raw.headersSent);
    };
    const stop = () => clearTimeout(timer);
    timer = setTimeout(check, graceMs);
    timer.unref();
    // The body has arrived, or an answer went without waiting for it (a refused token).
    raw.once('end', stop);
    reply.raw.once('close', stop);
    done();
  });
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

const TIMEOUT_BODY = JSON.stringify(
  errorBody('message', 'The request arrived too slowly. Please try again.'),
);

/** Answers 408 (unless an answer has begun) and closes the connection, as Node does for its own time-outs. */
function cutOff(socket: Socket, answered: boolean): void {
  if (answered || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    'HTTP/1.1 408 Request Timeout\r\n' +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\n\r\n${TIMEOUT_BODY}`,
    () => socket.destroy(),
  );
}
