import { keptAnswerOwner } from '@academy/contract/kept-answers';

/**
 * Which API answers the offline worker keeps (issue 48, point 7): only the calls the
 * contract names as kept for use offline (contract/src/kept-answers.ts), and of those only an
 * answer the server did not mark `no-store` (it marks a kept call's answer to staff so, and
 * every answer of every other call). Everything else (report cards, exports, the outbox,
 * settings, whatever call comes next) goes to the network untouched and is never copied.
 * A teacher's teaching day and its rolls are kept the same way (issue 49, point 1): the server
 * marks them keepable only to a teacher, so an administrator's device keeps none of them.
 */

/** Whether the worker takes this request: a GET of this origin for an answer kept offline (a student's or a teacher's). */
export function isKeptRead(request: Pick<Request, 'method' | 'url'>, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && keptAnswerOwner(url.pathname) !== undefined;
}

/** Whether a `Cache-Control` header forbids keeping the answer anywhere. */
export function saysNoStore(cacheControl: string | null): boolean {
  return (cacheControl ?? '')
    .split(',')
    .some((directive) => directive.trim().toLowerCase() === 'no-store');
}

/** Whether an answer may go into the cache: a whole success the server did not mark no-store. */
export function mayKeep(response: Pick<Response, 'status' | 'headers'>): boolean {
  return response.status === 200 && !saysNoStore(response.headers.get('cache-control'));
}

/**
 * A Workbox plugin that lets into the cache only what `mayKeep` allows. It replaces Workbox's
 * own check (a 200), so it checks the status itself.
 */
export const keepOnlyKeepable = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    mayKeep(response) ? response : null,
};

/**
 * Deletes from a cache every answer the rules above would not keep now: those an earlier
 * worker kept of every GET (every one of them `no-store`), and any of a call no longer kept.
 * Run when a worker takes over, so an update leaves nothing behind for 14 days.
 */
export async function pruneApiCache(cache: Cache, origin: string): Promise<void> {
  const requests = await cache.keys();
  await Promise.all(
    requests.map(async (request) => {
      const response = await cache.match(request);
      if (!isKeptRead(request, origin) || !response || !mayKeep(response))
        await cache.delete(request);
    }),
  );
}
