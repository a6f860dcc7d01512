import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallRequest, CallResponse, ImplementedCall } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { type CallName, routes } from '@academy/contract/routes';
import type { uploadRules } from '@academy/contract/uploads';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject as providedToTests } from 'vitest';
import { buildApp } from '../app.js';
import { issueToken } from '../auth/tokens.js';
import { type Config, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/index.js';
import { createUser } from '../features/users/users-data.js';
import { type AcademyCopy, type KeptAcademy, keepAcademy, withClient } from './kept-academy.js';
import { openStream } from './live-stream.js';
import { openApps } from './open-apps.js';

export interface TestUser {
  id: number;
  name: string;
  username: string;
  password: string;
  token: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Moves the app's clock (tests that cross midnight or a time window). */
  clock: { now: number };
  admin(overrides?: Partial<Omit<TestUser, 'id' | 'token'>>): Promise<TestUser>;
  student(
    overrides?: Partial<Omit<TestUser, 'id' | 'token'>> & { gender?: 'male' | 'female' },
  ): Promise<TestUser>;
  /** A teacher (issue 29), teaching the classes named, if any. */
  teacher(
    overrides?: Partial<Omit<TestUser, 'id' | 'token'>> & { classIds?: number[] },
  ): Promise<TestUser>;
  /**
   * Makes a call by its contract name, as a user (or with a bare token, or signed out), with
   * the payload its request schema takes; the answer is typed by its response schema.
   */
  call<K extends CallName>(name: K, as: Caller, payload: CallPayload<K>): Promise<Answer<K>>;
  /**
   * The same call with a payload the contract's request type does not allow (wrong types,
   * missing or extra fields, hostile values): for tests of refusals. Encoded as `call` does.
   */
  callUnchecked(name: CallName, as: Caller, payload: UncheckedPayload): Promise<LooseAnswer>;
  /** A raw request (a wrong method, a body no call encodes), for tests of malformed requests. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The app's address on a local port, listening from the first call (streams need a socket). */
  url(): Promise<string>;
  close(): Promise<void>;
  /**
   * Closes the app and keeps its academy (database and stored files) for others to start on a
   * copy of: `createTestApp({ from })` (kept-academy.ts).
   */
  keep(): Promise<KeptAcademy>;
}

let counter = 0;

/** The harness's SETTINGS_KEY (32 bytes in hex): a test may read a sealed secret with it. */
declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A SQLite file already migrated to the latest schema, made once per run (migrated-template.ts):
     * each test file's server starts on a copy of it instead of running every migration again.
     */
    sqliteTemplate: string | undefined;
  }
}

export const TEST_SETTINGS_KEY = '0123456789abcdef'.repeat(4);

