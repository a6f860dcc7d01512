import { matchPath, useLocation } from 'react-router';
import { useRole } from '../../api/role';
import { backTo, paths } from '../../shared/paths';

/** Where the page was opened from, by the screen's name; Users when it is not known. */
const screenNames: Record<string, string> = {
  [paths.viewUsers]: 'View Users',
  [paths.viewAssignments]: 'View Assignments',
  [paths.inbox]: 'Inbox',
  [paths.sent]: 'Sent Corrections',
  [paths.allNotifications]: 'All Notifications',
  [paths.onlineUsers]: 'Online Users',
  [paths.studentLeitnerBox]: 'Student Leitner Box',
  [paths.skillContent]: 'Exams and Skill Builder',
  [paths.auditLog]: 'Audit Log',
  [paths.sentItems]: 'Sent Items',
  [paths.sentItem]: 'Sent Items',
  [paths.classes]: 'Classes',
  [paths.classPage]: 'Classes',
  [paths.teacherHome]: 'Home',
};

/**
 * Back to the screen the page was opened from (the link's state), else to View Users (a
 * teacher, who cannot open it, to their home).
 */
export function useBackLink() {
  const isTeacher = useRole() === 'teacher';
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/')) {
    const pathname = from.split('?')[0] ?? '';
    const name = Object.entries(screenNames).find(([path]) => matchPath(path, pathname))?.[1];
    return { to: from, label: name ? `Back to ${name}` : 'Back' };
  }
  return isTeacher ? backTo.teacherHome : { to: paths.viewUsers, label: 'Back to Users' };
}
