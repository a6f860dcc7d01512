import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstream {
  name: string;
  url: string;
}

export interface RoundRobinProxy {
  /** The one address clients use. */
  url: string;
  /** The name of the instance the next request will go to. */
  next(): string;
  close(): Promise<void>;
}

/** Headers about one connection, not the request: never forwarded by a proxy (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
}

/**
 * The reverse proxy of a scale-out deployment, as small as it gets: requests go to the
 * instances in turn, with no stickiness, streamed both ways without buffering (so live
 * streams pass as they are written), with X-Forwarded-For as a real
 * proxy adds it. Each answer says which instance served it (X-Served-By) so a test can show
 * that a write through one instance was read through the other.
 */
export async function startRoundRobinProxy(upstreams: Upstream[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const upstream = upstreams[turn % upstreams.length] as Upstream;
    turn += 1;
    const target = new URL(upstream.url);
    const client = request.socket.remoteAddress ?? '';
    const forwardedFor = request.headers['x-forwarded-for'];
    const outgoing = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        agent,
        headers: {
          ...endToEnd(request.headers),
          'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${client}` : client,
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...endToEnd(answer.headers),
          'x-served-by': upstream.name,
        });
        answer.pipe(response);
      },
    );
    // A client that leaves (a closed tab's live stream) closes the upstream request too.
    response.on('close', () => outgoing.destroy());
    outgoing.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'x-served-by': upstream.name });
      response.end();
    });
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    next: () => (upstreams[turn % upstreams.length] as Upstream).name,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
