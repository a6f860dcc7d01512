import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CallerCache } from './auth/caller-cache.js';
import { reaches, teachersOf } from './auth/reach.js';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase, pingDatabase } from './db/index.js';
import { nextWindowChange } from './domain/windows.js';
import accountRoutes from './features/accounts/routes.js';
import activityService from './features/activity/activity-service.js';
import activityRoutes from './features/activity/routes.js';
import assignmentRoutes from './features/assignments/routes.js';
import auditRoutes, { installAuditTrail } from './features/audit/routes.js';
import brandingRoutes from './features/branding/routes.js';
import { WebPages } from './features/branding/web-page.js';
import calendarRoutes from './features/calendar/routes.js';
import classRoutes from './features/classes/routes.js';
import correctionRoutes from './features/corrections/routes.js';
import dashboardRoutes from './features/dashboard/routes.js';
import emailService from './features/email/email-service.js';
import emailRoutes from './features/email/routes.js';
import flashcardRoutes from './features/flashcards/routes.js';
import guardianRoutes from './features/guardians/routes.js';
import outboxService from './features/messages/outbox-service.js';
import messageRoutes from './features/messages/routes.js';
import tellService from './features/messages/tell-service.js';
import notificationsService from './features/notifications/notifications-service.js';
import notificationRoutes from './features/notifications/routes.js';
import pushService from './features/push/push-service.js';
import pushRoutes from './features/push/routes.js';
import quizAnalysisRoutes from './features/quizzes/analysis/routes.js';
import quizBankRoutes from './features/quizzes/bank/routes.js';
import quizMistakeRoutes from './features/quizzes/mistakes/routes.js';
import quizPlacementRoutes from './features/quizzes/placement/routes.js';
import quizRegradeRoutes from './features/quizzes/regrade/routes.js';
import quizCloserService from './features/quizzes/taking/quiz-closer.js';
import quizRoutes from './features/quizzes/taking/routes.js';
import reminderService from './features/reminders/reminder-service.js';
import reportRoutes from './features/reports/routes.js';
import resultRoutes from './features/results/routes.js';
import rollRoutes from './features/roll/routes.js';
import scheduleRoutes from './features/schedules/routes.js';
import sendingRoutes from './features/sendings/routes.js';
import settingsRoutes from './features/settings/routes.js';
import type { SettingsCache } from './features/settings/settings-data.js';
import settingsService from './features/settings/settings-service.js';
import skillRoutes from './features/skills/routes.js';
import smsRoutes from './features/sms/routes.js';
import smsService from './features/sms/sms-service.js';
import speakingRoutes from './features/speaking/routes.js';
import studentRoutes from './features/students/routes.js';
import submissionRoutes from './features/submissions/routes.js';
import termRoutes from './features/terms/routes.js';
import timetableRoutes from './features/timetable/routes.js';
import joinCharges from './features/tuition/join-charges.js';
import paymentReminderService from './features/tuition/payment-reminders.js';
import tuitionRoutes from './features/tuition/routes.js';
import importService from './features/users/import-service.js';
import userRoutes from './features/users/routes.js';
import fileRoutes from './files/routes.js';
import { loadSigningSecret, signFileUrl } from './files/signing.js';
import type { AppDeps, BaseDeps } from './http/call.js';
import { errorBody, installErrorHandler } from './http/errors.js';
import { installJsonBodyParser } from './http/json-body.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installSlowRequestLimits } from './http/slow-requests.js';
import { installZodCompilers } from './http/validation.js';
import { ClockEvents } from './live/clock.js';
import { postgresChannel } from './live/cluster.js';
import { Live } from './live/live.js';
import { processChannel } from './live/process-channel.js';
import liveRoutes from './live/routes.js';
import pdfService from './pdf/pdf-service.js';
import { openFileStorage } from './storage/open-storage.js';
import type { FileStorage } from './storage/storage.js';
import { warnTo } from './warn.js';

export interface BuildOptions {
  config: Config;
  /** An already opened database (tests share one per file); opened from config otherwise. */
  database?: DatabaseHandle;
  now?: () => number;
  /** File storage; the one FILE_STORAGE names (a folder under DATA_DIR by default) otherwise. */
  storage?: FileStorage;
  /** Pino logger options; false for none (tests). */
  logger?: boolean | object;
}

