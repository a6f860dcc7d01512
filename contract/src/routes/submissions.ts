import { defineRoutes } from './meta.js';

export const submissionRoutes = defineRoutes({
  uploadAssignment: {
    method: 'POST',
    path: '/api/upload_assignment.php',
    access: 'user',
    encoding: 'multipart',
    // A submission naming an assignment moves that assignment's state in both lists.
    changes: ['submissions', 'assignments'],
  },
  /** The admin's inbox of student submissions. */
  sendToInbox: {
    method: 'GET',
    path: '/api/send_to_inbox.php',
    access: 'staff',
    reach: { user_id: 'student' },
    lists: true,
    encoding: 'query',
  },
});