/**
 * A real server on a database of its own: a fresh SQLite file (a copy of the run's migrated
 * one), or (TEST_DB=postgres) a fresh schema in TEST_DATABASE_URL that is dropped afterwards.
 * One per test file; or, `from` an academy a test kept, a copy of that one, going on from its
 * clock.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; startAt?: number; from?: KeptAcademy } = {},
): Promise<TestApp> {
  const usePostgres = process.env.TEST_DB === 'postgres';
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (usePostgres && !databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const copy: AcademyCopy | undefined = await options.from?.copy();
  const dataDir = copy?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'academy-test-'));
  const schema = usePostgres ? (copy?.schema ?? `t_${randomBytes(6).toString('hex')}`) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Reminders are sent when a test runs them (features/reminders), not on a timer that
    // would race the test's clock.
    REMINDERS_EVERY_SECONDS: '0',
    OUTBOX_EVERY_SECONDS: '0',
    SENDINGS_EVERY_SECONDS: '0',
    QUIZZES_EVERY_SECONDS: '0',
    // Secrets kept with the settings (the SMTP password) are sealed with it (config.ts).
    SETTINGS_KEY: TEST_SETTINGS_KEY,
    // The tests' push service is on loopback (test-support/push-service.ts).
    PUSH_LOCAL_ENDPOINTS: 'true',
    // So are their SMS gateway and SMTP server (sms-gateway.ts, smtp.ts).
    LOOPBACK_GATEWAYS: 'true',
    ...(usePostgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...options.env,
  });
  // A copy of the run's migrated SQLite file (migrated-template.ts): the migrations then find
  // nothing to do. The file's name is openDatabase's (db/index.ts).
  const template = config.DATABASE_URL || copy ? undefined : providedToTests('sqliteTemplate');
  if (template) fs.copyFileSync(template, path.join(config.DATA_DIR, 'academy.db'));
  const clock = { now: options.startAt ?? options.from?.now ?? Date.UTC(2026, 10, 22, 12, 0, 0) };
  let database: DatabaseHandle;
  let app: FastifyInstance;
  try {
    database = await openDatabase(config);
    app = await buildApp({ config, database, now: () => clock.now, logger: false });
    await app.ready();
  } catch (error) {
    // A copy that never got its app is given back: the next case may still copy the academy
    // (else every later case failed as "an app already runs on this kept academy").
    copy?.release();
    throw error;
  }

  const makeUser = async (
    roleId: number,
    overrides: Partial<TestUser> & { gender?: 'male' | 'female' },
  ) => {
    counter += 1;
    const username = overrides.username ?? `user${counter}_${randomBytes(3).toString('hex')}`;
    const name = overrides.name ?? `Test User ${counter}`;
    const password = overrides.password ?? 'correct horse battery';
    const id = await createUser(
      database.db,
      {
        name,
        username,
        email: `${username}@example.com`,
        password,
        roleId,
        gender: overrides.gender ?? 'male',
      },
      clock.now,
    );
    const token = await issueToken(database.db, id, clock.now);
    return { id, name, username, password, token };
  };

  let listening: Promise<string> | undefined;
  const url = () => {
    listening ??= app.listen({ port: 0, host: '127.0.0.1' });
    return listening;
  };
  const inject = (o: InjectOptions) => app.inject(o);
  const callUnchecked = (name: CallName, as: Caller, payload: UncheckedPayload) =>
    sendCall({ inject, url }, name, as, payload);
  const testApp: TestApp = {
    app,
    database,
    config,
    clock,
    url,
    admin: (o = {}) => makeUser(ROLE_ID.admin, o),
    student: (o = {}) => makeUser(ROLE_ID.user, o),
    teacher: async ({ classIds = [], ...o } = {}) => {
      const teacher = await makeUser(ROLE_ID.teacher, o);
      if (classIds.length > 0)
        await database.db
          .insertInto('class_teachers')
          .values(classIds.map((class_id) => ({ class_id, teacher_id: teacher.id, added_at: 0 })))
          .execute();
      return teacher;
    },
    // One encoder for both: the typed call only narrows what a test may pass and read.
    call: <K extends CallName>(name: K, as: Caller, payload: CallPayload<K>) =>
      callUnchecked(name, as, payload as UncheckedPayload) as Promise<Answer<K>>,
    callUnchecked,
    inject,
    close: async () => {
      if (!openApps.delete(testApp)) return;
      await closeApp(app);
      await database.db.destroy();
      // A copy's schema is the kept academy's, put back for the next copy.
      if (copy) return copy.release();
      if (schema && databaseUrl)
        await withClient(databaseUrl, (client) =>
          client.query(`drop schema if exists "${schema}" cascade`),
        );
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    keep: async () => {
      if (copy) throw new Error('A copy of a kept academy is not kept again.');
      if (!openApps.delete(testApp)) throw new Error('The app is closed already.');
      await closeApp(app);
      await database.db.destroy();
      return keepAcademy({
        dataDir,
        now: clock.now,
        postgres: schema && databaseUrl ? { url: databaseUrl, schema } : undefined,
      });
    },
  };
  openApps.add(testApp);
  return testApp;
}

/**
 * Closes an app that may have listened. fetch (undici) opens spare connections after a
 * request is aborted (a test's live stream), which a server closing gracefully would wait
 * for: they are cut while it closes.
 */
export async function closeApp(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeAllConnections(), 50);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

/** Who makes a call: a user, a bare token (expired, forged, someone else's), or nobody. */
export type Caller = { token: string } | string | undefined;

/** The files an upload call takes, by field, as `multipart` sends them. */
type FileFields<K extends CallName> = K extends keyof typeof uploadRules
  ? { [P in (typeof uploadRules)[K]['fields'][number]]?: FilePart | FilePart[] }
  : Record<never, never>;

/** What a call takes: its request schema's input, and its files. */
export type CallPayload<K extends CallName> = (K extends ImplementedCall
  ? CallRequest<K>
  : Record<never, never>) &
  FileFields<K>;

export type UncheckedPayload = Record<string, unknown>;

/** What a test reads of an answer; a live stream's body is its first event. */
export interface LooseAnswer {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  body: string;
  /** The body's bytes, for a file answered (a PDF); a live stream's answer has none. */
  rawPayload?: Buffer;
  /** Read as the test expects: a refusal, or an answer to a payload outside the contract. */
  // biome-ignore lint/suspicious/noExplicitAny: what an unchecked call answers has no schema.
  json(): any;
}

