import { createContext } from 'react';

/** What the screen's route says about its data without a network (app/root-layout.tsx provides it). */
export interface OfflineData {
  /** Its answers are kept on this device for use offline (queries marked `meta.offline`). */
  isKept: boolean;
  /** The kept answers are back from the offline store, which is read just after the first screen. */
  isRestored: boolean;
}

export const OfflineDataContext = createContext<OfflineData>({ isKept: false, isRestored: true });
