import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.sendNotification, lazy: screen(() => import('./send-notification-screen')) },
  { path: paths.allNotifications, lazy: screen(() => import('./all-notifications-screen')) },
];

export const studentRoutes: RouteObject[] = [
  { path: paths.notification, lazy: screen(() => import('./notification-screen')) },
];
