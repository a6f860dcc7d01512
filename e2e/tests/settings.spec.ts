import { type Browser, expect, type Page, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { logIn, samplePng } from '../support.js';

// The academy's name, links and logo are everyone's: this test changes them on a server of
// its own, so the other test files (run meanwhile, on the shared server) keep their academy.
let server: RunningServer;
const student = { username: 'settings_student', password: 'student-password' };
const url = (path: string) => `${server.baseUrl}${path}`;

test.beforeAll(async () => {
  server = await startOwnAcademy({
    ...student,
    name: 'Sara Settings',
    email: 'sara.settings@example.com',
    gender: 'female',
  });
});
test.afterAll(async () => server?.stop());

/** The logo shown is the administrator's upload, and the browser could draw it. */
async function expectCustomLogo(page: Page) {
  const logo = page.getByRole('img', { name: 'Academy logo' }).first();
  await expect(logo).toHaveAttribute('src', /^\/api\/branding\/logo\/\d+$/);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('an administrator sets the name, the online class link and the logo; the login screen and the student’s home show them', async ({
  page,
  browser,
}) => {
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const academy = page.getByRole('region', { name: 'Academy' });
  await expect(academy.getByLabel('Academy name')).toHaveValue('Bright English Academy');
  await academy.getByLabel('Academy name').fill('');
  await academy.getByRole('button', { name: 'Save settings' }).click();
  await expect(academy.getByRole('alert')).toHaveText('Please enter the academy name.');
  await academy.getByLabel('Academy name').fill('Sunrise Language School');
  await academy.getByLabel('Online class link').fill('meet.example.org');
  await academy.getByRole('button', { name: 'Save settings' }).click();
  await expect(academy.getByRole('alert')).toHaveText(
    'The online class link must start with http:// or https:// (or be left empty for the default).',
  );
  await academy.getByLabel('Online class link').fill('https://meet.example.org/sunrise');
  await academy.getByRole('button', { name: 'Save settings' }).click();
  await expect(academy.getByRole('status')).toHaveText('Settings saved.');

  const logoCard = page.getByRole('region', { name: 'Logo' });
  await expect(logoCard.getByRole('img', { name: 'The logo in use' })).toHaveAttribute(
    'src',
    '/branding/logo.webp',
  );
  await logoCard
    .getByLabel('New logo')
    .setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: samplePng });
  await expect(logoCard.getByRole('img', { name: 'The chosen logo' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await logoCard.getByRole('button', { name: 'Save logo' }).click();
  await expect(logoCard.getByRole('status')).toHaveText('The new logo is saved.');
  await expect(logoCard.getByRole('img', { name: 'The logo in use' })).toHaveAttribute(
    'src',
    /^\/api\/branding\/logo\/\d+$/,
  );
  await expect(logoCard.getByRole('button', { name: 'Use the default' })).toBeVisible();

  // Someone who has not signed in: the login screen.
  const visitor = await freshPage(browser);
  await visitor.page.goto(url('/login'));
  await expect(visitor.page.getByText('Sunrise Language School')).toBeVisible();
  await expectCustomLogo(visitor.page);

  // The student signs in on it and sees their home.
  await logIn(visitor.page, student, '/user', server.baseUrl);
  // The student's home shows their avatar where the dashboard shows the logo (spec).
  await expect(visitor.page.getByText('Sunrise Language School')).toBeVisible();
  await expect(visitor.page.getByRole('link', { name: /Online Class/ })).toHaveAttribute(
    'href',
    'https://meet.example.org/sunrise',
  );
  await visitor.context.close();
});
