import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy in 30 s:\n${log()}`);
}

/**
 * Starts the real, built server on a free port with a fresh data folder, once for the whole
 * browser run. Tests read its address and the admin's login from the environment.
 */
export default async function globalSetup() {
  const serverEntry = path.join(root, 'server/dist/main.js');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('Build first: npm run build (npm test does it for you).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'e2e-admin-password',
    ACADEMY_NAME: 'Bright English Academy',
    ONLINE_CLASS_URL: 'https://class.example.com/room',
    WEBSITE_URL: 'https://bright.example.com',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  let output = '';
  const server = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, () => output);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_USERNAME = env.ADMIN_USERNAME;
  process.env.E2E_ADMIN_PASSWORD = env.ADMIN_PASSWORD;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
