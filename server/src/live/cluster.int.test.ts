import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type DatabaseHandle, openDatabase } from '../db/index.js';
import {
  bearer,
  closeApp,
  createTestApp,
  formAs,
  multipartAs,
  type TestApp,
  type TestUser,
} from '../test-support/harness.js';
import { openStream, type TestStream } from '../test-support/live-stream.js';

// Two instances on one PostgreSQL schema, each with its own token cache (trusted for the
// default 60 s) and its own live streams: a session ended on one must end on the other at
// once, not a minute later, and a change made through one reaches the streams of the other.
const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('two instances on one database', () => {
  let t: TestApp;
  let otherDatabase: DatabaseHandle;
  let other: FastifyInstance;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    otherDatabase = await openDatabase(t.config);
    other = await buildApp({
      config: t.config,
      database: otherDatabase,
      now: () => t.clock.now,
      logger: false,
    });
    await other.ready();
    admin = await t.admin();
  });
  const otherServer = { url: () => other.listen({ port: 0, host: '127.0.0.1' }) };
  let otherUrl: Promise<string> | undefined;
  const onOther = { url: () => (otherUrl ??= otherServer.url()) };
  const streams: TestStream[] = [];
  const streamOnOther = async (token: string) => {
    const s = await openStream(onOther, token);
    streams.push(s);
    return s;
  };

  afterAll(async () => {
    for (const s of streams) s.close();
    await closeApp(other);
    await otherDatabase.db.destroy();
    await t.close();
  });

  const poll = (app: FastifyInstance, student: TestUser) =>
    app.inject({
      method: 'GET',
      url: `/api/get_unread_assignments.php?user_id=${student.id}`,
      headers: bearer(student.token),
    });
  /** Whether `app` still trusts the token without asking the database. */
  const remembers = (app: FastifyInstance, student: TestUser) =>
    app.deps.callers.get(student.token, t.clock.now) !== undefined;
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(condition()).toBe(true);
  };

  /** A student whose token the other instance has looked up and now trusts. */
  async function rememberedStudent() {
    const student = await t.student();
    expect((await poll(other, student)).statusCode).toBe(200);
    expect(remembers(other, student)).toBe(true);
    return student;
  }

  it('a change made through one instance reaches a stream held by the other', async () => {
    const student = await t.student();
    const stream = await streamOnOther(student.token);
    const sent = await t.inject({
      method: 'POST',
      url: '/api/add_notification.php',
      ...formAs(admin.token, { user_id: String(student.id), message: 'Across instances' }),
    });
    expect(sent.statusCode).toBe(200);
    await stream.change('notifications');
    // Heard once, not also as this instance's own notice coming back.
    expect(stream.topics()).toEqual(['notifications']);
  });

  it('settings saved through one instance are answered by the other at once', async () => {
    const config = () => other.inject({ method: 'GET', url: '/api/app_config.php' });
    expect((await config()).json().academyName).toBe('Academy');
    const saved = await t.inject({
      method: 'POST',
      url: '/api/save_settings.php',
      ...multipartAs(admin.token, { academy_name: 'Told Academy', time_zone: 'Asia/Tehran' }),
    });
    expect(saved.statusCode).toBe(200);
    // The other instance keeps the settings in memory: only the cluster's notice refreshes them.
    await until(() => other.deps.settings.current.academyName === 'Told Academy');
    expect((await config()).json().academyName).toBe('Told Academy');
    expect(other.deps.settings.current.timeZone).toBe('Asia/Tehran');
  });

  it('a session ended on one instance ends its streams on the other', async () => {
    const student = await t.student();
    const stream = await streamOnOther(student.token);
    await t.inject({
      method: 'POST',
      url: '/api/logout.php',
      headers: bearer(student.token),
      payload: {},
    });
    await stream.next((e) => e.event === 'ended');
    await stream.ended;
  });

  it('logout', async () => {
    const student = await rememberedStudent();
    const out = await t.inject({
      method: 'POST',
      url: '/api/logout.php',
      headers: bearer(student.token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await until(() => !remembers(other, student));
    expect((await poll(other, student)).statusCode).toBe(401);
  });

  it('deactivation, and a password reset', async () => {
    const deactivated = await rememberedStudent();
    const reset = await rememberedStudent();
    const kept = await rememberedStudent();
    await t.inject({
      method: 'POST',
      url: '/api/set_user_active.php',
      headers: bearer(admin.token),
      payload: { user_id: deactivated.id, active: false },
    });
    await t.inject({
      method: 'POST',
      url: '/api/reset_password.php',
      headers: bearer(admin.token),
      payload: { user_id: reset.id, new_password: 'a-brand-new-password' },
    });
    await until(() => !remembers(other, deactivated) && !remembers(other, reset));
    expect((await poll(other, deactivated)).statusCode).toBe(401);
    expect((await poll(other, reset)).statusCode).toBe(401);
    // Other students' sessions are not touched.
    expect(remembers(other, kept)).toBe(true);
    expect((await poll(other, kept)).statusCode).toBe(200);
  });

  it('while it cannot hear, an instance trusts no remembered token and holds no stream, and does again once it can', async () => {
    const student = await rememberedStudent();
    const stream = await streamOnOther(student.token);
    const superuser = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await superuser.connect();
    try {
      // Cut the other instance's listening connection, as a database restart would.
      const { rowCount } = await superuser.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'academy cluster' and query like $1`,
        [`%${t.config.DATABASE_SCHEMA}%`],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await superuser.end();
    }
    await until(() => !other.deps.callers.trusting);
    expect(remembers(other, student)).toBe(false);
    // Its streams close (the browsers poll meanwhile), and new ones are refused for now.
    await stream.ended;
    const refused = await openStream(onOther, student.token);
    if (refused.status === 200) refused.close();
    else expect(refused.status).toBe(503);
    // Still answering, from the database.
    expect((await poll(other, student)).statusCode).toBe(200);
    await until(() => other.deps.callers.trusting);
    expect((await poll(other, student)).statusCode).toBe(200);
    expect(remembers(other, student)).toBe(true);
    const again = await streamOnOther(student.token);
    expect(again.status).toBe(200);
  });
});
