import type { CallName, RouteMeta } from '@academy/contract/routes';
import { routes } from '@academy/contract/routes';
import { bearer, type FilePart, form, multipart, type TestApp } from '../test-support/harness.js';
import { openStream } from '../test-support/live-stream.js';

/** What a test reads of an answer: a JSON answer, or the start of a live stream. */
export interface Answer {
  statusCode: number;
  body: string;
  json(): Record<string, unknown> & { success?: unknown; status?: unknown; message?: unknown };
}

/**
 * Sends a payload to a call the way its route table entry says (query, JSON, form, multipart).
 * A live stream is opened over a real connection (its payload as the query), read until its
 * first event, and closed.
 */
export async function send(
  t: TestApp,
  name: CallName,
  payload: Record<string, unknown>,
  token: string | undefined,
  files: Record<string, FilePart | FilePart[]> = {},
): Promise<Answer> {
  const meta: RouteMeta = routes[name];
  const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const queryOf = () => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(payload)) query.append(k, asText(v));
    const qs = query.toString();
    return qs ? `?${qs}` : '';
  };
  if (meta.stream) {
    const stream = await openStream(t, token, queryOf());
    stream.close();
    const body = stream.status === 200 ? `event: ${stream.events[0]?.event}` : stream.body;
    return { statusCode: stream.status, body, json: () => JSON.parse(stream.body) };
  }
  const auth = token ? bearer(token) : {};
  switch (meta.encoding) {
    case 'query':
      return t.inject({ method: meta.method, url: `${meta.path}${queryOf()}`, headers: auth });
    case 'json':
      return t.inject({ method: meta.method, url: meta.path, headers: auth, payload });
    case 'form': {
      const body = form(
        Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, asText(v)])),
      );
      return t.inject({
        method: meta.method,
        url: meta.path,
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
    }
    case 'multipart': {
      const body = multipart({
        ...Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, asText(v)])),
        ...files,
      });
      return t.inject({
        method: meta.method,
        url: meta.path,
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
    }
  }
}
