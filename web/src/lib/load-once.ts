/**
 * A chunk (or anything fetched) asked for once and shared by every caller, whichever asks
 * first; one that failed (offline, a build swapped) is asked for again by the next caller.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  return () => {
    if (!current) {
      const loading = load();
      loading.catch(() => {
        if (current === loading) current = undefined;
      });
      current = loading;
    }
    return current;
  };
}
