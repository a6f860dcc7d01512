import { LIVE_STREAM_HEADER } from '@academy/contract/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, nameLiveStream } from './client';

describe("a write names the tab's live stream", () => {
  let sent: Headers[];
  beforeEach(() => {
    sent = [];
    vi.stubGlobal('localStorage', { getItem: () => null });
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response('{"success":true,"message":"ok"}', { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('while the stream is open, on the calls that tell the streams of a change only', async () => {
    const forget = nameLiveStream('stream-1');
    await call('markAllNotificationsRead', {});
    // A write that changes nothing the streams hear of, and a read, do not name it.
    await call('updateActivity', {});
    await call('getNotifications', { user_id: 1 });
    forget();
    await call('markAllNotificationsRead', {});
    expect(sent.map((headers) => headers.get(LIVE_STREAM_HEADER))).toEqual([
      'stream-1',
      null,
      null,
      null,
    ]);
  });

  it("keeps a newer stream's name when an older stream closes after it opened", async () => {
    const forgetOld = nameLiveStream('old');
    const forgetNew = nameLiveStream('new');
    forgetOld();
    await call('markAllNotificationsRead', {});
    forgetNew();
    expect(sent[0]?.get(LIVE_STREAM_HEADER)).toBe('new');
  });
});
