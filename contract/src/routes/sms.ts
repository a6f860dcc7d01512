import { defineRoutes } from './meta.js';

/**
 * New (issue 31, point 4): the SMS gateway an administrator sets up on Settings, a test SMS
 * through it, and, before a notification goes to many, how many SMS it would send against
 * what the month's cap leaves.
 */
export const smsRoutes = defineRoutes({
  /** The gateway as saved, its header values kept out (they hold API keys, kept sealed), and this month's count. */
  getSmsGateway: {
    method: 'GET',
    path: '/api/get_sms_gateway.php',
    access: 'admin',
    encoding: 'query',
  },
  saveSmsGateway: {
    method: 'POST',
    path: '/api/save_sms_gateway.php',
    access: 'admin',
    encoding: 'json',
    changes: ['settings'],
  },
  /** SMS off: nothing more is queued for it, and what waits is not sent. */
  removeSmsGateway: {
    method: 'POST',
    path: '/api/remove_sms_gateway.php',
    access: 'admin',
    encoding: 'json',
    changes: ['settings'],
  },
  /** One SMS through the saved gateway to the number typed; answers what the gateway said. */
  sendTestSms: {
    method: 'POST',
    path: '/api/send_test_sms.php',
    access: 'admin',
    encoding: 'json',
    changes: [],
  },
  /**
   * How many SMS a notification to these recipients would queue, and how many the month's cap
   * leaves: the Send Notification screen asks before sending (a read sent as a form, as
   * add_notification's recipients are).
   */
  estimateSms: {
    method: 'POST',
    path: '/api/estimate_sms.php',
    access: 'staff',
    reach: { user_id: 'student', user_ids: 'students', class_id: 'class' },
    encoding: 'form',
    readsOnly: true,
  },
});
