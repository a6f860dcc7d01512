import { onlineManager } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { OfflineKind } from '../shared/offline-notes';
import styles from './offline-notice.module.css';
import { offlineNotices } from './offline-notices';

/** Whether the browser believes it is online, as TanStack Query does. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}

/**
 * A clear notice while there is no network, saying what is true for the kind of screen at
 * hand (its route's handle): what it shows, and what cannot be sent.
 */
export function OfflineNotice({ kind }: { kind: OfflineKind }) {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div className={styles.notice} role="status">
      <WifiOff size={18} aria-hidden="true" />
      <span>{offlineNotices[kind]}</span>
    </div>
  );
}
