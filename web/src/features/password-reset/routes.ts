import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/**
 * Anyone's, signed in or not (issue 31, point 3): "Forgot password?" from the login screen, and
 * the screen its e-mailed link opens. Loaded only when opened.
 */
export const publicRoutes: RouteObject[] = [
  screenRoute(paths.forgotPassword, 'form', () => import('./forgot-password-screen')),
  screenRoute(paths.resetPassword, 'form', () => import('./reset-password-screen')),
];