/**
 * Builds the whole server: external plugins, then the app's own (dependencies, guard),
 * then the feature routes, then the web app. Tests call this and use app.inject; main.ts
 * only adds listen() and signals.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const logsRequests = ['debug', 'trace'].includes(config.LOG_LEVEL);
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // Students' browsers poll every 10 s; a log line per request is noise and cost. Errors
    // are still logged; LOG_LEVEL=debug turns request logs back on.
    logController: new LogController({ disableRequestLogging: !logsRequests }),
    // Believes X-Forwarded-For for exactly the proxies configured (Fastify answers a bare
    // hop count by believing nothing, and `true` believes a client's own entries too).
    trustProxy:
      config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    bodyLimit: 1_048_576,
    // Ids and tokens are short; a client that sends kilobytes of query string is wrong.
    routerOptions: { maxParamLength: 200 },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  // External plugins.
  installZodCompilers(app);
  installJsonBodyParser(app);
  installSlowRequestLimits(app, config.BODY_GRACE_SECONDS * 1000);
  installErrorHandler(app);
  installSecurityHeaders(app);
  await app.register(formbody);
  // JSON answers over 1 kB leave compressed (Brotli at its fast quality, or gzip, as the
  // client accepts). Only JSON: the web app's files are compressed at build time, stored
  // files (PDF, images, audio, Office) are compressed already or gain nothing, and the live
  // stream writes its own answer, which must pass every event at once. Requests are never
  // inflated: a body's size limit is the size that arrives.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1025,
    customTypes: /^application\/json(?:;|$)/,
    globalDecompression: false,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Academy API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  // The app's own dependencies: what the services stand on (the infrastructure's) first, then
  // the services, each a plugin naming the services it stands on (Fastify refuses to start
  // when one comes before a service it names), then, once every one is there, what the
  // handlers use.
  const warn = warnTo(app.log);
  const database = options.database ?? (await openDatabase(config, warn));
  const now = options.now ?? Date.now;
  const signingSecret = await loadSigningSecret(database.db, config);
  const storage = options.storage ?? (await openFileStorage(config));
  const base: BaseDeps = {
    db: database.db,
    config,
    now,
    storage,
    signingSecret,
    fileUrl: (fileId: number, userId: number) => signFileUrl(signingSecret, fileId, userId, now()),
    callers: new CallerCache(config.CALLER_CACHE_SECONDS * 1000),
    reaches: (teacherId, kind, value) => reaches(database.db, teacherId, kind, value),
  };
  app.decorate('base', base);
  app.decorateRequest('caller', null);
  app.decorateRequest('uploads', null);
  // Closed last: the services' own onClose hooks (pending last-seen times, say) run first.
  app.addHook('onClose', async () => {
    if (!options.database) await database.db.destroy();
    if (!options.storage) await storage.close?.();
  });
  for (const service of services) await app.register(service);
  const deps: AppDeps = {
    ...base,
    live: app.live,
    activity: app.activity,
    pdfs: app.pdfs,
    settings: app.settings,
    today: app.today,
    tell: app.tell,
    reminders: app.reminders,
    sendingFinisher: app.sendingFinisher,
    push: app.push,
    smsGateway: app.smsGateway,
    smsSender: app.smsSender,
    smsEstimate: app.smsEstimate,
    mailer: app.mailer,
    emailChannel: app.emailChannel,
    outbox: app.outbox,
    channels: app.channels,
    importJobs: app.importJobs,
    chargeJoiners: app.chargeJoiners,
  };
  app.decorate('deps', deps);

  // Feature routes, one plugin per domain; every admin write among them is audited.
  installAuditTrail(app);
  for (const feature of [
    accountRoutes,
    activityRoutes,
    brandingRoutes,
    userRoutes,
    notificationRoutes,
    scheduleRoutes,
    assignmentRoutes,
    submissionRoutes,
    correctionRoutes,
    flashcardRoutes,
    skillRoutes,
    speakingRoutes,
    auditRoutes,
    settingsRoutes,
    termRoutes,
    resultRoutes,
    reportRoutes,
    dashboardRoutes,
    classRoutes,
    timetableRoutes,
    rollRoutes,
    sendingRoutes,
    studentRoutes,
    calendarRoutes,
    messageRoutes,
    pushRoutes,
    smsRoutes,
    guardianRoutes,
    emailRoutes,
    fileRoutes,
    liveRoutes,
    quizBankRoutes,
    quizRoutes,
    quizMistakeRoutes,
    quizAnalysisRoutes,
    quizPlacementRoutes,
    quizRegradeRoutes,
    tuitionRoutes,
  ]) {
    await app.register(feature);
  }

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await pingDatabase(base.db);
    return { status: 'ok' };
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  registerWebApp(app, config.WEB_DIST, deps.settings);
  return app;
}

/**
 * The live streams as a service: changes reach the streams of this process and, when several
 * instances share PostgreSQL or this server runs on several processes, of every other; so do
 * ended sessions (live/live.ts). With them the clock's events (midnight, a skills window
 * opening), and the settings read again whenever any instance saves them. Here rather than in
 * live/, which names no feature: it calls the settings, the activity and the skills back.
 */
