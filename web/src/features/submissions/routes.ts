import type { RouteObject } from 'react-router';

/** Admin screens of this domain (lazy, guarded by the router's admin group). */
export const adminRoutes: RouteObject[] = [];

/** Student screens of this domain (lazy, guarded by the router's student group). */
export const studentRoutes: RouteObject[] = [];
