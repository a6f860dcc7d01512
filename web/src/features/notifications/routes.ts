import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/**
 * A teacher writes to their students or classes, and reads what they were sent (issue 29):
 * All Notifications lists a teacher's students' only.
 */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.sendNotification, 'form', () => import('./send-notification-screen')),
  screenRoute(paths.allNotifications, 'live', () => import('./all-notifications-screen')),
];

/**
 * Everyone's own notifications: a student's, and (issue 49, point 3) staff's, who are told of
 * students reaching the absence warning or the limit.
 */
export const signedInRoutes: RouteObject[] = [
  screenRoute(paths.notification, 'kept', () => import('./notification-screen')),
];
