import { describe, expect, it } from 'vitest';
import { LIVE_TOPICS } from '../live.js';
import { type CallName, isWrite, type RouteMeta, routes } from './index.js';

describe('the route table', () => {
  const entries = Object.entries(routes) as [CallName, RouteMeta][];

  it('says what every write changes, so no change escapes the live streams', () => {
    const silent = entries.filter(([, meta]) => isWrite(meta) && meta.changes === undefined);
    expect(silent.map(([name]) => name)).toEqual([]);
  });

  it('names only topics the live stream knows, and only on writes', () => {
    for (const [name, meta] of entries) {
      for (const topic of meta.changes ?? []) expect(LIVE_TOPICS, name).toContain(topic);
      if (meta.changes?.length) expect(isWrite(meta), name).toBe(true);
    }
  });
});
