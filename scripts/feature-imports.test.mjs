// Holds the allow-list of imports from one feature into another (issue 50, point 1). Biome
// refuses any import outside it (biome.jsonc); this test holds the list itself honest: each
// entry gives its reason, none is left once its import is gone, no two features import each
// other, and docs/architecture.md states the count, which only goes down.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowedImports, FEATURE_ROOTS, featureEdges } from './feature-imports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const allowed = allowedImports(readFileSync(join(root, 'biome.jsonc'), 'utf8'));

describe('the allow-list of imports between features (biome.jsonc)', () => {
  it('reads the list: one entry per feature, depth and import', () => {
    expect(allowed.length).toBeGreaterThan(0);
    for (const entry of allowed) expect(entry.feature).toMatch(/^[a-z-]+$/);
  });

  it('gives a reason for every entry', () => {
    const unexplained = allowed.filter((e) => e.reason.length < 20 || /^REASON\b/.test(e.reason));
    expect(unexplained.map((e) => `${e.root}/${e.feature} → ${e.spec}`)).toEqual([]);
  });

  it('keeps no entry whose import is gone', () => {
    const used = new Set(
      Object.values(FEATURE_ROOTS).flatMap((r) =>
        featureEdges(join(root, r)).map((e) => `${r}|${e.from}|${e.depth}|${e.spec}`),
      ),
    );
    const stale = allowed.filter((e) => !used.has(`${e.root}|${e.feature}|${e.depth}|${e.spec}`));
    expect(stale.map((e) => `${e.root}/${e.feature} → ${e.spec}`)).toEqual([]);
  });

  it('lets no two features import each other', () => {
    const pairs = new Set(allowed.map((e) => `${e.root}|${e.feature}|${e.target}`));
    const mutual = allowed.filter((e) => pairs.has(`${e.root}|${e.target}|${e.feature}`));
    expect(mutual.map((e) => `${e.root}: ${e.feature} ↔ ${e.target}`)).toEqual([]);
  });

  it('is counted in docs/architecture.md', () => {
    const docs = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const stated = docs.match(
      /\*\*(\d+) allowed imports\*\* between features \(server (\d+), web (\d+)\)/,
    );
    expect(
      stated,
      'docs/architecture.md states "**N allowed imports** between features (server S, web W)"',
    ).not.toBeNull();
    const count = (r) => allowed.filter((e) => e.root === r).length;
    expect(stated?.slice(1, 4).map(Number)).toEqual([
      allowed.length,
      count(FEATURE_ROOTS.server),
      count(FEATURE_ROOTS.web),
    ]);
  });
});
