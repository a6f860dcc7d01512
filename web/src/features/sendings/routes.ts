import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { listRouteWithOldIdLinks } from '../../shared/old-links';
import { hrefs, paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  listRouteWithOldIdLinks(paths.sentItems, () => import('./sent-items-screen'), hrefs.sentItem),
  screenRoute(paths.sentItem, 'live', () => import('./sent-item-page')),
];

export const studentRoutes: RouteObject[] = [];
