import { defineRoutes } from './meta.js';

/**
 * New (issue 31, point 4): a student's guardians, on the student's page, and which kinds of
 * message go to guardians too, on Settings. A teacher reads their students' guardians (to
 * call a parent); only an administrator adds, changes or removes one, since a guardian's
 * number and address receive the student's absences and results, and each SMS costs the
 * academy (docs/decisions.md).
 */
export const guardianRoutes = defineRoutes({
  listGuardians: {
    method: 'GET',
    path: '/api/get_guardians.php',
    access: 'staff',
    reach: { user_id: 'student' },
    encoding: 'query',
  },
  /** Adds a guardian (no guardian_id) or changes one of this student's. */
  saveGuardian: {
    method: 'POST',
    path: '/api/save_guardian.php',
    access: 'admin',
    encoding: 'json',
    changes: ['users'],
  },
  deleteGuardian: {
    method: 'POST',
    path: '/api/delete_guardian.php',
    access: 'admin',
    encoding: 'json',
    changes: ['users'],
  },
  getGuardianKinds: {
    method: 'GET',
    path: '/api/get_guardian_kinds.php',
    access: 'admin',
    encoding: 'query',
  },
  saveGuardianKinds: {
    method: 'POST',
    path: '/api/save_guardian_kinds.php',
    access: 'admin',
    encoding: 'json',
    changes: ['settings'],
  },
});
