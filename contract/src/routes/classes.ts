import { defineRoutes } from './meta.js';

/**
 * Classes (new): named groups of students an administrator sends work to at once. A student
 * may be in several; an archived class keeps its students but is offered nowhere.
 */
export const classRoutes = defineRoutes({
  getClasses: {
    method: 'GET',
    path: '/api/get_classes.php',
    access: 'staff',
    lists: true,
    encoding: 'query',
  },
  createClass: {
    method: 'POST',
    path: '/api/create_class.php',
    access: 'admin',
    encoding: 'json',
    changes: ['classes'],
  },
  /** Renames, archives or brings back a class. */
  updateClass: {
    method: 'POST',
    path: '/api/update_class.php',
    access: 'admin',
    encoding: 'json',
    changes: ['classes'],
  },
  getClassStudents: {
    method: 'GET',
    path: '/api/get_class_students.php',
    access: 'staff',
    reach: { class_id: 'class' },
    encoding: 'query',
  },
  addClassStudents: {
    method: 'POST',
    path: '/api/add_class_students.php',
    access: 'admin',
    encoding: 'json',
    // New members get the class's sessions to come (its timetable), and its fees in force
    // (issue 52: joining charges them).
    changes: ['classes', 'schedule', 'tuition'],
  },
  removeClassStudents: {
    method: 'POST',
    path: '/api/remove_class_students.php',
    access: 'admin',
    encoding: 'json',
    changes: ['classes', 'schedule'],
  },
  /** The classes one student is in (their page). */
  getStudentClasses: {
    method: 'GET',
    path: '/api/get_student_classes.php',
    access: 'staff',
    reach: { user_id: 'student' },
    lists: true,
    encoding: 'query',
  },
  /** New (issue 29): an administrator gives a class its teachers; those removed lose it at once. */
  setClassTeachers: {
    method: 'POST',
    path: '/api/set_class_teachers.php',
    access: 'admin',
    encoding: 'json',
    changes: ['classes'],
  },
  /** New (issue 29): the active teachers, to choose a class's teachers from. */
  getTeachers: {
    method: 'GET',
    path: '/api/get_teachers.php',
    access: 'admin',
    encoding: 'query',
  },
});
