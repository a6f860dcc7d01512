import { parseArgs } from 'node:util';
import { normalEmail, withoutHidden } from '@academy/contract';
import { GENDERS, MIN_PASSWORD_LENGTH, ROLE_ID } from '@academy/contract/constants';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { AccountTakenError, createUser } from '../features/users/users-data.js';

export const usage = `Creates a user in the database that DATA_DIR / DATABASE_URL name.

  npm run create-user -- --username sara --password 'a-long-secret' --name 'Sara Ahmadi' \\
      [--email sara@example.com] [--role student|admin] [--gender female|male]
`;

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run create-user`, apart from the process around it (cli/create-user.ts), so a test can
 * run it: answers the exit code, 0 created, 1 refused (a username or e-mail taken), 2 misused.
 */
export async function runCreateUser(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: CommandOutput,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string', default: 'student' },
      gender: { type: 'string', default: 'male' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    out.log(usage);
    return 0;
  }
  const problems: string[] = [];
  if (!values.username?.trim()) problems.push('--username is required');
  if (!values.name?.trim()) problems.push('--name is required');
  if ((values.password ?? '').length < MIN_PASSWORD_LENGTH)
    problems.push(`--password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (values.role !== 'student' && values.role !== 'admin')
    problems.push('--role must be student or admin');
  if (!GENDERS.includes(values.gender as (typeof GENDERS)[number]))
    problems.push('--gender must be male or female');
  if (problems.length > 0) {
    out.error(`${problems.join('\n')}\n\n${usage}`);
    return 2;
  }

  const { db } = await openDatabase(loadConfig(env));
  try {
    const username = (values.username as string).trim();
    const id = await createUser(
      db,
      {
        // The rule the app's forms follow (contract text.ts): no hidden characters in a name.
        name: withoutHidden(values.name as string).trim(),
        username,
        email: normalEmail(values.email ?? '') || `${username.toLowerCase()}@localhost`,
        password: values.password as string,
        roleId: values.role === 'admin' ? ROLE_ID.admin : ROLE_ID.user,
        gender: values.gender as (typeof GENDERS)[number],
      },
      Date.now(),
    );
    out.log(`Created ${values.role} "${username}" (id ${id}).`);
    return 0;
  } catch (error) {
    if (error instanceof AccountTakenError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}
