import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../../server/src/test-support/live-stream.js';
import { type LocalS3, startS3rver } from '../../server/src/test-support/s3rver.js';
import { type RunningServer, startServer } from '../server.js';
import { samplePdf } from '../support.js';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.js';

/**
 * The scale-out layout for real: two server processes (the built server/dist/main.js), one
 * PostgreSQL schema, one S3 bucket (s3rver), and a round-robin proxy as the one address the
 * users know. Nothing is shared between the processes but the database and the bucket.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.log('scale-out: SKIPPED, TEST_DATABASE_URL is not set (it needs PostgreSQL).');
}

/** How long an instance trusts a token it has looked up (CALLER_CACHE_SECONDS, the default). */
const CACHE_SECONDS = 60;
const ADMIN = { username: 'admin', password: 'scale-out-admin-password' };

type Instance = 'A' | 'B';

describe.skipIf(!databaseUrl)('two instances behind one address', () => {
  const schema = `scale_${randomBytes(5).toString('hex')}`;
  let database: pg.Client;
  let s3: LocalS3;
  let instances: RunningServer[] = [];
  let proxy: RoundRobinProxy;
  let adminToken: string;

  beforeAll(async () => {
    database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    // The test owns this schema; both instances then migrate it at the same moment.
    await database.query(`create schema "${schema}"`);
    s3 = await startS3rver();
    const env = {
      ...s3.env,
      S3_PREFIX: 'academy/',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      // Unset, so the instances must agree on the secret kept in the database.
      FILE_SIGNING_SECRET: '',
      TRUST_PROXY: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    };
    // Started together on an empty schema: migrations and the first admin race for real.
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    // Whatever started is stopped in afterAll, even if the other did not.
    instances = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    for (const r of started) if (r.status === 'rejected') throw r.reason;
    const [a, b] = instances as [RunningServer, RunningServer];
    proxy = await startRoundRobinProxy([
      { name: 'A', url: a.baseUrl },
      { name: 'B', url: b.baseUrl },
    ]);
    adminToken = (await login('A', ADMIN)).token;
  }, 90_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(instances.map((i) => i.stop()));
    await s3?.stop();
    if (database) {
      await database.query(`drop schema if exists "${schema}" cascade`);
      await database.end();
    }
  });

  /**
   * A request through the proxy that must be served by `instance`: the proxy takes turns, so
   * when it is the other's turn a health check goes first. The answer says who served it.
   */
  async function on(
    instance: Instance,
    url: string,
    init: { method?: string; token?: string; body?: BodyInit; json?: unknown } = {},
  ): Promise<Response> {
    while (proxy.next() !== instance) await fetch(`${proxy.url}/api/health`);
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${proxy.url}${url}`, {
      method: init.method ?? (init.body || init.json !== undefined ? 'POST' : 'GET'),
      headers,
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      ...(init.body ? { body: init.body } : {}),
    });
    expect(response.headers.get('x-served-by')).toBe(instance);
    return response;
  }

  async function login(instance: Instance, account: { username: string; password: string }) {
    const response = await on(instance, '/api/login.php', {
      body: new URLSearchParams(account),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { token: string; user_id: number };
  }

  async function newStudent(instance: Instance) {
    const username = `student_${randomBytes(3).toString('hex')}`;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: `Scale ${username}`,
      username,
      email: `${username}@example.com`,
      password: 'student-password',
      role_id: '2',
      gender: 'female',
    })) {
      form.append(key, value);
    }
    const response = await on(instance, '/api/add-user.php', { token: adminToken, body: form });
    expect(response.status, await response.clone().text()).toBe(200);
    return { username, password: 'student-password' };
  }

  const notifications = (instance: Instance, student: { token: string; user_id: number }) =>
    on(instance, `/api/get_notifications.php?user_id=${student.user_id}`, {
      token: student.token,
    });

  it('started together on one empty database: one admin, one signing secret', async () => {
    const admins = await database.query(`select username from "${schema}".users`);
    expect(admins.rows).toEqual([{ username: 'admin' }]);
    const secrets = await database.query(
      `select count(*)::int as n from "${schema}".app_settings where key = 'file_signing_secret'`,
    );
    expect(secrets.rows).toEqual([{ n: 1 }]);
  });

  it('a token issued by one instance works on the other', async () => {
    const account = await newStudent('B');
    const student = await login('A', account);
    const response = await notifications('B', student);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, notifications: [] });
  });

  it('a notification sent through one instance is read by the student through the other', async () => {
    const student = await login('B', await newStudent('A'));
    const message = `Class moves to room 4 (${randomBytes(3).toString('hex')})`;
    const sent = await on('A', '/api/add_notification.php', {
      token: adminToken,
      body: new URLSearchParams({ user_id: String(student.user_id), message }),
    });
    expect(sent.status).toBe(200);
    const read = await notifications('B', student);
    expect((await read.json()).notifications).toEqual([
      expect.objectContaining({ message, is_read: 0 }),
    ]);
  });

  it('a file uploaded through one instance downloads through the other, from the bucket', async () => {
    const student = await login('A', await newStudent('B'));
    const pdf = samplePdf(300_000);
    const form = new FormData();
    form.append('user_id', String(student.user_id));
    form.append('subject', 'Scale-out homework');
    form.append(
      'files[]',
      new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
      'homework.pdf',
    );
    const uploaded = await on('A', '/api/upload_assignment.php', {
      token: student.token,
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);

    // The bytes are in the bucket, under the prefix, and in neither instance's folder.
    const listed = await s3
      .client()
      .send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'academy/' }));
    expect(listed.Contents?.map((o) => o.Size)).toEqual([pdf.length]);
    for (const instance of instances) {
      const folder = path.join(instance.dataDir, 'files');
      const shards = fs.existsSync(folder)
        ? fs.readdirSync(folder).filter((n) => /^[0-9a-f]{2}$/.test(n))
        : [];
      expect(shards).toEqual([]);
    }

    // A link signed by each instance (no FILE_SIGNING_SECRET: the one in the database)
    // downloads through the other.
    for (const [signer, server] of [
      ['B', 'A'],
      ['A', 'B'],
    ] as const) {
      const inbox = await (
        await on(signer, '/api/send_to_inbox.php', { token: adminToken })
      ).json();
      const item = inbox.assignments.find(
        (a: { user_id: number }) => a.user_id === student.user_id,
      );
      const download = await on(server, `/api/${item.file_url}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    }
  });

  /**
   * The other instance hears of an ended session through PostgreSQL (NOTIFY): within moments,
   * far inside the CACHE_SECONDS it would otherwise trust the token for.
   */
  async function refusedSoonOn(instance: Instance, student: { token: string; user_id: number }) {
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 3_000) {
      status = (await notifications(instance, student)).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(CACHE_SECONDS * 1000);
  }

  it('a notification sent through one instance reaches a live stream held by the other, through the proxy', async () => {
    const student = await login('A', await newStudent('A'));
    while (proxy.next() !== 'B') await fetch(`${proxy.url}/api/health`);
    const stream = await openStream({ url: async () => proxy.url }, student.token);
    try {
      expect(stream.status).toBe(200);
      const sent = await on('A', '/api/add_notification.php', {
        token: adminToken,
        body: new URLSearchParams({ user_id: String(student.user_id), message: 'Live across' }),
      });
      expect(sent.status).toBe(200);
      await stream.change('notifications');
      // And a logout through A ends it on B.
      await on('A', '/api/logout.php', { token: student.token, json: {} });
      await stream.next((event) => event.event === 'ended');
    } finally {
      stream.close();
    }
  });

  it('logout through one instance ends the session on the other at once', async () => {
    const student = await login('A', await newStudent('A'));
    // B looks the token up now and would trust it for CACHE_SECONDS from here.
    expect((await notifications('B', student)).status).toBe(200);
    const loggedOut = await on('A', '/api/logout.php', { token: student.token, json: {} });
    expect(loggedOut.status).toBe(200);
    // The instance that logged out forgets the token at once; the other hears of it.
    expect((await notifications('A', student)).status).toBe(401);
    await refusedSoonOn('B', student);
  });

  it('deactivation through one instance ends the sessions on the other at once', async () => {
    const student = await login('B', await newStudent('B'));
    expect((await notifications('B', student)).status).toBe(200);
    const deactivated = await on('A', '/api/set_user_active.php', {
      token: adminToken,
      json: { user_id: student.user_id, active: false },
    });
    expect(deactivated.status).toBe(200);
    expect((await notifications('A', student)).status).toBe(401);
    await refusedSoonOn('B', student);
  });

  it('login throttling counts the failures on both instances together', async () => {
    const account = await newStudent('A');
    const wrong = { username: account.username, password: 'not-the-password' };
    // Five failures per username at one address are allowed in 15 minutes; these alternate
    // A, B, A, B, A.
    for (const instance of ['A', 'B', 'A', 'B', 'A'] as const) {
      const response = await on(instance, '/api/login.php', { body: new URLSearchParams(wrong) });
      expect(response.status).toBe(401);
    }
    // A saw three and B two: the count is the database's, so both refuse the sixth try,
    // even with the right password.
    for (const instance of ['B', 'A'] as const) {
      const response = await on(instance, '/api/login.php', {
        body: new URLSearchParams(account),
      });
      expect(response.status).toBe(429);
      expect((await response.json()).message).toMatch(/^Too many failed login attempts/);
    }
  });

  it('guesses sent together through both instances get no more password checks than in a row', async () => {
    const account = await newStudent('A');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${proxy.url}/api/login.php`, {
          method: 'POST',
          // A fresh address claimed with every guess: the instances believe only the address
          // the proxy saw (TRUST_PROXY=true is one proxy), so all twenty come from one.
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          body: new URLSearchParams({ username: account.username, password: `guess ${i}` }),
        }),
      ),
    );
    expect(new Set(guesses.map((g) => g.headers.get('x-served-by')))).toEqual(new Set(['A', 'B']));
    const statuses = guesses.map((g) => g.status);
    // One by one, the sixth is refused: each 401 is one password checked, by either instance.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});
