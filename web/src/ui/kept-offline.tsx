import { type ReactNode, use, useMemo } from 'react';
import { OfflineDataContext } from './offline-data';

/**
 * Marks a part of a screen whose answers are kept on the device although the screen's route
 * says otherwise (a teacher's day and rolls, issue 49, point 1): offline with nothing kept for
 * it, it says it has not been opened on this device yet, not that it is never kept.
 */
export function KeptOffline({ isKept, children }: { isKept: boolean; children: ReactNode }) {
  const outer = use(OfflineDataContext);
  const value = useMemo(() => ({ ...outer, isKept: outer.isKept || isKept }), [outer, isKept]);
  return <OfflineDataContext value={value}>{children}</OfflineDataContext>;
}
