import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { fromOldIdLink } from '../../shared/old-links';
import { hrefs, paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(
    paths.sentItems,
    'live',
    () => import('./sent-items-screen'),
    fromOldIdLink(hrefs.sentItem),
  ),
  screenRoute(paths.sentItem, 'live', () => import('./sent-item-page')),
];

export const studentRoutes: RouteObject[] = [];
