import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The drawn mark is the page's, kept in the module: each case loads a fresh copy.
const load = async () => {
  vi.resetModules();
  return import('./first-screen');
};

/** Whether `promise` has resolved once the microtasks queued so far have run. */
async function hasResolved(promise: Promise<void>): Promise<boolean> {
  let resolved = false;
  void promise.then(() => {
    resolved = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return resolved;
}

describe('the first screen settles once drawn with its calls answered', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the screen to be drawn, even with no call in flight', async () => {
    const { markFirstScreenDrawn, whenFirstScreenSettled } = await load();
    const settled = whenFirstScreenSettled(new QueryClient(), 10_000);
    expect(await hasResolved(settled)).toBe(false);
    markFirstScreenDrawn();
    expect(await hasResolved(settled)).toBe(true);
  });

  it("waits for the drawn screen's calls to be answered", async () => {
    const { markFirstScreenDrawn, whenFirstScreenSettled } = await load();
    const client = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    const call = client.fetchQuery({
      queryKey: ['schedule'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    const settled = whenFirstScreenSettled(client, 10_000);
    markFirstScreenDrawn();
    expect(await hasResolved(settled)).toBe(false);
    answer('session 1');
    await call;
    expect(await hasResolved(settled)).toBe(true);
  });

  it('gives up waiting on a screen never drawn after its longest wait', async () => {
    const { whenFirstScreenSettled } = await load();
    const settled = whenFirstScreenSettled(new QueryClient(), 10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await hasResolved(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hasResolved(settled)).toBe(true);
  });

  it('gives up waiting on a call never answered after its longest wait', async () => {
    const { markFirstScreenDrawn, whenFirstScreenSettled } = await load();
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<string>(() => {}) });
    const settled = whenFirstScreenSettled(client, 10_000);
    markFirstScreenDrawn();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await hasResolved(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hasResolved(settled)).toBe(true);
  });
});
