import { defineRoutes } from './meta.js';

/**
 * A schedule's student, for a teacher (issue 29): one of their classes' students, named by id.
 * A name is never one of a teacher's ids, so a teacher naming a student by name is refused.
 */
const STUDENT = { user_id: 'student', student_name: 'student' } as const;

export const scheduleRoutes = defineRoutes({
  saveSchedule: {
    method: 'POST',
    path: '/api/save_schedule.php',
    access: 'staff',
    reach: STUDENT,
    encoding: 'json',
    errorShape: 'status',
    changes: ['schedule'],
  },
  /** A student reads only their own schedule; an admin reads anyone's. */
  getSchedule: {
    method: 'POST',
    path: '/api/get_schedule.php',
    access: 'user',
    encoding: 'json',
    errorShape: 'status',
    readsOnly: true,
  },
  updateSchedule: {
    method: 'POST',
    path: '/api/update_schedule.php',
    access: 'staff',
    reach: STUDENT,
    encoding: 'json',
    errorShape: 'status',
    changes: ['schedule'],
  },
  /** New: staff delete one session of a student's schedule, by its number. */
  deleteSession: {
    method: 'POST',
    path: '/api/delete_schedule_session.php',
    access: 'staff',
    reach: STUDENT,
    encoding: 'json',
    errorShape: 'status',
    changes: ['schedule'],
  },
  /**
   * New: a weekly pattern's sessions for every student of a class, each numbered after that
   * student's own last session.
   */
  saveClassSchedule: {
    method: 'POST',
    path: '/api/save_class_schedule.php',
    access: 'staff',
    reach: { class_id: 'class' },
    encoding: 'json',
    changes: ['schedule'],
  },
});
