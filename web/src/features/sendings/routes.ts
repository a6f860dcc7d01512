import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { listRouteWithOldIdLinks } from '../../shared/old-links';
import { hrefs, paths } from '../../shared/paths';

/** A teacher follows what they sent; an administrator every sent item (issue 29). */
export const staffRoutes: RouteObject[] = [
  listRouteWithOldIdLinks(paths.sentItems, () => import('./sent-items-screen'), hrefs.sentItem),
  screenRoute(paths.sentItem, 'live', () => import('./sent-item-page')),
];

export const studentRoutes: RouteObject[] = [];
