import { defineRoutes } from './meta.js';

export const submissionRoutes = defineRoutes({
  uploadAssignment: {
    method: 'POST',
    path: '/api/upload_assignment.php',
    access: 'user',
    encoding: 'multipart',
    changes: ['submissions'],
  },
  /** The admin's inbox of student submissions. */
  sendToInbox: {
    method: 'GET',
    path: '/api/send_to_inbox.php',
    access: 'admin',
    encoding: 'query',
  },
});
