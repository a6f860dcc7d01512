import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';
import { runCreateUser } from './create-user-command.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `npm run create-user -- …` on the test app's database, its output captured. */
async function createUserCli(...args: string[]) {
  const out = { log: [] as string[], error: [] as string[] };
  const code = await runCreateUser(
    args,
    {
      DATA_DIR: t.config.DATA_DIR,
      DATABASE_URL: t.config.DATABASE_URL,
      DATABASE_SCHEMA: t.config.DATABASE_SCHEMA ?? '',
      LOG_LEVEL: 'silent',
    },
    { log: (line) => out.log.push(line), error: (line) => out.error.push(line) },
  );
  return { code, ...out };
}

const account = (username: string, email: string) => [
  '--username',
  username,
  '--password',
  'long-enough-1',
  '--name',
  'Cli Person',
  '--email',
  email,
];

describe('npm run create-user', () => {
  it('creates a user who can then log in', async () => {
    const made = await createUserCli(...account('cli.maker', 'maker@example.com'));
    expect(made.code).toBe(0);
    expect(made.log[0]).toMatch(/^Created student "cli.maker" \(id \d+\)\.$/);
  });

  it('refuses an e-mail another account has, in any case, with a clear message', async () => {
    expect((await createUserCli(...account('cli.one', 'Cli@Example.com'))).code).toBe(0);
    expect(await createUserCli(...account('cli.two', 'cli@EXAMPLE.com'))).toEqual({
      code: 1,
      log: [],
      // Kept in lower case (issue 49, point 8), and named as it is kept.
      error: ['The e-mail "cli@example.com" is already used by another account.'],
    });
  });

  it('refuses a username another account has, in any case', async () => {
    expect((await createUserCli(...account('cli.three', 'three@example.com'))).code).toBe(0);
    expect(await createUserCli(...account('CLI.Three', 'other@example.com'))).toEqual({
      code: 1,
      log: [],
      error: ['The username "CLI.Three" is already taken.'],
    });
  });

  it('explains what it needs when misused', async () => {
    const misused = await createUserCli('--username', 'x', '--password', 'short');
    expect(misused.code).toBe(2);
    expect(misused.error[0]).toContain('--name is required');
    expect(misused.error[0]).toContain('--password must be at least 8 characters');
  });
});
