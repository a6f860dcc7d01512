import { defineRoutes } from './meta.js';

/**
 * The roll (issue 29, point 6): who came to a class session, saved whole in one request.
 * A saved roll changes the students' schedules (Held or Missed) and may tell a student they
 * reached the absence warning or limit.
 */
export const rollRoutes = defineRoutes({
  /** A student's own attendance this term (an admin: any student's). */
  getAttendance: {
    method: 'GET',
    path: '/api/get_attendance.php',
    access: 'user',
    encoding: 'query',
  },
  getRoll: {
    method: 'GET',
    path: '/api/get_roll.php',
    access: 'staff',
    reach: { class_session_id: 'classSession' },
    encoding: 'query',
  },
  saveRoll: {
    method: 'POST',
    path: '/api/save_roll.php',
    access: 'staff',
    reach: { class_session_id: 'classSession' },
    encoding: 'json',
    changes: ['schedule', 'classes', 'notifications'],
  },
  /** New (issue 29, point 9): a class's attendance this term, students by sessions. */
  getClassAttendance: {
    method: 'GET',
    path: '/api/get_class_attendance.php',
    access: 'staff',
    encoding: 'query',
    reach: { class_id: 'class' },
  },
  /** The same grid as CSV. */
  exportClassAttendance: {
    method: 'GET',
    path: '/api/export_class_attendance.php',
    access: 'staff',
    encoding: 'query',
    reach: { class_id: 'class' },
  },
  /** New (issue 29, point 9): the students at or over the warning threshold this term. */
  getAttendanceWarnings: {
    method: 'GET',
    path: '/api/get_attendance_warnings.php',
    access: 'staff',
    encoding: 'query',
    lists: true,
  },
  /** The same list as CSV, every page. */
  exportAttendanceWarnings: {
    method: 'GET',
    path: '/api/export_attendance_warnings.php',
    access: 'staff',
    encoding: 'query',
    lists: true,
  },
});
