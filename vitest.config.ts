import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One runner, several projects: fast unit tests of every package, the server's integration
 * suite on a fresh SQLite file per test file, and the same suite on PostgreSQL (a schema per
 * test file) when TEST_DATABASE_URL names one.
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

const integration = (
  name: string,
  env: Record<string, string>,
): TestProjectInlineConfiguration => ({
  ...shared,
  test: {
    name,
    include: ['server/src/**/*.int.test.ts'],
    environment: 'node',
    env,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

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
  integration('server (SQLite)', { TEST_DB: 'sqlite' }),
];
if (process.env.TEST_DATABASE_URL) {
  projects.push(integration('server (PostgreSQL)', { TEST_DB: 'postgres' }));
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

export default defineConfig({ test: { projects } });
