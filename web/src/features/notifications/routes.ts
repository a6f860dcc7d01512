import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { offline } from '../../app/offline-notes';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.sendNotification,
    handle: offline.form,
    lazy: screen(() => import('./send-notification-screen')),
  },
  {
    path: paths.allNotifications,
    handle: offline.live,
    lazy: screen(() => import('./all-notifications-screen')),
  },
];

export const studentRoutes: RouteObject[] = [
  {
    path: paths.notification,
    handle: offline.kept,
    lazy: screen(() => import('./notification-screen')),
  },
];
