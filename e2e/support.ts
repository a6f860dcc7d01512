import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Request as NetworkRequest,
  type Page,
  type Route,
  request,
} from '@playwright/test';

export interface Account {
  username: string;
  password: string;
  name: string;
}

export const admin = (): Account => ({
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
  name: 'Administrator',
});

/** The administrator's token for setting tests up, one login per worker (createStudent). */
let setupToken: Promise<string> | undefined;

async function adminToken(api: APIRequestContext): Promise<string> {
  setupToken ??= (async () => {
    const { username, password } = admin();
    const answer = await (
      await api.post('/api/login.php', { form: { username, password } })
    ).json();
    if (!answer.success) throw new Error('Could not log in as the administrator');
    return answer.token as string;
  })().catch((error: unknown) => {
    // Not kept: the next student tries the login again rather than failing on this one.
    setupToken = undefined;
    throw error;
  });
  return setupToken;
}

/**
 * Creates a student in the running server through the administrator's own call, as the
 * office would: one request, where starting the project's command cost a process (about
 * 0.7 s) per student. The admin's token is kept for the worker and taken again should a
 * test have ended its session.
 */
export async function createStudent(
  overrides: Partial<Account> & { gender?: 'male' | 'female' } = {},
): Promise<Account> {
  const suffix = randomBytes(3).toString('hex');
  const account = {
    username: overrides.username ?? `student_${suffix}`,
    password: overrides.password ?? 'student-password',
    name: overrides.name ?? `Sara Student ${suffix}`,
  };
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const add = async () =>
      api.post('/api/add-user.php', {
        headers: { Authorization: `Bearer ${await adminToken(api)}` },
        multipart: {
          ...account,
          email: `${account.username.toLowerCase()}@example.com`,
          role_id: '2',
          gender: overrides.gender ?? 'female',
        },
      });
    let made = await add();
    if (made.status() === 401) {
      setupToken = undefined;
      made = await add();
    }
    expect(made.ok(), `creating ${account.username}: ${await made.text()}`).toBe(true);
    return account;
  } finally {
    await api.dispose();
  }
}

/**
 * Makes an account through the admin's own call (a teacher: role '3'; a student: '2') and
 * answers its id.
 */
