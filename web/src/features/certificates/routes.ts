import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/**
 * Anyone's, signed in or not (issue 30, point 6): the check of a certificate's code, which its
 * QR code opens. Loaded only when opened.
 */
export const publicRoutes: RouteObject[] = [
  screenRoute(paths.verify, 'live', () => import('./verify-screen')),
  screenRoute(paths.verifyCertificate, 'live', () => import('./verify-screen')),
];
