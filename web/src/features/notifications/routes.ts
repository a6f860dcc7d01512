import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

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
