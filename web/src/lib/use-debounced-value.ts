import { useEffect, useState } from 'react';

/** How long typing must pause before a search box asks the server: once, not per key. */
export const SEARCH_DELAY_MS = 300;

/** `value` once it has stopped changing for `delayMs` (a search box asks once, not per key). */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