const liveService = fp(
  async function liveService(app: FastifyInstance) {
    const { db, now, config, callers } = app.base;
    const { settings, activity } = app;
    const warn = warnTo(app.log);
    // Whenever any instance saves the settings, every instance reads them again.
    const settingsChanged = () =>
      settings
        .reload()
        .then(() => clock.timeZoneChanged())
        .catch((error) => warn(error, 'could not read the settings again'));
    const live = new Live({
      db,
      now,
      callers,
      channel: config.DATABASE_URL
        ? postgresChannel({ connectionString: config.DATABASE_URL, schema: config.DATABASE_SCHEMA })
        : cluster.isWorker
          ? processChannel()
          : undefined,
      // A browser with a stream open is here: its stream stands in for the activity ping.
      onAlive: (userId, at) => activity.record(userId, at),
      teachersOf: (studentIds) => teachersOf(db, studentIds),
      onChange: (topic) => {
        if (topic === 'skills' || topic === 'speaking') clock.windowsChanged();
        if (topic === 'settings') void settingsChanged();
      },
      // A notice of saved settings may have been missed while this instance could not hear.
      onHearingAgain: () => void settingsChanged(),
      warn,
    });
    const clock = new ClockEvents({
      now,
      timeZone: () => settings.current.timeZone,
      nextWindowChange: (at) => nextWindowChange(db, at),
      deliver: (topic, audience) => live.hub.deliver(topic, audience),
      warn,
    });
    await live.ready;
    app.decorate('live', live);
    app.addHook('onReady', async () => {
      clock.start();
    });
    // Open streams would hold the server open: they end first (browsers reconnect elsewhere).
    app.addHook('preClose', async () => {
      clock.stop();
      await live.close();
    });
  },
  { name: 'live', dependencies: ['settings', 'activity'] },
);

/**
 * The services, in an order where each comes after those it names (`dependencies`): Fastify
 * checks it at start, and services.test.ts holds it.
 */
export const services = [
  activityService,
  pdfService,
  settingsService,
  tellService,
  liveService,
  reminderService,
  notificationsService,
  pushService,
  smsService,
  emailService,
  outboxService,
  importService,
  quizCloserService,
  paymentReminderService,
  joinCharges,
];

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated;
 * client routes fall back to index.html; unknown /api calls stay JSON 404s.
 */
function registerWebApp(app: FastifyInstance, webDist: string, settings: SettingsCache): void {
  const indexFile = path.join(webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  // A screen's page: the built index.html with the branding in it, and a drawn shell of the
  // login and student home screens (features/branding/web-page.ts).
  const pages = new WebPages(indexFile);
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz copies (scripts/precompress.mjs); browsers that accept
      // them get those.
      preCompressed: true,
      // setHeaders decides Cache-Control; send's own header would overwrite it afterwards.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Vary', 'Accept-Encoding');
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built; serving the API only');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (hasWebApp && wantsPage && !path.extname(pathname)) {
      reply.header('Cache-Control', 'no-cache');
      const page = await pages.render(pathname, settings.current, request.headers.cookie);
      if (!page) return reply.sendFile('index.html');
      reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding, Cookie');
      if (page.personal) reply.header('Cache-Control', 'private, no-cache');
      if (!/\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')))
        return reply.send(page.html);
      return reply.header('Content-Encoding', 'br').send(page.br);
    }
    return reply
      .status(404)
      .send(errorBody('message', `No such call: ${request.method} ${pathname}`));
  });
}
