import '../runtime-check.js';
import { ConfigError } from '../config.js';
import { runCreateUser } from './create-user-command.js';

runCreateUser(process.argv.slice(2), process.env, console)
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
