import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';
import { openStream, type TestStream } from '../test-support/live-stream.js';
import { MAX_STREAMS_PER_USER } from './hub.js';

let t: TestApp;
const open: TestStream[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

describe('live streams per user', () => {
  it('are capped: one more closes the oldest, the rest keep hearing, other users are untouched', async () => {
    const student = await t.student();
    const other = await t.student();
    const admin = await t.admin();
    const otherStream = await openStream(t, other.token);
    open.push(otherStream);
    const streams: TestStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = await openStream(t, student.token);
      open.push(s);
      streams.push(s);
    }
    expect(t.app.deps.live.hub.size).toBe(MAX_STREAMS_PER_USER + 1);

    const newest = await openStream(t, student.token);
    open.push(newest);
    expect(newest.status).toBe(200);
    // Still the cap (and the other user's one): the oldest went as the newest came.
    expect(t.app.deps.live.hub.size).toBe(MAX_STREAMS_PER_USER + 1);
    // The oldest is closed by the server (not told its session ended: it is not over).
    await streams[0]?.ended;
    expect(streams[0]?.events.some((e) => e.event === 'ended')).toBe(false);

    // The newest and the others still hear the student's news; the other user's stream stayed.
    const sent = await t.call('addNotification', admin.token, {
      user_id: String(student.id),
      message: 'Still here?',
    });
    expect(sent.statusCode).toBe(200);
    await newest.change('notifications');
    await streams[1]?.change('notifications');
    const toOther = await t.call('addNotification', admin.token, {
      user_id: String(other.id),
      message: 'And you?',
    });
    expect(toOther.statusCode).toBe(200);
    await otherStream.change('notifications');
  });
});
