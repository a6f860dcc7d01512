import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { warnTo } from '../../warn.js';
import { ImportJobs } from './import-jobs.js';

declare module '../../http/call.js' {
  interface AppServices {
    /** Students' imports, run as jobs on this instance (import-jobs.ts). */
    importJobs: ImportJobs;
  }
}

/**
 * The imports service: students' imports run beside the requests, reading the settings in
 * force at each import (the academy's zone may change), and tell administrators' screens when
 * students are written. A stopping server ends its running imports as interrupted (the jobs
 * stay as a record).
 */
async function importService(app: FastifyInstance) {
  const { db, now } = app.base;
  const { settings, today, live } = app;
  const jobs = new ImportJobs({
    db,
    now,
    today,
    timeZone: () => settings.current.timeZone,
    live,
    warn: warnTo(app.log),
  });
  app.decorate('importJobs', jobs);
  app.addHook('preClose', () => jobs.stop());
}

export default fp(importService, { name: 'imports', dependencies: ['settings', 'live'] });
