import { defineRoutes } from './meta.js';

export const correctionRoutes = defineRoutes({
  sendCorrection: {
    method: 'POST',
    path: '/api/send_correction.php',
    access: 'admin',
    encoding: 'multipart',
    errorShape: 'error',
    upload: {
      fields: ['file1', 'file2', 'file3', 'file4', 'file5'],
      maxFiles: 5,
      kind: 'material',
      messages: {
        tooMany: 'You can send at most 5 files.',
        tooLarge: 'File size cannot be larger than 5 MB.',
        wrongType: 'Only PDF, Word, PowerPoint, Excel, image or audio files are accepted.',
      },
    },
  },
  getCorrections: {
    method: 'GET',
    path: '/api/get_corrections.php',
    access: 'admin',
    encoding: 'query',
  },
  deleteCorrection: {
    method: 'POST',
    path: '/api/delete_correction.php',
    access: 'admin',
    encoding: 'json',
  },
  studentsGetCorrections: {
    method: 'GET',
    path: '/api/students_get_corrections.php',
    access: 'user',
    encoding: 'query',
  },
});
