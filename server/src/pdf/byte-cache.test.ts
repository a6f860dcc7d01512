import { describe, expect, it } from 'vitest';
import { ByteCache } from './byte-cache.js';

const bytes = (n: number) => Buffer.alloc(n);

describe('the PDFs kept in memory', () => {
  it('keep within their bytes, the least recently served leaving first', () => {
    const cache = new ByteCache(100);
    cache.set('a', bytes(20));
    cache.set('b', bytes(20));
    cache.set('c', bytes(20));
    cache.set('d', bytes(20));
    expect(cache.get('a')).toBeDefined(); // served: now the most recent
    cache.set('e', bytes(25)); // 105 bytes: the oldest, b, leaves
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].map((k) => cache.get(k)?.byteLength)).toEqual([20, 20, 20, 25]);
    expect(cache.size).toBe(85);
  });

  it('replace an entry under the same key, and keep none over a quarter of the bound', () => {
    const cache = new ByteCache(100);
    cache.set('a', bytes(10));
    cache.set('a', bytes(15));
    expect(cache.size).toBe(15);
    cache.set('big', bytes(26));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(15);
  });
});
