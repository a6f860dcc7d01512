import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ensureFirstAdmin } from './features/users/users-data.js';
import { sweepOrphanFiles } from './files/sweep.js';
import { markServing } from './serving-marker.js';

/** Starts the server: read config, build, create the first admin if needed, listen, stop cleanly. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  // Uploads a kill cut off half-way: nothing writes them now, before the server listens.
  const unfinished = await app.deps.storage.clearUnfinished?.();
  if (unfinished)
    app.log.info({ removed: unfinished }, 'removed uploads a crash left half-written');
  const admin = await ensureFirstAdmin(app.deps.db, {
    username: config.ADMIN_USERNAME,
    ...(config.ADMIN_PASSWORD ? { password: config.ADMIN_PASSWORD } : {}),
    now: Date.now(),
  });
  if (admin.created) {
    const password = admin.generatedPassword
      ? `password: ${admin.generatedPassword}   (shown only this once; change it after logging in)`
      : 'password: from ADMIN_PASSWORD';
    console.log(
      `\nCreated the first administrator.\n  username: ${admin.username}\n  ${password}\n`,
    );
  }

  // Bytes a crash left without their row (older than the margin, to spare other instances' uploads in flight).
  sweepOrphanFiles(
    app.deps.db,
    app.deps.storage,
    Date.now() - config.ORPHAN_FILE_MIN_AGE_SECONDS * 1000,
  )
    .then((removed) => app.log.info({ removed }, 'swept stored files without a row'))
    .catch((error: unknown) => app.log.error({ err: error }, 'the sweep of orphan files failed'));

  let unmark = () => {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let requests in flight finish, then close the database.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    unmark();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  unmark = markServing(config.DATA_DIR);
  const { port } = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  console.log(`${config.ACADEMY_NAME} is running at http://${host}:${port}`);
}

main().catch((error: unknown) => {
  // A setting that turns out wrong only once used (an S3 bucket that cannot be reached) is
  // reported like a bad value: its message, without a stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
