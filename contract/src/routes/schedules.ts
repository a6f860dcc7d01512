import { defineRoutes } from './meta.js';

export const scheduleRoutes = defineRoutes({
  saveSchedule: {
    method: 'POST',
    path: '/api/save_schedule.php',
    access: 'admin',
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
    access: 'admin',
    encoding: 'json',
    errorShape: 'status',
    changes: ['schedule'],
  },
  /** New: an admin deletes one session of a student's schedule, by its number. */
  deleteSession: {
    method: 'POST',
    path: '/api/delete_schedule_session.php',
    access: 'admin',
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
