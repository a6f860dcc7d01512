import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../api/query-keys';
import { queriesOf } from './live-updates';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The app's source files (not its tests), read as text. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [readFileSync(file, 'utf8')]
      : [];
  });
}

/**
 * The keys the app's queries are made with: every `queryKey: queryKeys.<family>.<builder>(…)`
 * in the source, and every builder a student's own query is made with (`useOwnQuery(
 * queryKeys.<family>.<builder>` or `useOwnQuery((userId) => queryKeys.<family>.<builder>(…)`),
 * built with stand-in arguments (only their fixed first parts are compared).
 */
function keysQueriesUse(): QueryKey[] {
  const used = new Set<string>();
  const made = [
    /queryKey:\s*queryKeys\.(\w+)\.(\w+)\(/g,
    /useOwnQuery\(\s*(?:\(\w+\)\s*=>\s*)?queryKeys\.(\w+)\.(\w+)\b/g,
  ];
  for (const text of sources(src))
    for (const pattern of made)
      for (const match of text.matchAll(pattern)) used.add(`${match[1]}.${match[2]}`);
  return [...used].map((name) => {
    const [family, builder] = name.split('.') as [string, string];
    const make = (queryKeys as unknown as Record<string, Record<string, unknown>>)[family]?.[
      builder
    ];
    if (typeof make !== 'function') throw new Error(`queryKeys.${name} is not a key builder`);
    return make(...Array.from({ length: make.length }, () => 0)) as QueryKey;
  });
}

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.every((part, i) => Object.is(key[i], part));

describe('the live topics', () => {
  const used = keysQueriesUse();

  it('find the queries in the source', () => {
    // A reader that found nothing would pass every topic below.
    expect(used.length).toBeGreaterThan(40);
    expect(used.some((key) => startsWith(key, ['nothing-uses-this']))).toBe(false);
  });

  it('refresh only keys some query is made with, so a renamed or moved query is not missed', () => {
    for (const [topic, keys] of Object.entries(queriesOf))
      for (const prefix of keys)
        expect(
          used.some((key) => startsWith(key, prefix)),
          `the ${topic} topic refreshes ${JSON.stringify(prefix)}, which no query's key starts with`,
        ).toBe(true);
  });
});
