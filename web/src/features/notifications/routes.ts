import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(paths.sendNotification, 'form', () => import('./send-notification-screen')),
  screenRoute(paths.allNotifications, 'live', () => import('./all-notifications-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.notification, 'kept', () => import('./notification-screen')),
];
