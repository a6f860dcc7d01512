import { defineRoutes } from './meta.js';

/**
 * Sent items (new): an assignment or a notification sent to a class, to several students or
 * to everyone is one "sending" the administrator sees, edits and follows ("12 of 18 read"),
 * while each student still gets their own row, as the spec's calls expect. A teacher (issue
 * 29) sees, edits and follows the sendings they made; an administrator every one.
 */
export const sendingRoutes = defineRoutes({
  getSendings: {
    method: 'GET',
    path: '/api/get_sendings.php',
    access: 'staff',
    lists: true,
    encoding: 'query',
  },
  getSending: {
    method: 'GET',
    path: '/api/get_sending.php',
    access: 'staff',
    reach: { sending_id: 'sending' },
    encoding: 'query',
  },
  /** Edits a sent item's text (and an assignment's links) for every student it went to. */
  updateSending: {
    method: 'POST',
    path: '/api/update_sending.php',
    access: 'staff',
    reach: { sending_id: 'sending' },
    encoding: 'json',
    changes: ['assignments', 'notifications'],
  },
});
