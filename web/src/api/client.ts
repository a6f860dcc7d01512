import type { CallRequest, CallResponse, ImplementedCall } from '@academy/contract';
import {
  ANSWERED_FILE_TYPES,
  LIVE_STREAM_HEADER,
  LIVE_UNHEARD_HEADER,
} from '@academy/contract/constants';
import type { CallName, FileKind, RouteMeta, routes } from '@academy/contract/routes';
import type { UploadFields } from '@academy/contract/uploads';
import { loadOnce } from '../lib/load-once';
import { ApiError } from './api-error';
import { endSession, readToken } from './session';
import type { UploadOptions } from './upload';

/**
 * The route table (each call's path, method, encoding and access) is a chunk of its own: the
 * first screen draws without waiting for it (the login screen's JavaScript stays within its
 * budget as calls are added). Someone signed in asks for it as the app starts (main.tsx), so
 * it arrives beside the screen's own chunk, before the screen's first call; the login screen
 * asks for it at the visitor's first key or tap (app/root-layout.tsx), not as it opens, so that
 * a first visit does not fetch and run 27 kB it may not use yet (bench:lighthouse). Any call
 * asks for it if nothing has.
 */
export const loadRouteTable = loadOnce(() =>
  import('@academy/contract/routes').then((m) => m.routes),
);

/** One call's route, once the route table has arrived. */
export async function routeOf(name: CallName): Promise<RouteMeta> {
  return (await loadRouteTable())[name];
}

/** The name of this tab's live stream while it is open (api/live.ts). */
let liveStream: string | undefined;

/**
 * Names this tab's live stream: every write that tells the streams of a change names it, and
 * the server does not tell it of that change, which the tab has put on its own screens
 * (docs/decisions.md, "The tab that made a change"). Returns what forgets the name once the
 * stream has closed (unless a newer stream has named itself since).
 */
export function nameLiveStream(name: string): () => void {
  liveStream = name;
  return () => {
    if (liveStream === name) liveStream = undefined;
  };
}

/** How many answers so far were read while the server held no stream of this session. */
let unheard = 0;

/**
 * Answers read before the server listened for this session (LIVE_UNHEARD_HEADER), so far: a
 * query in flight as the stream first opens is asked again only if one came since
 * (app/live-updates.ts).
 */
export function answersUnheard(): number {
  return unheard;
}

/** A call's cancelling signal, and an upload's progress (api/upload.ts). */
export type CallOptions = UploadOptions;

type Payload = Record<string, unknown>;

/**
 * Calls the API by the contract's name for the call: path, method and encoding come from
 * the route table; payload and answer are typed by the call's schemas.
 */
export async function call<K extends ImplementedCall>(
  name: K,
  payload: CallRequest<K> & UploadFields<K>,
  options: CallOptions = {},
): Promise<CallResponse<K>> {
  const meta = await routeOf(name);
  const { url, body, headers } = encode(meta, (payload ?? {}) as Payload);
  const token = readToken();
  if (token && meta.access !== 'public') headers.Authorization = `Bearer ${token}`;
  if (liveStream && meta.changes?.length) headers[LIVE_STREAM_HEADER] = liveStream;

  // Only uploads report progress; their XMLHttpRequest code loads with the first upload. An
  // upload is a write, whose answer never says it was unheard.
  const answer = options.onUploadProgress
    ? await (await import('./upload')).sendWithProgress(meta.method, url, body, headers, options)
    : await sendWithFetch(meta.method, url, body, headers, options.signal);
  const { status, text } = answer;
  if ('isUnheard' in answer && answer.isUnheard) unheard += 1;

  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (status >= 200 && status < 300 && data !== undefined) return data as CallResponse<K>;

  if (status === 401 && meta.access !== 'public') endSession();
  throw new ApiError(status, messageOf(data));
}

/** A call whose answer is a file (a PDF the server made): those the route table marks `file`. */
export type FileCall = {
  [K in ImplementedCall]: (typeof routes)[K] extends { file: FileKind } ? K : never;
}[ImplementedCall];

/** A file a call answered, and the name the server gave it. */
export interface FetchedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Makes a call whose answer is a file, signed in as `call` is, and answers its bytes with the
 * name from Content-Disposition. A refusal is JSON like every call's: an ApiError with the
 * server's reason (a 401 ends the session, as ever).
 */
export async function fetchFile<K extends FileCall>(
  name: K,
  payload: CallRequest<K>,
  signal?: AbortSignal,
): Promise<FetchedFile> {
  const meta = await routeOf(name);
  const { url, body, headers } = encode(meta, (payload ?? {}) as Payload);
  if (meta.file) headers.Accept = `${ANSWERED_FILE_TYPES[meta.file]}, application/json`;
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: meta.method,
      body: body ?? null,
      headers,
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, undefined);
  }
  if (response.ok) {
    const fileName =
      fileNameOf(response.headers.get('content-disposition')) ?? `${name}.${meta.file ?? 'bin'}`;
    return { blob: await response.blob(), fileName };
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (response.status === 401) endSession();
  throw new ApiError(response.status, messageOf(data));
}

/** The file name of a Content-Disposition: the exact one (filename*) before the ASCII one. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // Not valid percent-encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1];
}

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { message, error } = data as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return undefined;
}

function encode(meta: RouteMeta, payload: Payload) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let url: string = meta.path;
  let body: BodyInit | undefined;
  switch (meta.encoding) {
    case 'query': {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(payload)) {
        if (value !== undefined && value !== null) query.append(key, String(value));
      }
      const qs = query.toString();
      if (qs) url += `?${qs}`;
      break;
    }
    case 'json':
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(payload);
      break;
    case 'form': {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(payload)) {
        if (value !== undefined && value !== null) form.append(key, String(value));
      }
      body = form;
      break;
    }
    case 'multipart': {
      const form = new FormData();
      for (const [key, value] of Object.entries(payload)) {
        for (const item of Array.isArray(value) ? value : [value]) {
          if (item === undefined || item === null) continue;
          form.append(key, item instanceof Blob ? item : String(item));
        }
      }
      body = form;
      break;
    }
  }
  return { url, body, headers };
}

async function sendWithFetch(
  method: string,
  url: string,
  body: BodyInit | undefined,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
) {
  try {
    const response = await fetch(url, {
      method,
      body: body ?? null,
      headers,
      signal: signal ?? null,
    });
    return {
      status: response.status,
      text: await response.text(),
      isUnheard: response.headers.has(LIVE_UNHEARD_HEADER),
    };
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, undefined);
  }
}
