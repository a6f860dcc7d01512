import { parseArgs } from 'node:util';
import { GENDERS, MIN_PASSWORD_LENGTH, ROLE_ID } from '@academy/contract/constants';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { createUser, UsernameTakenError } from '../features/users/users-data.js';

const usage = `Creates a user in the database that DATA_DIR / DATABASE_URL name.

  npm run create-user -- --username sara --password 'a-long-secret' --name 'Sara Ahmadi' \\
      [--email sara@example.com] [--role student|admin] [--gender female|male]
`;

async function main(): Promise<number> {
  const { values } = parseArgs({
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
    console.log(usage);
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
    console.error(`${problems.join('\n')}\n\n${usage}`);
    return 2;
  }

  const config = loadConfig();
  const { db } = await openDatabase(config);
  try {
    const username = (values.username as string).trim();
    const id = await createUser(
      db,
      {
        name: (values.name as string).trim(),
        username,
        email: values.email?.trim() || `${username}@localhost`,
        password: values.password as string,
        roleId: values.role === 'admin' ? ROLE_ID.admin : ROLE_ID.user,
        gender: values.gender as (typeof GENDERS)[number],
      },
      Date.now(),
    );
    console.log(`Created ${values.role} "${username}" (id ${id}).`);
    return 0;
  } catch (error) {
    if (error instanceof UsernameTakenError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
