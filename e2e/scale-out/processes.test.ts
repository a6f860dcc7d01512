import fs from 'node:fs';
import http from 'node:http';
import { LIVE_STREAM_HEADER } from '@academy/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type TestStream } from '../../server/src/test-support/live-stream.js';
import { ownAdmin, type RunningServer, startServer } from '../server.js';

/**
 * One server on two processes (PROCESSES=2) on one SQLite file, as a two-core machine runs
 * it: the built server/dist/main.js, nothing mocked. Node hands each new connection to the
 * processes in turn, so requests sent each on a connection of its own reach both; a test that
 * needs both reaches them that way, and holds nothing that only one process would know.
 */

/** Cards added, then answered, all at once. */
const CARDS = 120;

interface Answer {
  status: number;
  body: string;
}

describe('one server on two processes, one SQLite file', () => {
  let server: RunningServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startServer({ PROCESSES: '2' });
    adminToken = (await login(ownAdmin)).token;
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  /** One request on a connection of its own (so, in turn, on either process). */
  function send(
    method: 'GET' | 'POST',
    path: string,
    {
      token,
      json,
      form,
      headers: extra = {},
    }: {
      token?: string;
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const body =
      json !== undefined
        ? JSON.stringify(json)
        : form
          ? new URLSearchParams(form).toString()
          : undefined;
    const headers: Record<string, string> = { ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${server.baseUrl}${path}`,
        { method, headers, agent: false },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  async function login(account: { username: string; password: string }) {
    const answer = await send('POST', '/api/login.php', { form: account });
    expect(answer.status, answer.body).toBe(200);
    return JSON.parse(answer.body) as { token: string; user_id: number };
  }

  let students = 0;
  async function newStudent() {
    students += 1;
    const username = `student_${students}`;
    const added = await send('POST', '/api/add-user.php', {
      token: adminToken,
      form: {
        name: `Student ${students}`,
        username,
        email: `${username}@example.com`,
        password: 'student-password',
        role_id: '2',
        gender: 'female',
      },
    });
    expect(added.status, added.body).toBe(200);
    return login({ username, password: 'student-password' });
  }

  /** The processes this server runs on, besides the first (which only starts them). */
  function serverProcesses(): number[] {
    return fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          // The fourth field of stat is the parent's pid (the name, second, has no spaces here).
          return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[3] === String(server.pid);
        } catch {
          return false; // ended while listed
        }
      })
      .map(Number);
  }

  it('runs two processes that answer on one port', async () => {
    expect(serverProcesses()).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 6 }, () => send('GET', '/api/health')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('writes sent at once through both processes all succeed, each transaction whole', async () => {
    const student = await newStudent();
    const added = await Promise.all(
      Array.from({ length: CARDS }, (_, i) =>
        send('POST', '/api/add_card.php', {
          token: adminToken,
          json: { user_id: student.user_id, front_text: `front ${i}`, back_text: `back ${i}` },
        }),
      ),
    );
    expect(added.filter((a) => a.status !== 200)).toEqual([]);
    const ids = added.map((a) => (JSON.parse(a.body) as { card: { id: number } }).card.id);
    // An answer reads its card, then writes, in one transaction. Begun deferred, such a
    // transaction fails at once (SQLITE_BUSY) when the other process wrote after it read.
    const answered = await Promise.all(
      ids.map((id) =>
        send('POST', '/api/update_card.php', {
          token: student.token,
          json: { id, user_id: student.user_id, was_correct: 'true' },
        }),
      ),
    );
    expect(answered.filter((a) => a.status !== 200)).toEqual([]);
    const cards = await send('POST', '/api/get_user_cards.php', {
      token: student.token,
      json: { user_id: student.user_id },
    });
    const levels = (JSON.parse(cards.body) as { cards: { level: number }[] }).cards.map(
      (card) => card.level,
    );
    expect(levels).toEqual(Array.from({ length: CARDS }, () => 2));
  });

  it('a change made through one process reaches the live streams held by both', async () => {
    const student = await newStudent();
    const streams: TestStream[] = [];
    try {
      // Each stream holds a connection of its own: in turn, they are held by both processes.
      for (let i = 0; i < 4; i += 1) {
        const stream = await openStream({ url: async () => server.baseUrl }, student.token);
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
      const sent = await send('POST', '/api/add_notification.php', {
        token: adminToken,
        form: { user_id: String(student.user_id), message: 'Heard by every process' },
      });
      expect(sent.status, sent.body).toBe(200);
      await Promise.all(streams.map((stream) => stream.change('notifications')));
      // And a logout through one process ends every stream, on both.
      const out = await send('POST', '/api/logout.php', { token: student.token, json: {} });
      expect(out.status, out.body).toBe(200);
      await Promise.all(streams.map((stream) => stream.next((event) => event.event === 'ended')));
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('the tab that made a change is not told of it, whichever process holds its stream', async () => {
    // Rounds of a student with two tabs, one of which answers a card: the streams, and the
    // answer, each on a connection of their own, fall on either process in turn.
    for (let round = 0; round < 4; round += 1) {
      const student = await newStudent();
      const tabs: TestStream[] = [];
      try {
        for (let i = 0; i < 2; i += 1) {
          tabs.push(await openStream({ url: async () => server.baseUrl }, student.token));
        }
        const [writer, other] = (round % 2 === 0 ? tabs : [...tabs].reverse()) as [
          TestStream,
          TestStream,
        ];
        // The card, added by an administrator, is told to both tabs; heard by both, nothing
        // of it is still on its way (a relayed message can come after the next request).
        const card = await send('POST', '/api/add_card.php', {
          token: adminToken,
          json: { user_id: student.user_id, front_text: 'front', back_text: 'back' },
        });
        const cardId = (JSON.parse(card.body) as { card: { id: number } }).card.id;
        await Promise.all(tabs.map((tab) => tab.change('cards')));
        await Promise.all(tabs.map((tab) => tab.change('notifications')));
        const heardBefore = writer.topics().length;
        const answered = await send('POST', '/api/update_card.php', {
          token: student.token,
          json: { id: cardId, user_id: student.user_id, was_correct: 'true' },
          headers: { [LIVE_STREAM_HEADER]: writer.id },
        });
        expect(answered.status, answered.body).toBe(200);
        await other.change('cards');
        // A change after it reaches the writer's tab: by then, the first would have.
        await send('POST', '/api/add_notification.php', {
          token: adminToken,
          form: { user_id: String(student.user_id), message: 'After the answer' },
        });
        await writer.change('notifications');
        expect(writer.topics().slice(heardBefore)).toEqual(['notifications']);
      } finally {
        for (const tab of tabs) tab.close();
      }
    }
  });

  it('logout through one process ends the session on both at once', async () => {
    const student = await newStudent();
    const notifications = () =>
      send('GET', `/api/get_notifications.php?user_id=${student.user_id}`, {
        token: student.token,
      });
    // Both processes look the token up now, and would trust it for a minute from here.
    const before = await Promise.all(Array.from({ length: 4 }, notifications));
    expect(before.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const out = await send('POST', '/api/logout.php', { token: student.token, json: {} });
    expect(out.status, out.body).toBe(200);
    // The message goes once the logout is written: the next requests find it heard.
    await expect
      .poll(async () =>
        (await Promise.all(Array.from({ length: 4 }, notifications))).map((a) => a.status),
      )
      .toEqual([401, 401, 401, 401]);
  });

  it('a process that dies is replaced, and the server answers meanwhile', async () => {
    const [dead, alive] = serverProcesses();
    if (!dead || !alive) throw new Error('no server processes to end');
    process.kill(dead, 'SIGKILL');
    // Its replacement starts once the first process has seen it end. (A connection handed to
    // the dying process in the instant before that is lost with it: Node's cluster sends it,
    // and no answer comes back. A browser asks again.)
    await expect
      .poll(() => serverProcesses().filter((pid) => pid !== dead && pid !== alive), {
        timeout: 20_000,
      })
      .toHaveLength(1);
    // The other process answers every request meanwhile, each on a connection of its own.
    const answers = await Promise.all(Array.from({ length: 6 }, () => send('GET', '/api/health')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(serverProcesses()).toContain(alive);
  });
});
