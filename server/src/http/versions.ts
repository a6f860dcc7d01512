/**
 * Conditional GETs: a call labels its answer with a version (an ETag), the browser's cache sends
 * it back as If-None-Match, and while the version is unchanged the answer is an empty 304.
 */

/** What a handler returns when the caller's cached answer is still right. */
export const NOT_MODIFIED = Symbol('not modified');

/**
 * The headers that label an answer with its version. The browser keeps it privately, per
 * token (Vary), and asks again every time (no-cache), sending the version back; the token is
 * checked before any handler runs, so a 304 never reaches anyone the full answer would not.
 */
export function versionHeaders(version: string) {
  return {
    etag: `W/"${version}"`,
    'cache-control': 'private, no-cache',
    vary: 'Authorization',
  };
}

/** Whether an If-None-Match header names this ETag. */
export function matchesVersion(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  // A browser sends back the one ETag it has: most polls end at the first comparison.
  return ifNoneMatch === etag || ifNoneMatch.split(/\s*,\s*/).includes(etag);
}
