import { defineRoutes } from './meta.js';

export const notificationRoutes = defineRoutes({
  getNotifications: {
    method: 'GET',
    path: '/api/get_notifications.php',
    access: 'user',
    encoding: 'query',
  },
  markNotificationRead: {
    method: 'POST',
    path: '/api/mark_notification_read.php',
    access: 'user',
    encoding: 'form',
    changes: ['notifications'],
  },
  /** New: a student marks every one of their unread notifications read at once. */
  markAllNotificationsRead: {
    method: 'POST',
    path: '/api/mark_all_notifications_read.php',
    access: 'user',
    encoding: 'form',
    changes: ['notifications'],
  },
  /** New (issue 27): the student's unopened corrections and spoken replies, for the home's counts. */
  getFeedbackNews: {
    method: 'GET',
    path: '/api/get_feedback_news.php',
    access: 'user',
    encoding: 'query',
  },
  /** New (issue 27): the student opened Assignment Results or Skill Builder; only their own. */
  markFeedbackOpened: {
    method: 'POST',
    path: '/api/mark_feedback_opened.php',
    access: 'user',
    encoding: 'form',
    changes: ['notifications'],
  },
  addNotification: {
    method: 'POST',
    path: '/api/add_notification.php',
    access: 'staff',
    reach: { user_id: 'student', user_ids: 'students', class_id: 'class' },
    encoding: 'form',
    changes: ['notifications'],
  },
  getAllNotifications: {
    method: 'GET',
    path: '/api/get_allnotifications.php',
    access: 'staff',
    reach: { user_id: 'student' },
    lists: true,
    encoding: 'query',
  },
});
