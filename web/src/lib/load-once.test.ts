import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('asks once, however many callers ask', async () => {
    const load = vi.fn(async () => 'table');
    const get = loadOnce(load);
    expect(await Promise.all([get(), get(), get()])).toEqual(['table', 'table', 'table']);
    expect(load).toHaveBeenCalledOnce();
  });

  it('asks again after a failure, and keeps what then arrives', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('table');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('table');
    expect(await get()).toBe('table');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
