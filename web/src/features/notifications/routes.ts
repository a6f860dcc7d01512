import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/** A teacher writes to their students or classes (issue 29). */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.sendNotification, 'form', () => import('./send-notification-screen')),
];

export const adminRoutes: RouteObject[] = [
  screenRoute(paths.allNotifications, 'live', () => import('./all-notifications-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.notification, 'kept', () => import('./notification-screen')),
];
