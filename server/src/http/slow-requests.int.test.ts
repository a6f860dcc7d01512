import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../test-support/harness.js';
import { openStream } from '../test-support/live-stream.js';
import { MIN_BODY_BYTES_PER_SECOND } from './slow-requests.js';

let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  // A grace of one second instead of ten, so the test does not wait ten.
  t = await createTestApp({ env: { BODY_GRACE_SECONDS: '1' } });
  student = await t.student();
});
afterAll(() => t.close());

/** A raw connection to the test server, and everything it has been sent back until it closed. */
async function connect() {
  const { port } = new URL(await t.url());
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  const closed = new Promise<string>((resolve) => {
    socket.once('close', () => resolve(answer));
  });
  // The server closing first makes writes fail; what it said is what matters.
  socket.on('error', () => {});
  return { socket, closed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('requests that arrive too slowly', () => {
  it('a login body dripped a byte at a time is answered 408 and its connection closed', async () => {
    const body = new URLSearchParams({
      username: student.username,
      password: student.password,
    }).toString();
    const { socket, closed } = await connect();
    socket.write(
      'POST /api/login.php HTTP/1.1\r\nHost: test\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    // A byte every 200 ms: the attacker's pace, sped up, and still far under the allowed rate.
    let sent = 0;
    const drip = setInterval(() => {
      if (socket.destroyed || sent >= body.length - 1) return;
      socket.write(body[sent] ?? '');
      sent += 1;
    }, 200);
    try {
      const answer = await closed;
      expect(answer.startsWith('HTTP/1.1 408')).toBe(true);
      expect(answer).toContain('"message":"The request arrived too slowly. Please try again."');
      // Cut off long before the whole body could have come.
      expect(sent).toBeLessThan(body.length - 1);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('a slow but steady upload-sized body still arrives', async () => {
    // Twice the minimum rate for three grace periods: an honest slow phone.
    const size = MIN_BODY_BYTES_PER_SECOND * 6;
    // A field no call reads pads it out; the password is wrong, so the answer is a 401.
    const body = `username=${encodeURIComponent(student.username)}&password=wrong&note=${'x'.repeat(size)}`;
    const { socket, closed } = await connect();
    socket.write(
      'POST /api/login.php HTTP/1.1\r\nHost: test\r\nConnection: close\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    const slice = Math.ceil(body.length / 30);
    for (let at = 0; at < body.length; at += slice) {
      socket.write(body.slice(at, at + slice));
      await sleep(100);
    }
    const answer = await closed;
    // The login was heard out and refused for its (wrong) password, not for its pace.
    expect(answer.startsWith('HTTP/1.1 401')).toBe(true);
  });

  it('leaves a live stream open past every limit on arriving', async () => {
    const stream = await openStream(t, student.token);
    expect(stream.status).toBe(200);
    // Three grace periods: a request limit applied to the stream would have cut it by now.
    await sleep(3_000);
    const ping = await t.call('updateActivity', student.token, {});
    expect(ping.statusCode).toBe(200);
    let ended = false;
    void stream.ended.then(() => {
      ended = true;
    });
    await sleep(0);
    expect(ended).toBe(false);
    stream.close();
  });
});
