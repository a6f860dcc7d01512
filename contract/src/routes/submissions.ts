import { defineRoutes } from './meta.js';

export const submissionRoutes = defineRoutes({
  uploadAssignment: {
    method: 'POST',
    path: '/api/upload_assignment.php',
    access: 'user',
    encoding: 'multipart',
    upload: {
      fields: ['files', 'files[]'],
      maxFiles: 10,
      kind: 'document',
      messages: {
        tooMany: 'You cannot select more than 10 files.',
        tooLarge: 'File size cannot be larger than 5 MB.',
        wrongType: 'Only JPG, JPEG, PNG and PDF files are accepted.',
      },
    },
  },
  /** The admin's inbox of student submissions. */
  sendToInbox: {
    method: 'GET',
    path: '/api/send_to_inbox.php',
    access: 'admin',
    encoding: 'query',
  },
});
