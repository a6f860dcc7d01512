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

/**
 * Hands one SMS to the gateway: the request its template makes, with a timeout, redirects not
 * followed (an http address on the office network must not lead anywhere else, and a gateway
 * that moved says so in its 3xx). Resolves with whatever the gateway answered; rejects when
 * no answer came (no connection, no answer in time), in words.
 */
export async function callGateway(
  gateway: SmsGateway,
  fields: SmsFields,
  timeoutMs = GATEWAY_TIMEOUT_MS,
): Promise<GatewayAnswer> {
  const request = requestOf(gateway, fields);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(noAnswerWords(error, timeoutMs));
  }
  return { status: response.status, words: await firstWords(response) };
}

/** Why no answer came, in words an administrator reads. */
function noAnswerWords(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return `The gateway did not answer within ${timeoutMs / 1000} seconds.`;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const why = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return `Could not reach the gateway (${why}).`;
}

/** The first words of an answer: at most ANSWER_BYTES read, spaces made single, cut. */
async function firstWords(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // An answer cut off midway still has its first words.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = new TextDecoder()
    .decode(Buffer.concat(chunks).subarray(0, ANSWER_BYTES))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > WORDS ? `${text.slice(0, WORDS - 1)}…` : text;
}

/** How an answer reads in a reason or a test's result: "400 Bad Request: {…}". */
export function answerWords(answer: GatewayAnswer): string {
  return answer.words ? `${answer.status}: ${answer.words}` : `${answer.status}`;
}
