import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { GREETING_COOKIE, PAGE_ASSETS_FILE, type PageAssets } from '@academy/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, formAs, type TestApp, type TestUser } from '../../test-support/harness.js';
import { PAGE_MARKER } from './web-page.js';

/**
 * The page a screen is sent (web-page.ts): the built index.html with the branding calls'
 * answers in it, and a drawn shell of the login and student home screens. A stand-in build
 * (an index.html with the marker) is served, as the real one is.
 */
let t: TestApp;
let admin: TestUser;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-web-'));
  // As the build writes them: the entry, its stylesheet, and what the drawn screens need.
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>Academy</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body>${PAGE_MARKER}<div id="root"></div></body></html>`,
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets/index-1.css'), ':root{--space-1:4px}body{margin:0}');
  const assets: PageAssets = {
    entryCss: ['assets/index-1.css'],
    shells: {
      login: { scripts: ['assets/login-1.js'], styles: ['assets/login-1.css'] },
      home: { scripts: ['assets/home-1.js', 'assets/tile-1.js'], styles: ['assets/home-1.css'] },
    },
  };
  fs.writeFileSync(path.join(webDist, PAGE_ASSETS_FILE), JSON.stringify(assets));
  t = await createTestApp({ env: { WEB_DIST: webDist, ACADEMY_NAME: 'Bright English' } });
  admin = await t.admin();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = async (url: string, encoding = '', cookie?: string) => {
  const res = await t.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toMatch(/no-cache/);
  const body =
    res.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(res.rawPayload).toString('utf8')
      : res.body;
  return { res, body };
};
const brandingIn = (body: string) => {
  const json = /<script type="application\/json" id="academy-branding">(.*?)<\/script>/.exec(body);
  if (!json?.[1]) throw new Error(`no branding in ${body}`);
  return JSON.parse(json[1]);
};
const answer = async (url: string) => (await t.inject({ method: 'GET', url })).json();

describe("a screen's page", () => {
  it('carries what the four branding calls answer, for any screen', async () => {
    const { body } = await page('/schedule');
    expect(brandingIn(body)).toEqual({
      logo: await answer('/api/logo.php'),
      loginBackground: await answer('/api/login_bg.php'),
      userBackground: await answer('/api/user_bg.php'),
      appConfig: await answer('/api/app_config.php'),
    });
    expect(body).not.toContain('id="page-shell"');
    expect(body).not.toContain(PAGE_MARKER);
  });

  it('names the tab after the academy, on every screen (issue 27, point 19)', async () => {
    for (const url of ['/schedule', '/login', '/user'])
      expect((await page(url)).body).toContain('<title>Bright English</title>');
  });

  it('draws the login screen and the student home as plain HTML, hidden from screen readers', async () => {
    const login = (await page('/login')).body;
    expect(login).toContain(
      '<div id="page-shell" aria-hidden="true" class="page-shell page-shell-login"',
    );
    expect(login).toContain('<h1 class="page-shell-heading">Welcome back!</h1>');
    expect(login).toContain("background-image:url('/branding/login-background.webp')");
    expect(login).toContain('<p class="page-shell-academy">Bright English</p>');
    // Under the form, as the app draws it: a link that works before any script, out of the
    // keyboard's order like the rest of the hidden drawing.
    expect(login).toContain(
      '<div class="page-shell-form"></div><a class="page-shell-forgot" href="/forgot-password" tabindex="-1">Forgot password?</a></div>',
    );
    const home = (await page('/user')).body;
    expect(home).toContain("background-image:url('/branding/user-background.webp')");
    expect(home).toContain('Welcome to your user panel.');
  });

  it('asks at once for what the drawn screen needs, and holds its first paint for no file', async () => {
    const home = (await page('/user')).body;
    // The entry's stylesheet is in the page; its link is left disabled (never fetched), so
    // that the app's chunk loader, which looks for it, does not add a live one.
    expect(home).toContain(
      '<style>:root{--space-1:4px}body{margin:0}</style><link rel="stylesheet" href="/assets/index-1.css" disabled>',
    );
    expect(home.match(/href="\/assets\/index-1\.css"/g)).toHaveLength(1);
    expect(home).not.toContain('crossorigin href="/assets/index-1.css"');
    // The background first; the home's own chunks alongside the entry; scripts after paint.
    expect(home).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/branding/user-background.webp">',
    );
    for (const file of ['home-1.js', 'tile-1.js'])
      expect(home).toContain(
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${file}">`,
      );
    // The home's own stylesheet follows the shell, in the body: its paint does not wait for it.
    const stylesheet = '<link rel="stylesheet" crossorigin href="/assets/home-1.css">';
    expect(home.indexOf(stylesheet)).toBeGreaterThan(home.indexOf('id="page-shell"'));
    expect(home.indexOf(stylesheet)).toBeGreaterThan(home.indexOf('</head>'));
    expect(home).not.toContain('as="style"');
    expect(home).toContain('<script type="module" fetchpriority="low" crossorigin');
    expect(home).not.toContain('login-1');
    const login = (await page('/login')).body;
    expect(login).toContain('href="/assets/login-1.js"');
    expect(login).toContain('href="/branding/login-background.webp"');
    expect(login).not.toContain('home-1');
    // Any other screen: the build's page as it is, asking for no screen's chunks.
    const other = (await page('/schedule')).body;
    expect(other).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(other).not.toMatch(/login-1|home-1|fetchpriority/);
  });

  it("greets the student by the name their browser keeps, in that browser's page only", async () => {
    const named = await page('/user', 'br', `theme=dark; ${GREETING_COOKIE}=Sara%20Ahmadi`);
    expect(named.body).toContain('<h1 class="page-shell-greeting">Hello, Sara Ahmadi!</h1>');
    expect(named.res.headers['cache-control']).toBe('private, no-cache');
    expect(named.res.headers.vary).toContain('Cookie');
    // The next browser, with no name, is greeted by no one: nothing stays from the last.
    const unnamed = await page('/user', 'br');
    expect(unnamed.body).toContain('<h1 class="page-shell-greeting">&nbsp;</h1>');
    expect(unnamed.body).not.toContain('Sara');
    expect(unnamed.res.headers['cache-control']).toBe('no-cache');
    // A name is text, never markup; a cookie that is not one of ours is no name.
    const marked = await page(
      '/user',
      '',
      `${GREETING_COOKIE}=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
    );
    expect(marked.body).toContain('Hello, &lt;img src=x onerror=alert(1)&gt;!');
    expect(marked.body).not.toContain('<img src=x');
    for (const cookie of [
      `${GREETING_COOKIE}=%E0%A4%A`,
      `${GREETING_COOKIE}=${'a'.repeat(201)}`,
      `${GREETING_COOKIE}=`,
    ])
      expect((await page('/user', '', cookie)).body).toContain(
        '<h1 class="page-shell-greeting">&nbsp;</h1>',
      );
    // Only the home greets.
    expect((await page('/login', '', `${GREETING_COOKIE}=Sara`)).body).not.toContain('Sara');
  });

  it('travels Brotli-compressed to a browser that accepts it, and as it is otherwise', async () => {
    const plain = await page('/login', 'identity');
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    const compressed = await page('/login', 'gzip, deflate, br');
    expect(compressed.res.headers['content-encoding']).toBe('br');
    expect(compressed.res.headers.vary).toContain('Accept-Encoding');
    expect(compressed.body).toBe(plain.body);
    expect(compressed.res.rawPayload.length).toBeLessThan(plain.body.length);
  });

  it("keeps scripts to 'self': the branding is data, never code", async () => {
    const { res } = await page('/login');
    const csp = String(res.headers['content-security-policy']);
    expect(
      csp
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))
        ?.trim(),
    ).toBe("script-src 'self'");
  });

  it('follows the settings at once, and what an administrator types cannot become markup', async () => {
    const name = '</script><img src=x onerror=alert(1)> & Co';
    const saved = await t.inject({
      method: 'POST',
      url: '/api/save_settings.php',
      ...formAs(admin.token, { academy_name: name }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { body } = await page('/login');
    expect(brandingIn(body).appConfig.academyName).toBe(name);
    expect(body).toContain(
      '<p class="page-shell-academy">&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; Co</p>',
    );
    expect(body).toContain(
      '<title>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; Co</title>',
    );
    expect(body).not.toContain('<img src=x');
    // The entry's script element and the branding's: the name closed neither.
    expect(body.match(/<\/script>/g)).toHaveLength(2);
    const again = await t.call('getSettings', admin.token, {});
    expect(again.json().settings.academy_name).toBe(name);
  });

  it('follows a new build copied in under the running server', async () => {
    const index = path.join(webDist, 'index.html');
    const before = fs.readFileSync(index, 'utf8');
    try {
      fs.writeFileSync(index, before.replace('<head>', '<head><meta name="build" content="2">'));
      // A later modification time than the first build's, whatever the file system's precision.
      const later = new Date(Date.now() + 5_000);
      fs.utimesSync(index, later, later);
      const { body } = await page('/login');
      expect(body).toContain('<meta name="build" content="2">');
      expect(body).toContain('Welcome back!');
    } finally {
      fs.writeFileSync(index, before);
      const latest = new Date(Date.now() + 10_000);
      fs.utimesSync(index, latest, latest);
    }
    expect((await page('/login')).body).not.toContain('<meta name="build"');
  });

  it('sends the build as it is while its assets cannot be read whole (a build being copied in)', async () => {
    const index = path.join(webDist, 'index.html');
    const assetsFile = path.join(webDist, PAGE_ASSETS_FILE);
    const assets = fs.readFileSync(assetsFile, 'utf8');
    try {
      fs.writeFileSync(assetsFile, assets.replace('index-1.css', 'index-2.css'));
      const later = new Date(Date.now() + 20_000);
      fs.utimesSync(index, later, later);
      const { body } = await page('/user');
      expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
      expect(body).toContain('Welcome to your user panel.');
    } finally {
      fs.writeFileSync(assetsFile, assets);
      const latest = new Date(Date.now() + 30_000);
      fs.utimesSync(index, latest, latest);
    }
    expect((await page('/user')).body).toContain('<style>');
  });

  it('leaves calls and files alone: an unknown call is a JSON 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/no_such_call.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'No such call: GET /api/no_such_call.php' });
  });
});