/** A call's answer, read as its response schema says (a refusal is read with a matcher). */
export type Answer<K extends CallName> = Omit<LooseAnswer, 'json'> & {
  json(): K extends ImplementedCall ? CallResponse<K> : unknown;
};

/**
 * Sends a payload the way the call's route table entry says (query, JSON, form, multipart).
 * Form, multipart and query values go as text: strings as they are, anything else as its
 * JSON (the spec's lists in a form field are JSON text); in multipart, as the web client
 * sends them, files go as parts and a list as the same field repeated. A live stream is opened over a real connection (its payload as
 * the query), read until its first event, and closed.
 */
async function sendCall(
  t: Pick<TestApp, 'inject' | 'url'>,
  name: CallName,
  as: Caller,
  payload: UncheckedPayload,
): Promise<LooseAnswer> {
  const meta = routes[name];
  const token = typeof as === 'object' ? as.token : as;
  const isFile = (v: unknown) =>
    Array.isArray(v) ? v.length > 0 && v.every(isFilePart) : isFilePart(v);
  const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const texts = Object.fromEntries(
    Object.entries(payload)
      .filter(([, v]) => v !== undefined && !isFile(v))
      .map(([k, v]) => [k, asText(v)]),
  );
  const files = Object.fromEntries(Object.entries(payload).filter(([, v]) => isFile(v))) as Record<
    string,
    FilePart | FilePart[]
  >;
  const queryOf = () => {
    const qs = new URLSearchParams(texts).toString();
    return qs ? `?${qs}` : '';
  };
  if ('stream' in meta && meta.stream) {
    const stream = await openStream(t, token, queryOf());
    stream.close();
    const body = stream.status === 200 ? `event: ${stream.events[0]?.event}` : stream.body;
    return { statusCode: stream.status, headers: {}, body, json: () => JSON.parse(stream.body) };
  }
  const auth = token ? bearer(token) : {};
  const { method, path: url } = meta;
  switch (meta.encoding) {
    case 'query':
      return t.inject({ method, url: `${url}${queryOf()}`, headers: auth });
    case 'json':
      return t.inject({ method, url, headers: auth, payload });
    case 'form': {
      const body = form(texts);
      return t.inject({
        method,
        url,
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
    }
    case 'multipart': {
      // As the web client sends it (api/client.ts): a list is the same field repeated.
      const lists = Object.fromEntries(
        Object.entries(payload)
          .filter(([, v]) => Array.isArray(v) && !isFile(v))
          .map(([k, v]) => [k, (v as unknown[]).map(asText)]),
      );
      const body = multipart({ ...texts, ...lists, ...files });
      return t.inject({
        method,
        url,
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
    }
  }
}

const isFilePart = (v: unknown): v is FilePart =>
  typeof v === 'object' && v !== null && Buffer.isBuffer((v as FilePart).content);

/**
 * The list of an answer its schema makes a list or something else (the spec's "a list, or a
 * message when there is none"): the test fails here when it is not a list.
 */
export function listIn<T>(body: T): Extract<T, readonly unknown[]> {
  if (!Array.isArray(body)) throw new Error(`expected a list, got ${JSON.stringify(body)}`);
  return body as Extract<T, readonly unknown[]>;
}

/** What the test goes on with (a listed entry): the test fails here, naming it, when absent. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** The shape of an answer that has `key` (a page rather than a list): fails the test if not. */
export function withKey<T, K extends string>(body: T, key: K): Extract<T, Record<K, unknown>> {
  if (typeof body !== 'object' || body === null || !(key in body))
    throw new Error(`expected an answer with ${key}, got ${JSON.stringify(body)}`);
  return body as Extract<T, Record<K, unknown>>;
}

/** A form payload sent with a token. */
export function formAs(token: string, fields: Record<string, string | string[]>) {
  const body = form(fields);
  return { payload: body.payload, headers: { ...body.headers, ...bearer(token) } };
}

/** A multipart payload sent with a token. */
export function multipartAs(token: string, fields: Parameters<typeof multipart>[0]) {
  const body = multipart(fields);
  return { payload: body.payload, headers: { ...body.headers, ...bearer(token) } };
}

/** Headers for a signed-in call. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An application/x-www-form-urlencoded payload, as the spec's form calls send. */
export function form(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  return {
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export interface FilePart {
  filename: string;
  content: Buffer;
  type?: string;
}

/**
 * A multipart/form-data payload of text fields and files; a list sends the field several
 * times (files[] with three files, say).
 */
export function multipart(fields: Record<string, string | FilePart | (string | FilePart)[]>) {
  const boundary = `----academy${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const entries = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => [name, v] as const),
  );
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
