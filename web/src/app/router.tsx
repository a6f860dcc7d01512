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
import { screenRoute } from '../shared/lazy';
import { paths } from '../shared/paths';
import ErrorScreen from './error-screen';
import { redirectSignedIn, requireRole, requireSignedIn } from './guards';
import RootLayout from './root-layout';

/** The features' screens, each feature's for the admin and for the student. */
const features: { adminRoutes?: RouteObject[]; studentRoutes?: RouteObject[] }[] = [
  users,
  notifications,
  activity,
  schedules,
  assignments,
  submissions,
  corrections,
  flashcards,
  skills,
  audit,
  settings,
  classes,
  roll,
  sendings,
  students,
  speaking,
];

/** Screens only an admin sees; a student who opens one goes to /user. */
const adminScreens: RouteObject[] = [
  screenRoute(paths.adminHome, 'live', () => import('../features/home/admin-dashboard-screen')),
  ...features.flatMap((feature) => feature.adminRoutes ?? []),
];

/** Screens only a student sees; an admin who opens one goes to /admin. */
const studentScreens: RouteObject[] = [
  screenRoute(paths.userHome, 'menu', () => import('../features/home/student-home-screen')),
  ...features.flatMap((feature) => feature.studentRoutes ?? []),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    // Guards are loaders; nothing to show for the instant they take on the first load.
    hydrateFallbackElement: null,
    children: [
      screenRoute(
        paths.root,
        'login',
        () => import('../features/startup/start-screen'),
        () => (isSplashDone() ? redirectSignedIn() : null),
      ),
      screenRoute(
        paths.login,
        'login',
        () => import('../features/accounts/login-screen'),
        redirectSignedIn,
      ),
      screenRoute(paths.loading, 'login', () => import('../features/startup/loading-screen')),
      screenRoute(
        paths.changePassword,
        'form',
        () => import('../features/accounts/change-password-screen'),
        requireSignedIn,
      ),
      // Until the academy's time zone is confirmed, an administrator is asked for it first.
      { loader: requireRole('admin'), element: <TimeZoneGate />, children: adminScreens },
      { loader: requireRole('user'), children: studentScreens },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
