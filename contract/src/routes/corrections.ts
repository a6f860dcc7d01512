import { defineRoutes } from './meta.js';

export const correctionRoutes = defineRoutes({
  sendCorrection: {
    method: 'POST',
    path: '/api/send_correction.php',
    access: 'staff',
    reach: { user_id: 'student', submission_id: 'submission' },
    encoding: 'multipart',
    errorShape: 'error',
    // A correction makes submissions corrected in the inbox, and tells the student (issue 27).
    changes: ['corrections', 'submissions', 'notifications'],
  },
  getCorrections: {
    method: 'GET',
    path: '/api/get_corrections.php',
    access: 'staff',
    lists: true,
    encoding: 'query',
  },
  deleteCorrection: {
    method: 'POST',
    path: '/api/delete_correction.php',
    access: 'staff',
    reach: { id: 'correction' },
    encoding: 'json',
    changes: ['corrections', 'submissions'],
  },
  studentsGetCorrections: {
    method: 'GET',
    path: '/api/students_get_corrections.php',
    access: 'user',
    encoding: 'query',
  },
});
