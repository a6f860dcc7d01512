import { expect, type Page, test } from '@playwright/test';
import {
  admin,
  createStudent,
  pageSignedIn,
  type SignedIn,
  samplePdf,
  signIn,
  silentWav,
} from '../support.js';

let adminLogin: SignedIn;
test.beforeAll(async () => {
  adminLogin = await signIn(admin());
});

/** A response the test lets through when it has seen what it wanted to see meanwhile. */
function held() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

test.describe('a form’s message says what is true now', () => {
  test('a success goes when the next entry starts: typing, or picking another student', async ({
    browser,
  }) => {
    const [first, second] = [await createStudent(), await createStudent()];
    const { context, page } = await pageSignedIn(browser, adminLogin);
    await page.goto('/send-assignment');
    const sent = page.getByRole('status').filter({ hasText: 'Assignment sent successfully!' });
    const send = async (to: string, title: string) => {
      await page.getByLabel('User', { exact: true }).selectOption({ label: to });
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Description').fill('Due on Friday');
      await page.getByRole('button', { name: 'Send Assignment' }).click();
      await expect(sent).toBeVisible();
    };

    await send(first.name, 'Essay one');
    // Nothing of what was sent is left to go to the next student by one more click.
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Description')).toHaveValue('');
    await page.getByLabel('Title', { exact: true }).fill('E');
    await expect(sent).toHaveCount(0);

    await send(first.name, 'Essay two');
    await page.getByLabel('User', { exact: true }).selectOption({ label: second.name });
    await expect(sent).toHaveCount(0);
    await context.close();
  });

  test('a check’s message stays while its field is wrong and goes once it is fixed', async ({
    browser,
  }) => {
    const student = await signIn(await createStudent());
    const { context, page } = await pageSignedIn(browser, student);
    await page.goto('/submit-assignment');
    const alert = page.getByRole('alert');
    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    await expect(alert).toHaveText('Please enter a subject.');
    // Another field changing does not fix the subject.
    await page.getByLabel('Description').fill('My notes');
    await expect(alert).toHaveText('Please enter a subject.');
    await page.getByLabel('Subject').fill('Travel essay');
    await expect(alert).toHaveCount(0);

    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    await expect(alert).toHaveText('Please select at least one file.');
    await page
      .getByLabel('Files', { exact: true })
      .setInputFiles({ name: 'essay.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await expect(alert).toHaveCount(0);
    await context.close();
  });

  test('create user shows the server’s refusal (an e-mail already used), until the e-mail is changed', async ({
    browser,
  }) => {
    const { context, page } = await pageSignedIn(browser, adminLogin);
    await page.route('**/api/add-user.php', (route) =>
      route.fulfill({
        status: 409,
        json: { success: false, message: 'This e-mail is already used by another account.' },
      }),
    );
    await page.goto('/create-user');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.getByLabel('Name', { exact: true }).fill('Reza Karimi');
    await page.getByLabel('Username').fill('reza.k');
    await page.getByLabel('Email').fill('Sara@Example.com');
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This e-mail is already used by another account.',
    );
    await page.getByLabel('Email').fill('reza@example.com');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await context.close();
  });

  test('Enter in the Reset password popup sets the password', async ({ browser }) => {
    const student = await createStudent();
    const { context, page } = await pageSignedIn(browser, adminLogin);
    await page.goto('/view-users');
    await page.getByLabel('Search users').fill(student.username);
    await page.getByRole('button', { name: `Reset the password of ${student.name}` }).click();
    const popup = page.getByRole('dialog', { name: `New password for ${student.name}` });
    const field = popup.getByLabel('New password');
    await expect(field).toBeFocused();
    await field.fill('short');
    await field.press('Enter');
    await expect(popup.getByRole('alert')).toHaveText(
      'The new password must be at least 8 characters.',
    );
    await field.fill('short-no-more');
    await expect(popup.getByRole('alert')).toHaveCount(0);
    await field.press('Enter');
    await expect(popup).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'was reset' })).toBeVisible();
    // The new password works.
    await signIn({ ...student, password: 'short-no-more' });
    await context.close();
  });
});

