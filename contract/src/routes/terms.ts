import { defineRoutes } from './meta.js';

/**
 * New (issue 30, point 2): the academy's terms, set by an administrator in Settings. The list
 * holds nothing personal (names and days), so every signed-in user may read it: a student's
 * and a teacher's screens name the current term their figures count within.
 */
export const termRoutes = defineRoutes({
  listTerms: {
    method: 'GET',
    path: '/api/list_terms.php',
    access: 'user',
    encoding: 'query',
  },
  /** Adds a term (no id) or changes one. */
  saveTerm: {
    method: 'POST',
    path: '/api/save_term.php',
    access: 'admin',
    encoding: 'json',
    changes: ['settings'],
  },
  deleteTerm: {
    method: 'POST',
    path: '/api/delete_term.php',
    access: 'admin',
    encoding: 'json',
    changes: ['settings'],
  },
});
