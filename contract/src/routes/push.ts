import { defineRoutes } from './meta.js';

/**
 * New (issue 31, point 2): web push, per device. Every signed-in person (students, teachers,
 * administrators) turns it on for the device they are on; these calls are about the caller's
 * own devices only. What is pushed goes through the outbox (server/src/features/push).
 */
export const pushRoutes = defineRoutes({
  /** The academy's public VAPID key, which the browser's subscription is made with. */
  getPushKey: {
    method: 'GET',
    path: '/api/get_push_key.php',
    access: 'user',
    encoding: 'query',
  },
  /**
   * This device's subscription, from the browser's PushManager: saved for the caller. An
   * endpoint another person had moves to the caller (the device changed hands).
   */
  savePushSubscription: {
    method: 'POST',
    path: '/api/save_push_subscription.php',
    access: 'user',
    encoding: 'json',
    ownSession: true,
    changes: [],
  },
  /** Push off for this device: the caller's subscription with this endpoint goes (if any). */
  deletePushSubscription: {
    method: 'POST',
    path: '/api/delete_push_subscription.php',
    access: 'user',
    encoding: 'json',
    ownSession: true,
    changes: [],
  },
  /** The caller's devices with push on. */
  listPushDevices: {
    method: 'GET',
    path: '/api/get_push_devices.php',
    access: 'user',
    encoding: 'query',
  },
});
