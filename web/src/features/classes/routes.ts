import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { fromOldIdLink } from '../../shared/old-links';
import { hrefs, paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(
    paths.classes,
    'live',
    () => import('./classes-screen'),
    fromOldIdLink(hrefs.classPage),
  ),
  screenRoute(paths.classPage, 'live', () => import('./class-page')),
];

export const studentRoutes: RouteObject[] = [];
