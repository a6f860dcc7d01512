import { defineRoutes } from './meta.js';

/**
 * A class's timetable (issue 29, point 4). The weekly pattern that makes it is the schedule's
 * saveClassSchedule; these read it and change one session for every member at once.
 */
export const timetableRoutes = defineRoutes({
  getClassSessions: {
    method: 'GET',
    path: '/api/get_class_sessions.php',
    access: 'staff',
    reach: { class_id: 'class' },
    encoding: 'query',
  },
  updateClassSession: {
    method: 'POST',
    path: '/api/update_class_session.php',
    access: 'staff',
    reach: { class_id: 'class', class_session_id: 'classSession' },
    encoding: 'json',
    changes: ['schedule', 'classes'],
  },
});