export async function addAccount(
  api: APIRequestContext,
  adminToken: string,
  account: Account & { roleId: '2' | '3' },
): Promise<number> {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const { name, username, password, roleId } = account;
  const made = await api.post('/api/add-user.php', {
    headers,
    multipart: {
      name,
      username,
      email: `${username}@example.com`,
      password,
      role_id: roleId,
      gender: 'female',
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const listed = await (
    await api.get(`/api/get-users.php?q=${encodeURIComponent(username)}`, { headers })
  ).json();
  return listed.users.find((u: { username: string }) => u.username === username).id as number;
}

/**
 * A call that sets a test up and must succeed, made as `token`: its JSON answer. `body` is what
 * the request takes besides its headers: `{ data }`, `{ form }` or `{ multipart }`.
 */
export async function postOk(
  api: APIRequestContext,
  token: string,
  path: string,
  body: Omit<NonNullable<Parameters<APIRequestContext['post']>[1]>, 'headers'>,
) {
  const answer = await api.post(path, { headers: { Authorization: `Bearer ${token}` }, ...body });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

export interface SignedIn {
  /** For browser.newContext({ storageState }). */
  state: Exclude<BrowserContextOptions['storageState'], string | undefined>;
  userId: number;
  /** For API calls that set a test up (Authorization: Bearer). */
  token: string;
}

/**
 * Logs in once through the API and gives the browser storage of that login (the spec's
 * `user` and `admin_token`), so a test opens pages already signed in: a fast start for tests
 * about one screen, not about logging in.
 */
export async function signIn(account: Account): Promise<SignedIn> {
  const baseURL = process.env.E2E_BASE_URL as string;
  const api = await request.newContext({ baseURL });
  try {
    const answer = await (
      await api.post('/api/login.php', {
        form: { username: account.username, password: account.password },
      })
    ).json();
    if (!answer.success) throw new Error(`Could not log in as ${account.username}`);
    const user = {
      id: answer.user_id,
      name: answer.name,
      username: answer.username,
      role: answer.role,
      gender: answer.gender,
      token: answer.token,
    };
    return {
      userId: user.id,
      token: user.token,
      state: {
        cookies: [],
        origins: [
          {
            origin: new URL(baseURL).origin,
            localStorage: [
              { name: 'user', value: JSON.stringify(user) },
              { name: 'admin_token', value: user.token },
            ],
          },
        ],
      },
    };
  } finally {
    await api.dispose();
  }
}

/**
 * Logs in through the login screen and waits for the home screen of the role. `base`: the
 * address of an academy of its own (startOwnAcademy), when not the shared server's.
 */
export async function logIn(
  page: Page,
  account: Pick<Account, 'username' | 'password'> & Partial<Account>,
  home: '/admin' | '/teacher' | '/user',
  base = '',
) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${base}${home}`);
}

/**
 * A silent WAV of about `bytes` bytes: real audio by its header, for upload tests. 48 kHz,
 * 16-bit mono (96,000 bytes a second), so a file of a few megabytes still lasts less than a
 * question's limit: the server measures every recording (issue 27, point 9).
 */
export function silentWav(bytes: number): Buffer {
  // Whole 16-bit samples, rounded up: a file asked to be one byte over a limit stays over it.
  const samples = (Math.max(8, bytes - 44) + 1) & ~1;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(48_000, 24);
  header.writeUInt32LE(96_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0)]);
}

/** A real (tiny) PDF, padded to about `bytes` bytes. */
export function samplePdf(bytes = 0): Buffer {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  return Buffer.concat([pdf, Buffer.alloc(Math.max(0, bytes - pdf.length), 0x20)]);
}

/** A 1×1 PNG. */
export const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A page of its own, already signed in as `who` (see signIn); on a phone of this size when one
 * is given (touch, a mobile viewport), else the project's.
 */
export async function pageSignedIn(
  browser: Browser,
  who: SignedIn,
  phone?: { width: number; height: number },
) {
  const context = await browser.newContext({
    storageState: who.state,
    ...(phone ? { viewport: phone, isMobile: true, hasTouch: true } : {}),
  });
  return { context, page: await context.newPage() };
}

/** page.route answers for the error states: the server fails, or the connection drops. */
export const serverError = (route: Route) => route.fulfill({ status: 500, body: '' });
export const dropped = (route: Route) => route.abort('internetdisconnected');

/**
 * Waits, once started, for the page's live stream to be open and for what the page asked as it
 * loaded to be answered (with any refresh the stream's first opening asks for: the queries
 * answered before it opened, web/src/app/live-updates.ts): a test that counts requests counts
 * from then on, not the page's loading.
 * Settled: the stream is open, no call is on its way, and none started or ended for half a
 * second of real time (the refresh follows the stream's first event at once). Call it before
 * the page loads; await what it returns after.
 */
export function streamSettles(page: Page): () => Promise<void> {
  let streamOpen = false;
  let lastActivity = Date.now();
  const inFlight = new Set<NetworkRequest>();
  const isCall = (r: NetworkRequest) => {
    const { pathname } = new URL(r.url());
    return pathname.startsWith('/api/') && pathname !== '/api/events';
  };
  const ended = (r: NetworkRequest) => {
    if (inFlight.delete(r)) lastActivity = Date.now();
  };
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/events' && r.status() === 200) {
      streamOpen = true;
      lastActivity = Date.now();
    }
  });
  page.on('request', (r) => {
    if (!isCall(r)) return;
    inFlight.add(r);
    lastActivity = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return () =>
    expect
      .poll(() => streamOpen && inFlight.size === 0 && Date.now() - lastActivity >= 500, {
        intervals: [100],
      })
      .toBe(true);
}

/**
 * Does `action`, then waits for whichever comes first: the app saying in the console that it
 * left out `what` because its code could not be had (web/src/shared/lazy.ts lazyOrNothing), or
 * the error screen in place of the screen. Then checks it was not the error screen. (The error
 * screen comes only after React's throttled retry: a test that looked at once would pass
 * either way.)
 */
export async function expectLeftOut(
  page: Page,
  what: string,
  action: () => Promise<unknown>,
): Promise<void> {
  const errorScreen = page.getByRole('heading', { name: 'Unexpected Application Error!' });
  const leftOut = page.waitForEvent(
    'console',
    (message) =>
      message.type() === 'warning' && message.text().startsWith(`${what} could not be loaded`),
  );
  await action();
  await Promise.race([leftOut, errorScreen.waitFor()]);
  await expect(errorScreen).toHaveCount(0);
}

/**
 * Starts a students' import from its popup. One import runs at a time on the server, and
 * another test's may be running: the popup then says so and stays open, and the button is
 * pressed again until the popup closes (the import started).
 */
export async function startImport(popup: Locator, button: string): Promise<void> {
  await expect(async () => {
    if (await popup.isHidden()) return;
    await popup.getByRole('button', { name: button }).click();
    await expect(popup).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
}
