import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { fromOldIdLink } from '../../shared/old-links';
import { hrefs, paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.classes,
    handle: offline.live,
    loader: fromOldIdLink(hrefs.classPage),
    lazy: screen(() => import('./classes-screen')),
  },
  { path: paths.classPage, handle: offline.live, lazy: screen(() => import('./class-page')) },
];

export const studentRoutes: RouteObject[] = [];
