import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatheredWrites } from './gathered-writes.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('gathered writes', () => {
  it('writes what gathered in one statement when flushed', async () => {
    const written: number[][] = [];
    const writes = new GatheredWrites(
      async (ids) => {
        written.push(ids);
      },
      () => {},
    );
    writes.add([1, 2]);
    writes.add([3]);
    expect(written).toEqual([]);
    await writes.flush();
    expect(written).toEqual([[1, 2, 3]]);
    await writes.flush();
    expect(written).toEqual([[1, 2, 3]]);
  });

  it('writes on its own a moment after the first id, and in slices', async () => {
    vi.useFakeTimers();
    const written: number[][] = [];
    const writes = new GatheredWrites(
      async (ids) => {
        written.push(ids);
      },
      () => {},
    );
    writes.add(Array.from({ length: 700 }, (_, i) => i));
    await vi.advanceTimersByTimeAsync(249);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written.map((ids) => ids.length)).toEqual([500, 200]);
  });

  it('reports a failed write and goes on with the next', async () => {
    const errors: unknown[] = [];
    const written: number[][] = [];
    let fail = true;
    const writes = new GatheredWrites(
      async (ids) => {
        if (fail) throw new Error('database gone');
        written.push(ids);
      },
      (error) => errors.push(error),
    );
    writes.add([1]);
    await writes.flush();
    fail = false;
    writes.add([2]);
    await writes.flush();
    expect(errors).toHaveLength(1);
    expect(written).toEqual([[2]]);
  });
});
