import http from 'node:http';
import https from 'node:https';
import { type Outbound, RefusedAddress } from '../../http/outbound.js';
import { requestOf, type SmsFields, type SmsGateway } from './sms-template.js';

/** How long the gateway has to answer one SMS before it counts as not answering. */
export const GATEWAY_TIMEOUT_MS = 10_000;
/** How much of the gateway's answer is read: its first words are all anyone is shown. */
const ANSWER_BYTES = 4096;
/** How many characters of the answer a reason or a test's result quotes. */
const WORDS = 160;

/** What the gateway answered: its status and the first words of its body. */
export interface GatewayAnswer {
  status: number;
  words: string;
}

/** The gateway could not be asked: its address is one the SMS channel may not reach. */
export class GatewayRefused extends Error {}

/**
 * The SMS channel's connections (http/outbound.ts): each opened only to an address its reach
 * allows, judged as it is connected, so a gateway's name that resolves to loopback or a
 * link-local address (or starts to, after the save checked it) reaches nothing.
 */
export class GatewayConnections {
  readonly http: http.Agent;
  readonly https: https.Agent;

  constructor(readonly outbound: Outbound) {
    this.http = outbound.httpAgent();
    this.https = outbound.httpsAgent();
  }
}

/**
 * Hands one SMS to the gateway: the request its template makes, with a timeout, redirects not
 * followed (an http address on the office network must not lead anywhere else, and a gateway
 * that moved says so in its 3xx). Resolves with whatever the gateway answered; rejects when
 * no answer came (no connection, no answer in time) in words, with GatewayRefused when the
 * address is refused.
 */
export async function callGateway(
  gateway: SmsGateway,
  fields: SmsFields,
  connections: GatewayConnections,
  timeoutMs = GATEWAY_TIMEOUT_MS,
): Promise<GatewayAnswer> {
  const request = requestOf(gateway, fields);
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  return new Promise<GatewayAnswer>((resolve, reject) => {
    let outgoing: http.ClientRequest;
    try {
      const url = new URL(request.url);
      const client = url.protocol === 'http:' ? http : https;
      outgoing = client.request(
        url,
        {
          method: request.method,
          headers: {
            ...request.headers,
            ...(body ? { 'Content-Length': String(body.length) } : {}),
          },
          agent: url.protocol === 'http:' ? connections.http : connections.https,
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          firstWords(response).then(
            (words) => resolve({ status: response.statusCode ?? 0, words }),
            () => resolve({ status: response.statusCode ?? 0, words: '' }),
          );
        },
      );
    } catch (error) {
      // An address or a header Node will not send (a row no save could have written).
      return reject(new Error(noAnswerWords(error, timeoutMs)));
    }
    outgoing.on('error', (error) =>
      reject(
        error instanceof RefusedAddress
          ? new GatewayRefused(`The gateway's address is refused: ${error.message}.`)
          : new Error(noAnswerWords(error, timeoutMs)),
      ),
    );
    outgoing.end(body);
  });
}

/** Why no answer came, in words an administrator reads. */
function noAnswerWords(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return `The gateway did not answer within ${timeoutMs / 1000} seconds.`;
  const e = error as { code?: string; cause?: { code?: string; message?: string } };
  const why = e?.code ?? e?.cause?.code ?? e?.cause?.message ?? (error as Error)?.message;
  return `Could not reach the gateway (${why ?? String(error)}).`;
}

/** The first words of an answer: at most ANSWER_BYTES read, spaces made single, cut. */
async function firstWords(response: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= ANSWER_BYTES) break;
    }
  } catch {
    // An answer cut off midway still has its first words.
  } finally {
    response.destroy();
  }
  const text = Buffer.concat(chunks)
    .subarray(0, ANSWER_BYTES)
    .toString('utf8')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > WORDS ? `${text.slice(0, WORDS - 1)}…` : text;
}

/** How an answer reads in a reason or a test's result: "400 Bad Request: {…}". */
export function answerWords(answer: GatewayAnswer): string {
  return answer.words ? `${answer.status}: ${answer.words}` : `${answer.status}`;
}
