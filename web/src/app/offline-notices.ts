import type { OfflineKind } from '../shared/offline-notes';

/**
 * What the offline notice says on each kind of screen: what it shows without a network, and
 * what cannot be sent. Loaded with the notice, after the first screen.
 */
export const offlineNotices: Record<OfflineKind, string> = {
  kept: 'You are offline. You see what was loaded last.',
  keptChanges: 'You are offline. You see what was loaded last; changes need a connection.',
  practice:
    'You are offline. You see the cards loaded last; your answers are sent when you are back online.',
  menu: 'You are offline. Your schedule, assignments, results, notifications and cards show what was loaded last.',
  form: 'You are offline. You can fill this in, but sending it needs a connection.',
  roll: 'You are offline. You can take the roll: it is saved on this phone and sent when you are back online.',
  teacherDay:
    "You are offline. Today's classes show what was loaded last. You can take their rolls: they are saved on this phone and sent when you are back online.",
  live: 'You are offline. What is shown may be out of date, and sending anything needs a connection.',
  login: 'You are offline. Logging in needs a connection.',
};
