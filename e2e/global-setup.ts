import { startServer } from './server.js';

/**
 * Starts the real, built server once for the whole browser run. Tests read its address, data
 * folder and the admin's login from the environment.
 */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_ADMIN_USERNAME = server.env.ADMIN_USERNAME;
  process.env.E2E_ADMIN_PASSWORD = server.env.ADMIN_PASSWORD;
  return server.stop;
}
