import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A gateway as saveSmsGateway takes it, for tests that only need SMS set up (nothing is sent
 * to it: sms.example.com is never reached).
 */
export const EXAMPLE_GATEWAY = {
  method: 'POST',
  url: 'https://sms.example.com/send',
  content_type: 'json',
  body: '{"to": "{to}", "text": "{text}"}',
  monthly_cap: 0,
} as const;

/** One request the gateway received, as it arrived. */
export interface RecordedSms {
  method: string;
  /** The path and query string. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the gateway answers next: a status and a body (or no answer at all, to time out). */
export interface GatewayReply {
  status: number;
  body?: string;
  /** Hold the answer back this long (a gateway too slow to answer in time). */
  delayMs?: number;
  /** Headers of the answer besides its type (a redirect's Location). */
  headers?: Record<string, string>;
}

export interface SmsGatewayRecorder {
  /** http://127.0.0.1:<port> */
  url: string;
  received: RecordedSms[];
  /** What every request is answered from now on (200 '{"status":"queued"}' at first). */
  reply: (next: GatewayReply) => void;
  /** Resolves once `count` requests in all have arrived, or rejects after `timeoutMs`. */
  waitFor: (count: number, timeoutMs?: number) => Promise<RecordedSms[]>;
  close: () => Promise<void>;
}

/**
 * An SMS gateway on loopback for tests (issue 31, point 4): a real HTTP server that records
 * every request (method, path, headers, body) and answers the status it is told, so the tests
 * see exactly what the app's gateway request was, over a real socket. The browser tests start
 * one in the Playwright process the same way.
 */
export async function startSmsGateway(): Promise<SmsGatewayRecorder> {
  const received: RecordedSms[] = [];
  let next: GatewayReply = { status: 200, body: '{"status":"queued"}' };
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    // A sender killed mid-request (the kill test) aborts it: nothing arrived, nothing to record.
    request.on('error', () => {});
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      for (const w of waiting.filter((w) => received.length >= w.count)) w.resolve();
      const { status, body = '', delayMs = 0, headers = {} } = next;
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    reply: (reply) => {
      next = reply;
    },
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        if (received.length >= count) return resolve(received);
        const timer = setTimeout(
          () => reject(new Error(`the gateway received ${received.length} of ${count}`)),
          timeoutMs,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
