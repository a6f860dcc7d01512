import { defineRoutes } from './meta.js';

export const assignmentRoutes = defineRoutes({
  sendAssignment: {
    method: 'POST',
    path: '/api/send_assignment.php',
    access: 'staff',
    reach: { user_id: 'student', user_ids: 'students', class_id: 'class' },
    encoding: 'multipart',
    errorShape: 'error',
    changes: ['assignments'],
  },
  /** View Assignments: every assignment for an admin, a teacher's students' for a teacher. */
  getAssignments: {
    method: 'GET',
    path: '/api/get_assignments.php',
    access: 'staff',
    reach: { user_id: 'student' },
    lists: true,
    encoding: 'query',
  },
  /** A click on a file link in View Assignments marks the assignment read (spec section 4). */
  markAssignmentRead: {
    method: 'POST',
    path: '/api/mark_assignment_read.php',
    access: 'staff',
    reach: { assignment_id: 'assignment', user_id: 'student' },
    encoding: 'json',
    changes: ['assignments'],
  },
  removeAssignment: {
    method: 'POST',
    path: '/api/remove_assignment.php',
    access: 'staff',
    reach: { assignment_id: 'assignment' },
    encoding: 'json',
    changes: ['assignments'],
  },
  getUserAssignments: {
    method: 'GET',
    path: '/api/get_user_assignments.php',
    access: 'user',
    encoding: 'query',
  },
  getUnreadAssignments: {
    method: 'GET',
    path: '/api/get_unread_assignments.php',
    access: 'user',
    encoding: 'query',
  },
  markAssignmentAsRead: {
    method: 'POST',
    path: '/api/mark_assignment_as_read.php',
    access: 'user',
    encoding: 'json',
    changes: ['assignments'],
  },
});
