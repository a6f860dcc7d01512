import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildReason,
  clearStamp,
  INPUTS,
  inputFiles,
  OUTPUTS,
  sourceHash,
  writeStamp,
} from './build-stamp.mjs';

/** A small project laid out as this one is: a file of each kind the build reads. */
const SOURCES = {
  'package.json': '{"name":"academy"}',
  'package-lock.json': '{"lockfileVersion":3}',
  'tsconfig.base.json': '{}',
  'scripts/build.mjs': '// build',
  'scripts/precompress.mjs': '// precompress',
  'contract/package.json': '{"name":"@academy/contract"}',
  'contract/tsconfig.build.json': '{}',
  'contract/src/index.ts': 'export const a = 1;',
  'server/package.json': '{"name":"@academy/server"}',
  'server/tsconfig.build.json': '{}',
  'server/src/main.ts': 'console.log(1);',
  'server/src/features/users/users-data.ts': 'export {};',
  'server/src/db/migrations/001_init.sql': 'create table t (id int);',
  'web/package.json': '{"name":"@academy/web"}',
  'web/index.html': '<div id="root"></div>',
  'web/vite.config.ts': 'export default {};',
  'web/tsconfig.json': '{}',
  'web/tsconfig.sw.json': '{}',
  'web/src/main.tsx': 'render();',
  'web/src/features/home/home.module.css': '.a { color: red; }',
  'web/public/favicon.svg': '<svg/>',
};
/** Beside the sources, but not read by the build. */
const NOT_INPUTS = {
  'web/node_modules/react/index.js': 'react',
  'node_modules/zod/index.js': 'zod',
  'docs/decisions.md': '# Decisions',
  'e2e/tests/login.spec.ts': 'test();',
  'server/tsconfig.build.tsbuildinfo': '{}',
};
const BUILT = {
  'contract/dist/index.js': 'export const a = 1;',
  'server/dist/main.js': 'console.log(1);',
  'web/dist/index.html': '<div id="root"></div>',
  'web/dist/assets/index-abc.js': 'render();',
};

let root;
const write = (files) => {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
};
/** What scripts/build.mjs does around a good build. */
const build = () => {
  const sources = sourceHash(root);
  clearStamp(root);
  write(BUILT);
  writeStamp(root, sources);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-build-stamp-'));
  write(SOURCES);
  write(NOT_INPUTS);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('whether npm start builds', () => {
  it('builds when no build has finished, and not after one has', () => {
    expect(buildReason(root)).toBe('no finished build recorded');
    build();
    expect(buildReason(root)).toBeNull();
  });

  it.each(Object.keys(SOURCES))('builds again when %s changes', (file) => {
    build();
    fs.appendFileSync(path.join(root, file), ' ');
    expect(buildReason(root)).toBe('the sources changed since the last build');
  });

  it('builds again when a source is added, removed or renamed', () => {
    build();
    write({ 'web/src/features/home/new-tile.tsx': 'export {};' });
    expect(buildReason(root)).not.toBeNull();
    build();
    fs.rmSync(path.join(root, 'server/src/features/users/users-data.ts'));
    expect(buildReason(root)).not.toBeNull();
    build();
    fs.renameSync(path.join(root, 'web/src/main.tsx'), path.join(root, 'web/src/start.tsx'));
    expect(buildReason(root)).not.toBeNull();
  });

  it('judges by contents: a source touched but unchanged, or changed back, builds nothing', () => {
    build();
    const file = path.join(root, 'web/src/main.tsx');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(buildReason(root)).toBeNull();
    fs.writeFileSync(file, 'changed();');
    fs.writeFileSync(file, SOURCES['web/src/main.tsx']);
    expect(buildReason(root)).toBeNull();
  });

  it.each(Object.keys(NOT_INPUTS))('does not build when only %s changes', (file) => {
    build();
    fs.appendFileSync(path.join(root, file), ' ');
    expect(buildReason(root)).toBeNull();
  });

  it('builds again after a build that did not finish', () => {
    build();
    // scripts/build.mjs clears the stamp before building; a failed or killed build
    // stops before writing it again.
    clearStamp(root);
    write({ 'web/dist/assets/index-abc.js': 'half' });
    expect(buildReason(root)).toBe('no finished build recorded');
  });

  it('builds again when the output is missing or was rebuilt some other way', () => {
    build();
    fs.rmSync(path.join(root, 'web/dist'), { recursive: true });
    expect(buildReason(root)).toBe('the build output changed since the last build');
    build();
    write({ 'server/dist/main.js': 'console.log("another build");' });
    expect(buildReason(root)).toBe('the build output changed since the last build');
  });

  it('builds again when a source changed while the build ran', () => {
    const sources = sourceHash(root);
    clearStamp(root);
    write({ 'contract/src/index.ts': 'export const a = 2;' });
    write(BUILT);
    writeStamp(root, sources);
    expect(buildReason(root)).toBe('the sources changed since the last build');
  });
});

describe("this project's inputs", () => {
  const project = path.resolve(import.meta.dirname, '..');

  it('cover every tracked file of the built workspaces and the files the build runs', () => {
    const tracked = execFileSync('git', ['ls-files', '-z', 'contract', 'server', 'web'], {
      cwd: project,
      encoding: 'utf8',
    })
      .split('\0')
      .filter(Boolean);
    expect(tracked.length).toBeGreaterThan(100);
    const inputs = new Set(inputFiles(project));
    expect(tracked.filter((file) => !inputs.has(file))).toEqual([]);
    for (const file of INPUTS.filter((entry) => entry.includes('.')))
      expect(fs.existsSync(path.join(project, file)), file).toBe(true);
  });

  it('leave out what the build writes', () => {
    const inputs = inputFiles(project);
    for (const dir of OUTPUTS) expect(inputs.filter((f) => f.startsWith(`${dir}/`))).toEqual([]);
  });
});
