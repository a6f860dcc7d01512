import type { RouteObject } from 'react-router';
import * as activity from '../features/activity/routes';
import * as assignments from '../features/assignments/routes';
import * as audit from '../features/audit/routes';
import * as classes from '../features/classes/routes';
import * as corrections from '../features/corrections/routes';
import * as flashcards from '../features/flashcards/routes';
import * as messages from '../features/messages/routes';
import * as notifications from '../features/notifications/routes';
import * as quizzes from '../features/quizzes/routes';
import * as results from '../features/results/routes';
import * as roll from '../features/roll/routes';
import * as schedules from '../features/schedules/routes';
import * as sendings from '../features/sendings/routes';
import * as settings from '../features/settings/routes';
import { TimeZoneGate } from '../features/settings/time-zone-gate';
import * as skills from '../features/skills/routes';
import * as speaking from '../features/speaking/routes';
import * as students from '../features/students/routes';
import * as submissions from '../features/submissions/routes';
import * as tuition from '../features/tuition/routes';
import * as users from '../features/users/routes';
import { screenRoute } from '../shared/lazy';
import { paths } from '../shared/paths';
import { requireRole, requireSignedIn } from './guards';

/**
 * The screens of someone signed in: every route beyond the few anyone opens (app/router.tsx).
 * Not in the entry: the login screen does not need them (bench:size's budget), so the router
 * fetches this chunk the first time it is asked for a path its own routes do not match, and
 * adds these under the root route as they are, in this order.
 */

/**
 * The features' screens, each feature's for the admin, for the student, (issue 29) for
 * staff: administrators and teachers both, and (issue 49) for anyone signed in.
 */
const features: {
  adminRoutes?: RouteObject[];
  staffRoutes?: RouteObject[];
  studentRoutes?: RouteObject[];
  signedInRoutes?: RouteObject[];
  /** Screens only a teacher sees (a teacher's own pay, issue 52). */
  teacherRoutes?: RouteObject[];
}[] = [
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
  results,
  messages,
  quizzes,
  tuition,
];

/** Screens only an admin sees; a student who opens one goes to /user, a teacher to /teacher. */
const adminScreens: RouteObject[] = [
  screenRoute(paths.adminHome, 'live', () => import('../features/home/admin-dashboard-screen')),
  ...features.flatMap((feature) => feature.adminRoutes ?? []),
];

/**
 * Screens administrators and teachers both see (issue 29): a teacher's calls reach only the
 * classes they teach, and the screens leave out what only an administrator may do.
 */
const staffScreens: RouteObject[] = features.flatMap((feature) => feature.staffRoutes ?? []);

/** Screens only a teacher sees; anyone else who opens one goes to their own home. */
const teacherScreens: RouteObject[] = [
  screenRoute(
    paths.teacherHome,
    'teacherDay',
    () => import('../features/home/teacher-home-screen'),
  ),
  ...features.flatMap((feature) => feature.teacherRoutes ?? []),
];

/**
 * Screens only a student sees; an admin who opens one goes to /admin. The student home is in
 * the entry (app/router.tsx).
 */
const studentScreens: RouteObject[] = features.flatMap((feature) => feature.studentRoutes ?? []);

export const signedInRoutes: RouteObject[] = [
  screenRoute(
    paths.changePassword,
    'form',
    () => import('../features/accounts/change-password-screen'),
    requireSignedIn,
  ),
  // Each person's own choices of channels (issue 31): students, teachers, administrators.
  screenRoute(
    paths.messageChoices,
    'form',
    () => import('../features/messages/message-choices-screen'),
    requireSignedIn,
  ),
  // Each person's own notifications: a student's, and staff's (issue 49, point 3).
  {
    loader: requireSignedIn,
    children: features.flatMap((feature) => feature.signedInRoutes ?? []),
  },
  // Until the academy's time zone is confirmed, an administrator is asked for it first;
  // a teacher, who cannot save settings, passes the gate (settings/time-zone-gate.tsx).
  { loader: requireRole('admin'), element: <TimeZoneGate />, children: adminScreens },
  { loader: requireRole('staff'), element: <TimeZoneGate />, children: staffScreens },
  { loader: requireRole('teacher'), children: teacherScreens },
  { loader: requireRole('user'), children: studentScreens },
];
