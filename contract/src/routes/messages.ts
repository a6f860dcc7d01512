import { defineRoutes } from './meta.js';

/**
 * New (issue 31): what reaches a person whose app is closed. Everyone chooses their own
 * channels (never another's, an administrator's included); the administrator sees the outbox,
 * with why a message failed, and sends a failed one again.
 */
export const messageRoutes = defineRoutes({
  /** The caller's choices (the defaults until they save some) and what can reach them. */
  getMessageChoices: {
    method: 'GET',
    path: '/api/get_message_choices.php',
    access: 'user',
    encoding: 'query',
  },
  saveMessageChoices: {
    method: 'POST',
    path: '/api/save_message_choices.php',
    access: 'user',
    encoding: 'json',
    ownSession: true,
    changes: [],
  },
  /** The outbox, newest first, by state, with the counts of each state. */
  listOutbox: {
    method: 'GET',
    path: '/api/list_outbox.php',
    access: 'admin',
    encoding: 'query',
  },
  resendOutbox: {
    method: 'POST',
    path: '/api/resend_outbox.php',
    access: 'admin',
    encoding: 'json',
    changes: [],
  },
});
