import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.roll, handle: offline.roll, lazy: screen(() => import('./roll-screen')) },
];
