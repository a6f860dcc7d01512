import { useSyncExternalStore } from 'react';

/**
 * Wide enough for the sheet as a spreadsheet (a desktop, a tablet on its side); narrower (a
 * phone), the sheet stacks a card a student. Asked of the window, not of CSS, because the two
 * layouts hold different inputs: drawing both and hiding one would give every cell two.
 */
const WIDE = '(min-width: 48rem)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

export const useIsWide = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
