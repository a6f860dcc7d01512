import { redirect } from 'react-router';
import { homeFor, readStoredUser } from '../api/session';
import { paths } from '../shared/paths';

/**
 * Route guards, run before a screen renders: no stored user goes to /login; a student at
 * an admin screen goes to /user and an admin at a student screen to /admin. The server
 * checks every call on its own; these only spare people screens that would refuse them.
 */
export function requireRole(role: 'admin' | 'user') {
  return () => {
    const user = readStoredUser();
    if (!user) throw redirect(paths.login);
    const home = homeFor(user.role);
    if (home !== (role === 'admin' ? paths.adminHome : paths.userHome)) throw redirect(home);
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
