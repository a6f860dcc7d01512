import { onlineManager } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import styles from './offline-notice.module.css';

/** Whether the browser believes it is online, as TanStack Query does. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}

/** A clear notice while there is no network: what the student sees is the last-loaded data. */
export function OfflineNotice() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div className={styles.notice} role="status">
      <WifiOff size={18} aria-hidden="true" />
      <span>
        You are offline. You see what was loaded last; your flashcard answers are sent when you are
        back online.
      </span>
    </div>
  );
}
