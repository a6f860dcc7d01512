import { createBrowserRouter, type RouteObject } from 'react-router';
import * as activity from '../features/activity/routes';
import * as assignments from '../features/assignments/routes';
import * as audit from '../features/audit/routes';
import * as classes from '../features/classes/routes';
import * as corrections from '../features/corrections/routes';
import * as flashcards from '../features/flashcards/routes';
import * as notifications from '../features/notifications/routes';
import * as roll from '../features/roll/routes';
import * as schedules from '../features/schedules/routes';
import * as sendings from '../features/sendings/routes';
import * as settings from '../features/settings/routes';
import { TimeZoneGate } from '../features/settings/time-zone-gate';
import * as skills from '../features/skills/routes';
import * as speaking from '../features/speaking/routes';
import { isSplashDone } from '../features/startup/splash';
import * as students from '../features/students/routes';
import * as submissions from '../features/submissions/routes';
import * as users from '../features/users/routes';
import { screen } from '../shared/lazy';
import { offline } from '../shared/offline-notes';
import { paths } from '../shared/paths';
import ErrorScreen from './error-screen';
import { redirectSignedIn, requireRole, requireSignedIn } from './guards';
import RootLayout from './root-layout';

/** Screens only an admin sees; a student who opens one goes to /user. */
const adminScreens: RouteObject[] = [
  {
    path: paths.adminHome,
    handle: offline.live,
    lazy: screen(() => import('../features/home/admin-dashboard-screen')),
  },
  ...users.adminRoutes,
  ...notifications.adminRoutes,
  ...activity.adminRoutes,
  ...schedules.adminRoutes,
  ...assignments.adminRoutes,
  ...submissions.adminRoutes,
  ...corrections.adminRoutes,
  ...flashcards.adminRoutes,
  ...skills.adminRoutes,
  ...audit.adminRoutes,
  ...settings.adminRoutes,
  ...classes.adminRoutes,
  ...roll.adminRoutes,
  ...sendings.adminRoutes,
  ...students.adminRoutes,
];

/** Screens only a student sees; an admin who opens one goes to /admin. */
const studentScreens: RouteObject[] = [
  {
    path: paths.userHome,
    handle: offline.menu,
    lazy: screen(() => import('../features/home/student-home-screen')),
  },
  ...users.studentRoutes,
  ...notifications.studentRoutes,
  ...activity.studentRoutes,
  ...schedules.studentRoutes,
  ...assignments.studentRoutes,
  ...submissions.studentRoutes,
  ...corrections.studentRoutes,
  ...flashcards.studentRoutes,
  ...skills.studentRoutes,
  ...speaking.studentRoutes,
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    // Guards are loaders; nothing to show for the instant they take on the first load.
    hydrateFallbackElement: null,
    children: [
      {
        path: paths.root,
        handle: offline.login,
        loader: () => (isSplashDone() ? redirectSignedIn() : null),
        lazy: screen(() => import('../features/startup/start-screen')),
      },
      {
        path: paths.login,
        handle: offline.login,
        loader: redirectSignedIn,
        lazy: screen(() => import('../features/accounts/login-screen')),
      },
      {
        path: paths.loading,
        handle: offline.login,
        lazy: screen(() => import('../features/startup/loading-screen')),
      },
      {
        path: paths.changePassword,
        handle: offline.form,
        loader: requireSignedIn,
        lazy: screen(() => import('../features/accounts/change-password-screen')),
      },
      // Until the academy's time zone is confirmed, an administrator is asked for it first.
      { loader: requireRole('admin'), element: <TimeZoneGate />, children: adminScreens },
      { loader: requireRole('user'), children: studentScreens },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
