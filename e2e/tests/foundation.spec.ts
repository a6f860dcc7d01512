import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, test } from '@playwright/test';
import { admin, createStudent, logIn } from '../support.js';

test.describe('startup', () => {
  test('the splash shows the logo and academy name, then the login screen after five seconds', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bright English Academy' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Academy logo' })).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveURL('/login', { timeout: 8_000 });
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  });

  test('/loading shows a loading screen, then the login screen', async ({ page }) => {
    await page.goto('/loading');
    await expect(page.getByRole('status')).toHaveText('Loading...');
    await expect(page).toHaveURL('/login', { timeout: 5_000 });
  });

  test('an unknown route shows the error text', async ({ page }) => {
    await page.goto('/no-such-screen');
    await expect(
      page.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
  });
});

test.describe('delivery', () => {
  test('the scripts travel compressed to browsers that accept it', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] as string;
    expect(script).toMatch(/^\/assets\/index-.+\.js$/);
    const asked = async (encoding: string) =>
      (await request.get(script, { headers: { 'accept-encoding': encoding } })).headers();
    const brotli = await asked('br, gzip');
    expect(brotli['content-encoding']).toBe('br');
    expect(brotli.vary).toContain('Accept-Encoding');
    expect(brotli['cache-control']).toContain('immutable');
    const gzip = await asked('gzip');
    expect(gzip['content-encoding']).toBe('gzip');
    // A client that asks for neither gets the plain file, several times larger.
    const plain = await asked('identity');
    expect(plain['content-encoding']).toBeUndefined();
    expect(Number(plain['content-length'])).toBeGreaterThan(2 * Number(brotli['content-length']));
  });

  test('React and the router come in one chunk that asks to be compiled as it downloads', async ({
    request,
  }) => {
    const html = await (await request.get('/login')).text();
    const framework = /<link rel="modulepreload"[^>]*href="(\/assets\/framework-[^"]+\.js)"/.exec(
      html,
    )?.[1] as string;
    expect(framework, 'the page asks for the framework chunk with the entry').toBeTruthy();
    const code = await (await request.get(framework)).text();
    // V8's explicit compile hint must open the file to be read (web/vite.config.ts).
    expect(code.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect(code).toContain('react.transitional.element');
  });
});