test.describe('the app’s own controls, not the browser’s', () => {
  test('the file picker: a styled button, reached and opened by keyboard, naming the chosen files and sizes; the upload’s own progress bar', async ({
    browser,
  }) => {
    const student = await signIn(await createStudent());
    const { context, page } = await pageSignedIn(browser, student);
    await page.goto('/submit-assignment');
    const input = page.getByLabel('Files', { exact: true });
    // The native control is there, for keyboards and screen readers, but not seen.
    expect(await input.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await expect(page.getByText('Choose files')).toBeVisible();
    await expect(page.getByText('No files chosen')).toBeVisible();

    await page.getByLabel('Subject').fill('Scans');
    await page.getByLabel('Description').press('Tab');
    await expect(input).toBeFocused();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles([
      { name: 'essay.pdf', mimeType: 'application/pdf', buffer: samplePdf(1_300_000) },
      { name: 'drawing.pdf', mimeType: 'application/pdf', buffer: samplePdf(2_000) },
    ]);
    await expect(page.getByText('2 files chosen')).toBeVisible();
    await expect(page.getByText('essay.pdf')).toBeVisible();
    await expect(page.getByText('1.2 MB')).toBeVisible();
    await expect(page.getByText('2 KB')).toBeVisible();
    await expect(input).toHaveAccessibleDescription(/essay\.pdf 1\.2 MB.*drawing\.pdf 2 KB/);

    const upload = held();
    await page.route('**/api/upload_assignment.php', async (route) => {
      await upload.gate;
      await route.fulfill({
        json: { success: true, message: 'Assignment submitted successfully.' },
      });
    });
    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
    await expect(page.locator('progress')).toHaveCount(0);
    upload.release();
    await expect(
      page.getByRole('status').filter({ hasText: 'Assignment submitted successfully.' }),
    ).toBeVisible();
    // Sent: the choice is cleared, in the picker and in the browser's control.
    await expect(page.getByText('No files chosen')).toBeVisible();
    expect(await input.evaluate((el: HTMLInputElement) => el.files?.length)).toBe(0);
    await context.close();
  });

  test('the speaking upload shows Uploading: N% over the app’s own bar', async ({ browser }) => {
    const student = await signIn(await createStudent());
    const { context, page } = await pageSignedIn(browser, student);
    // One open question, however many other tests have opened: the screen lists every one.
    await page.route('**/api/get_open_speaking_questions.php*', (route) =>
      route.fulfill({
        json: {
          success: true,
          questions: [
            {
              id: 999_998,
              question_text: 'Describe your home town.',
              start_time: '2026-01-01 00:00:00',
              end_time: '2099-01-01 00:00:00',
              answer_seconds: 120,
              answered: false,
            },
          ],
        },
      }),
    );
    await page.route('**/api/get_speaking_question_status.php*', (route) =>
      route.fulfill({ json: { success: true, status: 'not_answered', message: '' } }),
    );
    const upload = held();
    await page.route('**/api/send_speaking_answer.php', async (route) => {
      await upload.gate;
      await route.fulfill({ json: { message: 'File uploaded successfully.' } });
    });
    await page.goto('/speaking-screen');
    await page
      .getByLabel('Your recorded answer')
      .setInputFiles({ name: 'answer.wav', mimeType: 'audio/wav', buffer: silentWav(40_000) });
    await expect(page.getByText('answer.wav')).toBeVisible();
    await page.getByRole('button', { name: 'Submit File' }).click();
    const popup = page.getByRole('dialog', { name: 'Uploading' });
    await expect(popup.getByText(/^Uploading: \d{1,3}%$/)).toBeVisible();
    await expect(popup.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(page.locator('progress')).toHaveCount(0);
    upload.release();
    await expect(page.getByRole('button', { name: 'File Submitted' })).toBeDisabled();
    await context.close();
  });

  /** Offers installation as the browser does, before the app's own scripts run. */
  async function offerInstall(page: Page) {
    await page.addInitScript(() => {
      window.addEventListener('DOMContentLoaded', () => {
        const offer = new Event('beforeinstallprompt', { cancelable: true });
        Object.assign(offer, {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(offer);
      });
    });
  }

  /** Whether two boxes share any area. */
  const overlap = (
    a: { x: number; y: number; width: number; height: number },
    b: { x: number; y: number; width: number; height: number },
  ) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  for (const [who, home, tiles] of [
    ['student', '/user', 'Student screens'],
    ['admin', '/admin', 'Admin screens'],
  ] as const) {
    test(`Install App covers no ${who} home tile on a 390×844 phone, at the top or scrolled to the end`, async ({
      browser,
    }) => {
      const login = who === 'admin' ? adminLogin : await signIn(await createStudent());
      const context = await browser.newContext({
        storageState: login.state,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await offerInstall(page);
      await page.goto(home);
      if (who === 'student') {
        // The home popup (any unread notifications) is not what is measured.
        const popup = page.getByRole('dialog', { name: 'Message for You' });
        if (await popup.isVisible()) await popup.getByRole('button', { name: 'Close' }).click();
      }
      const install = page.getByRole('button', { name: 'Install App' });
      await expect(install).toBeVisible();
      const items = page.getByRole('navigation', { name: tiles }).getByRole('listitem');
      expect(await items.count()).toBeGreaterThan(4);
      for (const position of ['top', 'end']) {
        if (position === 'end')
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const button = await install.boundingBox();
        expect(button).not.toBeNull();
        if (!button) continue;
        for (const tile of await items.all()) {
          const box = await tile.boundingBox();
          if (box)
            expect(overlap(box, button), `${position}: ${await tile.textContent()}`).toBe(false);
        }
      }
      await context.close();
    });
  }
});
