#!/usr/bin/env node
// The imports from one feature folder into another, on the server and the web (issue 50,
// point 1): biome.jsonc allows only those on its list, each with its reason, and
// feature-imports.test.mjs holds the list against the code.
// `node scripts/feature-imports.mjs [--tests] [--pairs]` prints them.
import fs from 'node:fs';
import path from 'node:path';

export const FEATURE_ROOTS = { server: 'server/src/features', web: 'web/src/features' };
const isTest = (f) => /\.(test|int\.test|spec)\.tsx?$/.test(f) || f.includes('/test-support/');

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/**
 * Every import (and re-export, types included) of a file below `root` from another feature
 * folder: the importing feature, its depth below the feature's folder (1 for features/x/a.ts),
 * the specifier as written, and the target relative to `root` without its extension.
 */
export function featureEdges(root, { tests = false } = {}) {
  const edges = [];
  for (const file of walk(root)) {
    if (!tests && isTest(file)) continue;
    const parts = path.relative(root, file).split(path.sep);
    const from = parts[0];
    const depth = parts.length - 1;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gs)) {
      const target = path.normalize(path.join(path.dirname(file), m[1]));
      const rel = path.relative(root, target);
      if (rel.startsWith('..')) continue;
      const to = rel.split(path.sep)[0];
      if (to !== from) {
        edges.push({ file, from, to, depth, spec: m[1], target: rel.replace(/\.js$/, '') });
      }
    }
  }
  return edges;
}

/**
 * The allow-list written in biome.jsonc: each per-feature override's allowed imports
 * ("!<specifier>" after the comment that gives its reason), with the feature, the depth its
 * `includes` names and the feature the import reaches.
 */
export function allowedImports(jsonc) {
  const entries = [];
  const blocks = jsonc.split(/"includes":\s*\[/).slice(1);
  for (const block of blocks) {
    const head = block.match(/"((?:server|web)\/src\/features)\/([a-z-]+)\/(\*(?:\/\*)*)\.tsx?"/);
    if (!head) continue;
    const [, root, feature, stars] = head;
    const depth = stars.split('/').length;
    const up = '../'.repeat(depth);
    for (const m of block.matchAll(/\/\/\s*(.*)\n\s*"!(\.[^"]+)"/g)) {
      const spec = m[2];
      if (!spec.startsWith(up) || spec.startsWith(`${up}../`)) continue;
      entries.push({
        root,
        feature,
        depth,
        spec,
        reason: m[1].trim(),
        target: spec.slice(up.length).split('/')[0],
      });
    }
  }
  return entries;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [side, root] of Object.entries(FEATURE_ROOTS)) {
    const edges = featureEdges(root, { tests: process.argv.includes('--tests') });
    const pairs = new Set(edges.map((e) => `${e.from}→${e.to}`));
    const mutual = [...pairs].filter((p) => {
      const [a, b] = p.split('→');
      return a < b && pairs.has(`${b}→${a}`);
    });
    const files = new Set(edges.map((e) => `${e.from}|${e.depth}|${e.spec}`));
    console.log(
      `${side}: ${edges.length} imports (${files.size} distinct by feature), ${pairs.size} feature pairs, mutual: ${mutual.join(', ') || 'none'}`,
    );
    if (process.argv.includes('--pairs')) {
      for (const e of edges)
        console.log(`  ${e.from} → ${e.target}   (${path.relative(root, e.file)})`);
    }
  }
}