test.describe('first paint', () => {
  test('the login screen is drawn before any script runs, and the app takes the drawing away as it draws the screen', async ({
    page,
  }) => {
    // No script at all: what shows is the page's own drawing, with the academy's name.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    const shell = page.locator('#page-shell');
    await expect(shell.getByText('Welcome back!')).toBeVisible();
    await expect(shell.getByText('Bright English Academy')).toBeVisible();
    await expect(shell).toHaveAttribute('aria-hidden', 'true');
    // "Forgot password?" works before any script: a link to its screen.
    await expect(shell.getByText('Forgot password?')).toHaveAttribute('href', '/forgot-password');
  });

  test('the drawn login screen puts its heading and "Forgot password?" where the app draws them, so nothing moves as it takes over', async ({
    page,
  }) => {
    const placeOf = async (within: Locator) => {
      const heading = await within.getByText('Welcome back!').boundingBox();
      const forgot = await within.getByText('Forgot password?').boundingBox();
      return { heading, forgot };
    };
    // A desktop window, and a phone's.
    for (const size of [
      { width: 1280, height: 720 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/login');
      const shell = page.locator('#page-shell');
      await expect(shell.getByText('Forgot password?')).toBeVisible();
      const drawn = await placeOf(shell);
      await page.unroute('**/assets/*.js');
      await page.reload();
      await expect(page.locator('#page-shell')).toHaveCount(0);
      const screen = page.getByRole('main');
      await expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
      const drawnByApp = await placeOf(screen);
      for (const part of ['heading', 'forgot'] as const) {
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          const shift = Math.abs(
            (drawnByApp[part]?.[side] ?? Number.NaN) - (drawn[part]?.[side] ?? 0),
          );
          expect(shift, `${part} ${side} at ${size.width}x${size.height}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  test('the drawn login panel shows only once the page has brought all of it, so it never grows as the rest arrives', async ({
    page,
    request,
  }) => {
    // The server's page, sent by a stand-in in two pieces, cut after the panel's heading: a
    // page arriving on a slow link, or a parser that painted before it had read all of it.
    const whole = await (
      await request.get('/login', { headers: { 'accept-encoding': 'identity' } })
    ).text();
    const cut = whole.indexOf('Welcome back!</h1>') + 'Welcome back!</h1>'.length;
    expect(cut, 'the page draws the login panel').toBeGreaterThan(100);
    let sendRest = () => undefined;
    const standIn = createServer((incoming, response) => {
      // Not the page (the icon the browser asks for): nothing.
      if (incoming.url !== '/login') return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write(whole.slice(0, cut));
      sendRest = () => {
        response.end(whole.slice(cut));
      };
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = standIn.address() as AddressInfo;
      // Only the page matters here: its scripts would replace the drawing.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'commit' });
      const panel = page.locator('.page-shell-panel');
      await expect(panel.getByText('Welcome back!')).toBeAttached();
      await expect(panel).toHaveCSS('visibility', 'hidden');
      sendRest();
      await expect(panel.getByText('Forgot password?')).toBeVisible();
      await expect(panel).toHaveCSS('visibility', 'visible');
    } finally {
      standIn.closeAllConnections();
      await new Promise((resolve) => standIn.close(resolve));
    }
  });

  test("the student home is drawn with the student's own greeting before any script runs, and signing out forgets it", async ({
    page,
    context,
  }) => {
    const student = await createStudent({ name: 'Reza Tehrani' });
    await logIn(page, student, '/user');
    await expect(page.getByRole('heading', { name: 'Hello, Reza Tehrani!' })).toBeVisible();
    // Opened again with no script at all: the page's own drawing already greets them.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('#page-shell').getByText('Hello, Reza Tehrani!')).toBeVisible();
    await page.unroute('**/assets/*.js');
    await page.reload();
    await expect(page.locator('#page-shell')).toHaveCount(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(
      'academy-greeting',
    );
  });

  test("the drawn home's own stylesheets follow the drawing, and the app adds none as it starts", async ({
    page,
  }) => {
    const student = await createStudent();
    await logIn(page, student, '/user');
    const stylesheetsAsked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheetsAsked.push(request.url());
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
    await expect(page.locator('#page-shell')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Schedule' })).toBeVisible();
    // The entry's stylesheet is written into the page: the screen, loaded through the signed-in
    // routes (whose chunk lists it), does not ask for it again (server/.../web-page.ts).
    expect(stylesheetsAsked.filter((url) => /\/assets\/index-[^/]*\.css$/.test(url))).toEqual([]);
    const stylesheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
        file: new URL(link.href).pathname,
        inBody: link.parentElement === document.body,
      })),
    );
    // The screen's own (the page's, in the body), each once: none added to the head as the
    // app asked for the screen. What shows beside a screen only at times (app/root-layout.tsx) adds its own. The
    // home's own, its tiles', its popup's and its messages' come in one (the student-home
    // chunk, web/vite.config.ts).
    for (const piece of ['student-home', 'form-pieces']) {
      const links = stylesheets.filter((s) => s.file.startsWith(`/assets/${piece}-`));
      expect(links, `${piece}: ${JSON.stringify(stylesheets)}`).toEqual([
        { file: expect.stringMatching(/\.css$/), inBody: true },
      ]);
    }
  });

  test('a screen that cannot load shows the error screen, and the drawing goes too', async ({
    page,
  }) => {
    await page.route('**/assets/login-screen-*.js', (route) => route.abort());
    await page.goto('/login');
    await expect(
      page.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.locator('#page-shell')).toHaveCount(0);
  });

  test('the app starts from the branding the page carries, asking none of its calls', async ({
    page,
  }) => {
    const branding: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/(logo|login_bg|user_bg|app_config)\.php/.test(req.url()))
        branding.push(req.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toHaveCount(1);
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.locator('#page-shell')).toHaveCount(0);
    await expect(page.getByText('Bright English Academy')).toBeVisible();
    await expect(page.getByRole('main')).toHaveAttribute('style', /login-background\.webp/);
    expect(branding).toEqual([]);
  });
});

test.describe('login', () => {
  test('empty fields show the spec message without calling the server', async ({ page }) => {
    let called = false;
    page.on('request', (req) => {
      if (req.url().includes('/api/login.php')) called = true;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.getByLabel('Username').fill('someone');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    expect(called).toBe(false);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    const student = await createStudent();
    await page.goto('/login');
    await page.getByLabel('Username').fill(student.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    await expect(page).toHaveURL('/login');
  });

  test('after five wrong passwords the login screen says how long to wait', async ({ page }) => {
    const student = await createStudent();
    await page.goto('/login');
    await page.getByLabel('Username').fill(student.username);
    for (let i = 1; i <= 5; i++) {
      await page.getByLabel('Password').fill(`not-the-password-${i}`);
      // The same message each time: wait for each answer, not for the text.
      const answered = page.waitForResponse('**/api/login.php');
      await page.getByRole('button', { name: 'Login' }).click();
      expect((await answered).status()).toBe(401);
      await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    }
    await page.getByLabel('Password').fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/,
    );
    await expect(page).toHaveURL('/login');
  });

  test('a network failure shows the generic login error', async ({ page }) => {
    await page.route('**/api/login.php', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await page.getByLabel('Username').fill('anyone');
    await page.getByLabel('Password').fill('anything');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'An error occurred during login. Please try again.',
    );
  });

  test('the login screen shows the background image from the server', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('main')).toHaveCSS('background-image', /login-background\.webp/);
    // The default pictures are WebP rendered from their SVGs (scripts/render-pictures.mjs): each
    // is served as a picture a browser can draw, the logo on this very screen.
    const logo = page.getByRole('img', { name: 'Academy logo' });
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(256);
    for (const url of ['/branding/login-background.webp', '/branding/user-background.webp']) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toBe('image/webp');
    }
  });
});

test.describe('home screens', () => {
  test('an admin reaches the dashboard with every admin button and Logout', async ({ page }) => {
    await logIn(page, admin(), '/admin');
    await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin screens' });
    const expected: [string, string][] = [
      ['Create User', '/create-user'],
      ['View Users', '/view-users'],
      ['Send Assignment', '/send-assignment'],
      ['View Assignments', '/view-assignments'],
      ['Send Schedule', '/send-schedule'],
      ['Edit Student Schedule', '/edit-student-schedule'],
      ['Inbox', '/inbox'],
      ['Students Correction', '/students-correction'],
      ['Sent Corrections', '/sent'],
      ['Send Notification', '/send-notification'],
      ['All Notifications', '/all-notifications'],
      ['Online Users', '/online-users'],
      ['Student Leitner Box', '/studentleitnerbox'],
    ];
    for (const [name, href] of expected) {
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('a student reaches the home screen with their name, picture and buttons', async ({
    page,
  }) => {
    const student = await createStudent({ name: 'Maryam Karimi', gender: 'female' });
    await logIn(page, student, '/user');
    await expect(page.getByRole('heading', { name: 'Hello, Maryam Karimi!' })).toBeVisible();
    await expect(page.getByText('Welcome to your user panel.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your profile' })).toHaveAttribute(
      'src',
      '/avatars/female.webp',
    );
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: 'Your profile' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(192);
    const nav = page.getByRole('navigation', { name: 'Student screens' });
    for (const [name, href] of [
      ['Schedule', '/schedule'],
      ['Download Assignment', '/download-assignment'],
      ['Upload Assignment', '/submit-assignment'],
      ['Assignment Results', '/assignment-results'],
      ['Results', '/results'],
      ['Skill Builder', '/skill-builder'],
      ['Exam', '/exam-page'],
      ['Game', '/game'],
      ['Notifications', '/notification'],
      ['Leitner Box', '/leitnerbox'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        href as string,
      );
    }
    const onlineClass = nav.getByRole('link', { name: /Online Class/ });
    await expect(onlineClass).toHaveAttribute('href', 'https://class.example.com/room');
    await expect(onlineClass).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: /Website/ })).toHaveAttribute(
      'href',
      'https://bright.example.com',
    );
  });

  test('Online Class opens the class site in a new tab', async ({ page, context }) => {
    await context.route('https://class.example.com/**', (route) =>
      route.fulfill({ body: '<title>Class room</title>', contentType: 'text/html' }),
    );
    const student = await createStudent();
    await logIn(page, student, '/user');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Online Class/ }).click(),
    ]);
    await expect(tab).toHaveURL('https://class.example.com/room');
  });
});

test.describe('guards and logout', () => {
  test('without a stored user, a home screen sends you to /login', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL('/login');
    await page.goto('/admin');
    await expect(page).toHaveURL('/login');
  });

  test('a student at an admin route goes to /user, an admin at a student route to /admin', async ({
    page,
    browser,
  }) => {
    const student = await createStudent();
    await logIn(page, student, '/user');
    await page.goto('/admin');
    await expect(page).toHaveURL('/user');

    const adminPage = await browser.newPage();
    await logIn(adminPage, admin(), '/admin');
    await adminPage.goto('/user');
    await expect(adminPage).toHaveURL('/admin');
    await adminPage.close();
  });

  test('logout returns to /login and the old token stops working', async ({ page }) => {
    const student = await createStudent();
    await logIn(page, student, '/user');
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    expect(token).toBeTruthy();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({
      username: student.username,
      name: student.name,
      role: 'user',
      token,
    });

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    const res = await page.request.post('/api/update_activity.php', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(res.status()).toBe(401);
  });
});
