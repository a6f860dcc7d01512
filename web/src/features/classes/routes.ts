import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { listRouteWithOldIdLinks } from '../../shared/old-links';
import { hrefs, paths } from '../../shared/paths';

/** A teacher opens these for the classes they teach (issue 29). */
export const staffRoutes: RouteObject[] = [
  listRouteWithOldIdLinks(paths.classes, () => import('./classes-screen'), hrefs.classPage),
  screenRoute(paths.classPage, 'live', () => import('./class-page')),
];

export const studentRoutes: RouteObject[] = [];
