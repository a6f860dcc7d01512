import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The benchmarks import the built server's modules by path (`server/dist/….js`), which no
 * type-check follows: when a module moves (issue 50 moved terms to `domain/`), a benchmark
 * breaks only when someone next runs it. Each such path must name a server source file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function benchFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : benchFiles(full);
    return entry.name.endsWith('.mjs') ? [full] : [];
  });
}

describe('the benchmarks’ imports of the built server', () => {
  const uses = benchFiles(path.join(root, 'bench')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/server\/dist\/([\w/.-]+)\.js/g)].map((match) => ({
      file: path.relative(root, file),
      source: `server/src/${match[1]}.ts`,
    })),
  );

  it('finds some (the pattern still matches how they import)', () => {
    expect(uses.length).toBeGreaterThan(5);
  });

  it('names a source file for every one', () => {
    const missing = uses.filter((use) => !existsSync(path.join(root, use.source)));
    expect(missing).toEqual([]);
  });
});
