import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  baseUrl: string;
  /** The server's process (the first of several, with PROCESSES). */
  pid: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
  /** Kills the process with a signal and waits for it to go, keeping the data folder. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

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

/**
 * Starts the real, built server on a free port with a fresh data folder and waits until it
 * answers its health check. `env` adds or overrides variables (WEB_DIST, for instance).
 */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  options: { dataDir?: string; askTimeZone?: boolean } = {},
): Promise<RunningServer> {
  const entry = path.join(repoRoot, 'server/dist/main.js');
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('Build first: npm run build (npm test does it for you).');
  }
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-'));
  const port = await freePort();
  const fullEnv: NodeJS.ProcessEnv = {
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
    // Seals the secrets kept with the settings (the SMTP password, issue 31): a test key.
    SETTINGS_KEY: 'e2e0'.repeat(16),
    // The tests' SMTP server and SMS gateway listen on loopback (issue 48, point 4).
    LOOPBACK_GATEWAYS: 'true',
    ...env,
  };
  if (!env.DATABASE_URL) delete fullEnv.DATABASE_URL;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline)
      throw new Error(`The server did not become healthy in 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // A fresh academy asks its first administrator for its time zone before any admin screen
  // (features/settings/time-zone-gate.tsx): confirmed here as configured, so the journeys open
  // the screens they are about. Only the test of that step keeps the question.
  if (!options.askTimeZone && !options.dataDir) {
    const login = (await fetch(`${baseUrl}/api/login.php`, {
      method: 'POST',
      body: new URLSearchParams({
        username: fullEnv.ADMIN_USERNAME ?? '',
        password: fullEnv.ADMIN_PASSWORD ?? '',
      }),
    }).then((r) => r.json())) as { token?: string };
    const form = new FormData();
    form.set('time_zone', fullEnv.ACADEMY_TZ || 'UTC');
    const saved = await fetch(`${baseUrl}/api/save_settings.php`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.token}` },
      body: form,
    });
    if (!saved.ok) throw new Error(`save_settings: ${saved.status} ${await saved.text()}`);
  }
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return {
    baseUrl,
    pid: child.pid ?? 0,
    dataDir,
    env: fullEnv,
    kill,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The administrator every server started here has (startServer's ADMIN_* variables). */
export const ownAdmin = { username: 'admin', password: 'e2e-admin-password' } as const;

/**
 * An academy of its own for a test that changes or counts what is everyone's (its name, its
 * inbox), so the other test files, run meanwhile on the shared server, are not moved by it:
 * a fresh server with one student, made through the spec's add-user call.
 */
export async function startOwnAcademy(
  student: {
    name: string;
    username: string;
    email: string;
    password: string;
    gender: 'male' | 'female';
  },
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const server = await startServer(env);
  const login = await fetch(`${server.baseUrl}/api/login.php`, {
    method: 'POST',
    body: new URLSearchParams(ownAdmin),
  }).then((r) => r.json() as Promise<{ token: string }>);
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...student, role_id: '2' })) form.set(key, value);
  const added = await fetch(`${server.baseUrl}/api/add-user.php`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.token}` },
    body: form,
  });
  if (!added.ok) {
    await server.stop();
    throw new Error(`add-user: ${added.status} ${await added.text()}`);
  }
  return server;
}
