import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { fromOldIdLink } from '../../shared/old-links';
import { hrefs, paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.sentItems,
    handle: offline.live,
    loader: fromOldIdLink(hrefs.sentItem),
    lazy: screen(() => import('./sent-items-screen')),
  },
  { path: paths.sentItem, handle: offline.live, lazy: screen(() => import('./sent-item-page')) },
];

export const studentRoutes: RouteObject[] = [];
