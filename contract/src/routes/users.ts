import { defineRoutes } from './meta.js';

export const userRoutes = defineRoutes({
  addUser: {
    method: 'POST',
    path: '/api/add-user.php',
    access: 'admin',
    encoding: 'multipart',
    changes: ['users'],
  },
  getUsers: { method: 'GET', path: '/api/get-users.php', access: 'admin', encoding: 'query' },
  userList: {
    method: 'GET',
    path: '/api/user_list.php',
    access: 'staff',
    encoding: 'query',
    lists: true,
  },
  /** New: an admin changes a user's name, e-mail, gender and role; a role change ends their sessions. */
  updateUser: {
    method: 'POST',
    path: '/api/update_user.php',
    access: 'admin',
    encoding: 'json',
    changes: ['users'],
  },
  /**
   * New: an admin deletes a user with their personal work (docs/decisions.md "Users: edit,
   * delete, import, export"); their sessions end and their stored files leave storage.
   */
  deleteUser: {
    method: 'POST',
    path: '/api/delete_user.php',
    access: 'admin',
    encoding: 'json',
    changes: [
      'users',
      'notifications',
      'assignments',
      'corrections',
      'schedule',
      'cards',
      'skills',
      'speaking',
      'submissions',
      'online',
    ],
  },
  /** New: reads a CSV of students and names every row's problems; writes nothing. */
  previewUserImport: {
    method: 'POST',
    path: '/api/preview_user_import.php',
    access: 'admin',
    encoding: 'json',
    readsOnly: true,
  },
  /**
   * New: starts importing a CSV's students as a job (answers its id at once); rows with
   * problems are skipped, students already here left alone.
   */
  importUsers: {
    method: 'POST',
    path: '/api/import_users.php',
    access: 'admin',
    encoding: 'json',
    changes: ['users'],
  },
  /** New: the imports not dismissed, with their progress; the screen follows a running one. */
  getImportJobs: {
    method: 'GET',
    path: '/api/import_jobs.php',
    access: 'admin',
    encoding: 'query',
  },
  /**
   * New: a finished import's new students with their passwords, as CSV and for slips. A POST
   * that only reads: the service worker keeps a copy of every GET answer for offline use, and
   * these passwords must be gone once the import is dismissed.
   */
  importCredentials: {
    method: 'POST',
    path: '/api/import_credentials.php',
    access: 'admin',
    encoding: 'json',
    readsOnly: true,
  },
  /** New: an import leaves the screen and its stored passwords are deleted. */
  dismissImport: {
    method: 'POST',
    path: '/api/dismiss_import.php',
    access: 'admin',
    encoding: 'json',
    // No account changes: other screens need not hear of it.
    changes: [],
  },
  /** New: every user as CSV (name, username, email, gender, role, active, created). */
  exportUsers: {
    method: 'GET',
    path: '/api/export_users.php',
    access: 'admin',
    encoding: 'query',
  },
});
