import { defineRoutes } from './meta.js';

/**
 * New (issue 31, point 3): e-mail. The academy's SMTP server, kept on Settings by an
 * administrator (its password encrypted, never answered), and a test e-mail from there; and
 * "Forgot password?", anyone's without signing in: a link by e-mail that sets a new password
 * once within PASSWORD_LINK_MINUTES (server/src/features/email/).
 */
export const emailRoutes = defineRoutes({
  getEmailSettings: {
    method: 'GET',
    path: '/api/get_email_settings.php',
    access: 'admin',
    encoding: 'query',
  },
  /** Sets up e-mail, or changes it; a password left out keeps the one kept. */
  saveEmailSettings: {
    method: 'POST',
    path: '/api/save_email_settings.php',
    access: 'admin',
    encoding: 'json',
    changes: ['settings'],
  },
  /** Turns e-mail off: nothing more is queued or sent by e-mail. */
  clearEmailSettings: {
    method: 'POST',
    path: '/api/clear_email_settings.php',
    access: 'admin',
    encoding: 'json',
    changes: ['settings'],
  },
  /** Sends a test e-mail at once through the saved settings; answers how it went. */
  sendTestEmail: {
    method: 'POST',
    path: '/api/send_test_email.php',
    access: 'admin',
    encoding: 'json',
    changes: [],
  },
  /**
   * Asks for a link by username or e-mail. The answer is the same whether an account has it
   * or not; the link is sent after the answer. Throttled per address and per what was typed.
   */
  forgotPassword: {
    method: 'POST',
    path: '/api/forgot_password.php',
    access: 'public',
    encoding: 'json',
    changes: [],
  },
  /** Whether a link still works, before its screen asks for a new password (a POST: the token stays out of URLs). */
  checkPasswordLink: {
    method: 'POST',
    path: '/api/check_password_link.php',
    access: 'public',
    encoding: 'json',
    readsOnly: true,
  },
  /**
   * One-click unsubscribe (issue 49, point 18; RFC 8058): the link in an e-mail's
   * `List-Unsubscribe` header, `?token=…` in its address or in the form. A POST (body
   * `List-Unsubscribe=One-Click`) turns the kinds of e-mail the signed token names off for its
   * reader, without signing in; a GET of the same address is a page with a button
   * (server/src/features/email/unsubscribe-routes.ts), never an unsubscribe.
   */
  unsubscribe: {
    method: 'POST',
    path: '/api/unsubscribe.php',
    access: 'public',
    encoding: 'form',
    changes: [],
  },
  /** Sets a new password with a link, once: every session of the account ends. */
  setPasswordFromLink: {
    method: 'POST',
    path: '/api/set_password_from_link.php',
    access: 'public',
    encoding: 'json',
    changes: [],
  },
});
