import { defineRoutes } from './meta.js';

export const auditRoutes = defineRoutes({
  /** New: the admins' record of who changed what. */
  auditLog: { method: 'GET', path: '/api/audit_log.php', access: 'admin', encoding: 'query' },
});
