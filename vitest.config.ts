import fs from 'node:fs';
import path from 'node:path';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One runner, several projects: fast unit tests of every package, the server's integration
 * suite on a fresh SQLite file per test file (a copy of one migrated at the start of the run),
 * and the same suite on PostgreSQL (a schema per test file) when TEST_DATABASE_URL names one.
 */
const shared = {
  // Workspace packages resolve to their TypeScript sources, so tests need no build.
  resolve: { conditions: ['@academy/source', ...defaultClientConditions] },
  // Without Vite's 'module' condition, packages resolve as Node resolves them in production:
  // the AWS SDK's 'module' builds are for bundlers (imports without file extensions), and
  // Node cannot load them.
  ssr: {
    resolve: {
      conditions: ['@academy/source', ...defaultServerConditions.filter((c) => c !== 'module')],
    },
  },
};

/**
 * The integration files that replace a module of the server (vi.mock): they need modules of
 * their own, so they run isolated, each in a fresh process, as every file used to.
 */
const mockingFiles = fs
  .readdirSync(path.join(import.meta.dirname, 'server/src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.int.test.ts'))
  .map((file) => `server/src/${file.split(path.sep).join('/')}`)
  .filter((file) =>
    /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8')),
  );

/**
 * TEST_ISOLATE=1 runs every integration file in a process of its own, as before: for telling
 * whether a file fails because an earlier one in the same process left something behind.
 */
const isolateAll = process.env.TEST_ISOLATE === '1';

/**
 * The server's integration suite on one database. Its files share a process and the modules
 * it has loaded (isolate: false): importing the whole server afresh for each file was about
 * half of the suite's time (bench/README.md, "Where CI's time goes"). Each file still has a
 * server and a database of its own (createTestApp), so nothing else is shared. The files
 * that mock a module run isolated, as a project of their own named after this one.
 * The same on PostgreSQL: an app a file left open (a setup that timed out) is closed when the
 * file ends (test-support/close-left-apps.ts), so its connections (a LISTEN, a migration's
 * transaction holding Kysely's one advisory lock) do not outlive it in the shared process.
 */
const integration = (
  name: string,
  env: Record<string, string>,
): TestProjectInlineConfiguration[] => {
  const test = {
    environment: 'node',
    env,
    // Once per run: the migrated SQLite file each test file's server starts on a copy of.
    globalSetup: ['server/src/test-support/migrated-template.ts'],
    // In each test file: passwords hashed at a test cost (none of these tests is about it).
    setupFiles: [
      'server/src/test-support/test-hash-cost.ts',
      'server/src/test-support/close-left-apps.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  } as const;
  const include = ['server/src/**/*.int.test.ts'];
  if (isolateAll) return [{ ...shared, test: { ...test, name, include } }];
  return [
    { ...shared, test: { ...test, name, include, exclude: mockingFiles, isolate: false } },
    ...(mockingFiles.length > 0
      ? [{ ...shared, test: { ...test, name: `${name}, isolated`, include: mockingFiles } }]
      : []),
  ];
};

const projects: TestProjectInlineConfiguration[] = [
  {
    ...shared,
    test: {
      name: 'unit',
      include: ['{contract,server,web}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
      exclude: ['**/*.int.test.ts', '**/node_modules/**'],
      environment: 'node',
    },
  },
  ...integration('server (SQLite)', { TEST_DB: 'sqlite' }),
];
if (process.env.TEST_DATABASE_URL) {
  projects.push(...integration('server (PostgreSQL)', { TEST_DB: 'postgres' }));
}
// Two built server processes behind a proxy, on PostgreSQL and an S3 bucket. It needs the
// build, so `npm test` runs it as a step of its own after building (TEST_SCALE_OUT=1).
if (process.env.TEST_SCALE_OUT === '1') {
  projects.push({
    ...shared,
    test: {
      name: 'scale-out',
      include: ['e2e/scale-out/**/*.test.ts'],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 90_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
    // Two workers on CI's two cores, not Vitest's default of one fewer than the cores: a file
    // on PostgreSQL spends most of its time waiting for the database, and one worker left the
    // other core idle through it (unit and integration 13.9 minutes on one worker, 9.0 on
    // two; bench/README.md, "Where CI's time goes"). Two were tried before and dropped when
    // every access-matrix case built its own app, schema and world and ran past its limit on
    // a loaded machine; a case now starts on a copy of a kept world in a fraction of a second.
    maxWorkers: 2,
  },
});
