import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, whenSessionEnds } from './session';

describe('the server ending the session', () => {
  let removed: string[];
  beforeEach(() => {
    removed = [];
    vi.stubGlobal('localStorage', { removeItem: (key: string) => void removed.push(key) });
    vi.stubGlobal('location', { protocol: 'https:' });
    vi.stubGlobal('document', { cookie: '' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('forgets the stored login at once and tells whoever listens', () => {
    const heard = vi.fn();
    const stop = whenSessionEnds(heard);
    endSession();
    expect(removed).toEqual(['user', 'admin_token']);
    expect(heard).toHaveBeenCalledTimes(1);
    // Heard: the next to listen is not told again.
    const later = vi.fn();
    whenSessionEnds(later)();
    expect(later).not.toHaveBeenCalled();
    stop();
  });

  it('keeps news that came before anyone listened (the stream opens before the first screen) for the first to listen, once', () => {
    endSession();
    const first = vi.fn();
    const stopFirst = whenSessionEnds(first);
    expect(first).toHaveBeenCalledTimes(1);
    const second = vi.fn();
    whenSessionEnds(second)();
    expect(second).not.toHaveBeenCalled();
    stopFirst();
  });
});
