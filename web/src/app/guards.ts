import { redirect } from 'react-router';
import { homeFor, readStoredUser } from '../api/session';
import { paths } from '../shared/paths';

/**
 * Who opens a group of screens: one role's own ('admin', 'teacher', 'user'), or 'staff',
 * those administrators and teachers both open (issue 29).
 */
export type ScreenRole = 'admin' | 'teacher' | 'user' | 'staff';

/** The homes of the roles that open each group of screens. */
const homesOf: Record<ScreenRole, readonly string[]> = {
  admin: [paths.adminHome],
  teacher: [paths.teacherHome],
  user: [paths.userHome],
  staff: [paths.adminHome, paths.teacherHome],
};

/**
 * Route guards, run before a screen renders: no stored user goes to /login; someone at a
 * screen not theirs goes to their own home (a student at an admin screen to /user, a teacher
 * at an admin-only one to /teacher, an admin at a student's to /admin). The server checks
 * every call on its own; these only spare people screens that would refuse them.
 */
export function requireRole(role: ScreenRole) {
  return () => {
    const user = readStoredUser();
    if (!user) throw redirect(paths.login);
    const home = homeFor(user.role);
    if (!homesOf[role].includes(home)) throw redirect(home);
    return null;
  };
}

/** Any signed-in user, whatever their role. */
export function requireSignedIn() {
  if (!readStoredUser()) throw redirect(paths.login);
  return null;
}

/** The login screen sends someone already signed in to their home. */
export function redirectSignedIn() {
  const user = readStoredUser();
  if (user) throw redirect(homeFor(user.role));
  return null;
}
