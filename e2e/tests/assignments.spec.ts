import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { admin, createStudent, logIn, samplePdf, samplePng } from '../support.js';

test('the whole assignment loop: send, read, submit, inbox, correction, result download', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await createStudent({ name: `Loop Student ${Date.now()}` });
  const title = `Essay on travel ${Date.now()}`;

  // The admin sends an assignment with a link.
  const adminContext = await browser.newContext();
  await adminContext.route('https://docs.example.com/**', (route) =>
    route.fulfill({ body: '<title>Brief</title>', contentType: 'text/html' }),
  );
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, admin(), '/admin');
  await adminPage.getByRole('link', { name: 'Send Assignment' }).click();
  await adminPage.getByRole('button', { name: 'Send Assignment' }).click();
  await expect(adminPage.getByRole('alert')).toHaveText('Please select a user.');
  await adminPage.getByLabel('User').selectOption({ label: student.name });
  await adminPage.getByRole('button', { name: 'Send Assignment' }).click();
  await expect(adminPage.getByRole('alert')).toHaveText('Please enter both title and description.');
  await adminPage.getByLabel('Title', { exact: true }).fill(title);
  await adminPage.getByLabel('Description').fill('Due Friday, 300 words');
  await adminPage.getByLabel('Link 1 title').fill('The brief');
  await adminPage.getByLabel('Link 1 URL').fill('https://docs.example.com/brief');
  await adminPage.getByRole('button', { name: 'Add link' }).click();
  await expect(adminPage.getByLabel('Link 2 URL')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Remove link 2' }).click();
  await adminPage.getByRole('button', { name: 'Send Assignment' }).click();
  await expect(adminPage.getByRole('status')).toHaveText('Assignment sent successfully!');

  // The student sees the badge, opens the assignment, and the badge clears.
  const studentContext = await browser.newContext();
  const page = await studentContext.newPage();
  await logIn(page, student, '/user');
  const downloadTile = page.getByRole('link', { name: /Download Assignment/ });
  await expect(downloadTile).toContainText('1 unread');
  await downloadTile.click();
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await expect(page.getByText('Due Friday, 300 words')).toBeVisible();
  await expect(page.getByRole('link', { name: 'The brief' })).toHaveAttribute(
    'href',
    'https://docs.example.com/brief',
  );
  await page.getByRole('link', { name: 'Back to Home Screen' }).click();
  await expect(page.getByRole('link', { name: /Download Assignment/ })).not.toContainText('unread');

  // The admin sees when it was read.
  await adminPage.goto('/view-assignments');
  const card = adminPage.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText(/Read on [A-Z][a-z]+ \d{1,2}, \d{4}/);

  // The student uploads a PDF and an image, and sees the percentage.
  await page.getByRole('link', { name: 'Upload Assignment' }).click();
  await page.getByRole('button', { name: 'Submit Assignment' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a subject.');
  await page.getByLabel('Subject').fill('My travel essay');
  await page.getByRole('button', { name: 'Submit Assignment' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select at least one file.');
  const cdp = await studentContext.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 800_000,
  });
  await page.getByLabel('Files').setInputFiles([
    { name: 'essay.pdf', mimeType: 'application/pdf', buffer: samplePdf(1_500_000) },
    { name: 'drawing.png', mimeType: 'image/png', buffer: samplePng },
  ]);
  await page.getByRole('button', { name: 'Submit Assignment' }).click();
  await expect(page.getByRole('button', { name: /Uploading\.\.\.|Sending\.\.\./ })).toBeDisabled();
  await expect(page.getByText(/^\d{1,3}%$/)).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Assignment submitted successfully.' }),
  ).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The admin finds it in the inbox and opens a file in a new window.
  await adminPage.goto('/inbox');
  const submission = adminPage.getByRole('listitem').filter({ hasText: 'My travel essay' });
  await expect(submission).toContainText(`From ${student.name}`);
  // A new window goes to the file's signed address, and the inbox stays. Read from the
  // window's request: a browser with no PDF viewer (the headless shell) downloads the file
  // and closes the window rather than showing it.
  const [opened] = await Promise.all([
    adminContext.waitForEvent('request', (r) => /\/api\/files\/\d+\?exp=/.test(r.url())),
    submission.getByRole('button', { name: 'essay.pdf' }).click(),
  ]);
  expect(opened.isNavigationRequest()).toBe(true);
  expect((await opened.response())?.status()).toBe(200);
  await expect(adminPage).toHaveURL('/inbox');

  // The admin sends a correction with a file.
  await adminPage.goto('/students-correction');
  await adminPage.getByLabel('User').selectOption({ label: student.name });
  await adminPage.getByLabel('Title', { exact: true }).fill('Essay marked');
  await adminPage.getByLabel('Files (optional)').setInputFiles({
    name: 'marked-essay.pdf',
    mimeType: 'application/pdf',
    buffer: samplePdf(2_000),
  });
  await adminPage.getByRole('button', { name: 'Send Correction' }).click();
  await expect(
    adminPage.getByRole('status').filter({ hasText: 'Correction sent successfully' }),
  ).toBeVisible();

  // The student downloads it under its own name.
  await page.goto('/assignment-results');
  await expect(page.getByRole('heading', { name: 'Assignment Results' })).toBeVisible();
  const result = page.getByRole('listitem').filter({ hasText: 'Essay marked' });
  await expect(result).toContainText('Created At:');
  await expect(result).toContainText('No description provided.');
  await expect(result).toContainText('Files:');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    result.getByRole('button', { name: 'Download Result marked-essay.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('marked-essay.pdf');
  const saved = fs.readFileSync(await download.path());
  expect(saved.equals(samplePdf(2_000))).toBe(true);
  await expect(page.getByRole('link', { name: 'Back to Home Screen' })).toHaveCount(2);

  await adminContext.close();
  await studentContext.close();
});

test('the admin deletes a sent correction after confirming', async ({ page }) => {
  const student = await createStudent({ name: `Correction Student ${Date.now()}` });
  await logIn(page, admin(), '/admin');
  await page.goto('/students-correction');
  await page.getByLabel('User').selectOption({ label: student.name });
  await page.getByLabel('Title', { exact: true }).fill('To be deleted');
  await page.getByRole('button', { name: 'Send Correction' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Correction sent successfully' }),
  ).toBeVisible();
  await page.goto('/sent');
  const card = page.getByRole('listitem').filter({ hasText: 'To be deleted' }).first();
  await card.getByRole('button', { name: 'Delete To be deleted' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Delete To be deleted' }).click();
  await page.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page.getByRole('status')).toHaveText('Assignment removed successfully.');
});

test('the inbox says when pop-ups are blocked', async ({ page }) => {
  const student = await createStudent();
  await logIn(page, student, '/user');
  await page.goto('/submit-assignment');
  await page.getByLabel('Subject').fill(`Blocked ${Date.now()}`);
  await page
    .getByLabel('Files')
    .setInputFiles({ name: 'b.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
  await page.getByRole('button', { name: 'Submit Assignment' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Assignment submitted successfully.' }),
  ).toBeVisible();
  await page.evaluate(() => localStorage.clear());

  await logIn(page, admin(), '/admin');
  await page.goto('/inbox');
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'b.pdf' }).first().click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please allow pop-ups for this website to download files.',
  );
});

/** The admin's API, for setting up what a test needs. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/login.php', {
    form: { username: admin().username, password: admin().password },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  return {
    headers,
    async studentId(name: string): Promise<number> {
      const students = await (await request.get('/api/user_list.php', { headers })).json();
      return students.find((s: { name: string }) => s.name === name).id;
    },
    async sendCorrection(userId: number, title: string, file?: { name: string; buffer: Buffer }) {
      const res = await request.post('/api/send_correction.php', {
        headers,
        multipart: {
          user_id: String(userId),
          title,
          ...(file ? { file1: { ...file, mimeType: 'application/pdf' } } : {}),
        },
      });
      expect(res.status()).toBe(200);
    },
  };
}

test('the sent list pages 50 at a time with Previous and Next', async ({ page }) => {
  test.setTimeout(90_000);
  const student = await createStudent({ name: `Paged Student ${Date.now()}` });
  const api = await adminApi(page.request);
  const id = await api.studentId(student.name);
  for (let i = 1; i <= 51; i += 1) await api.sendCorrection(id, `Paged ${student.name} ${i}`);

  await logIn(page, admin(), '/admin');
  await page.goto('/sent');
  const list = page.getByRole('list', { name: 'Sent corrections' });
  await expect(list.getByRole('listitem').filter({ hasText: `${student.name} 51` })).toHaveCount(1);
  await expect(list.locator(':scope > li')).toHaveCount(50);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect(
    list.getByRole('heading', { name: `Paged ${student.name} 1`, exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: `${student.name} 51` })).toHaveCount(1);
});

test('results: a failed fetch replaces the screen with its message', async ({ page }) => {
  const student = await createStudent();
  await logIn(page, student, '/user');
  await page.route('**/api/students_get_corrections.php*', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Your results are being moved.' }),
    }),
  );
  await page.goto('/assignment-results');
  await expect(page.getByRole('alert')).toHaveText('Your results are being moved.');
  await expect(page.getByRole('heading', { name: 'Assignment Results' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Home Screen' })).toHaveCount(1);
});

test('results: an expired download link is fetched afresh and tried once more before the error', async ({
  page,
}) => {
  const student = await createStudent({ name: `Retry Student ${Date.now()}` });
  const api = await adminApi(page.request);
  await api.sendCorrection(await api.studentId(student.name), 'Retried result', {
    name: 'retried.pdf',
    buffer: samplePdf(1_000),
  });
  await logIn(page, student, '/user');
  await page.goto('/assignment-results');
  const button = page.getByRole('button', { name: 'Download Result retried.pdf' });
  await expect(button).toBeVisible();

  // The first link has expired (the list was read hours ago); the fresh one works.
  let listReads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/students_get_corrections.php')) listReads += 1;
  });
  let refused = 0;
  await page.route('**/api/files/**', (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'This download link has expired.' }),
    });
  });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('retried.pdf');
  expect(listReads).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // When the fresh link fails too, the spec's message.
  await page.unroute('**/api/files/**');
  await page.route('**/api/files/**', (route) => route.fulfill({ status: 500, body: '' }));
  await button.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to download the file. Please try again.',
  );
});

test('long file names wrap on a phone instead of making pages scroll sideways', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const longName = 'IMG_20261122_153045_HDR_homework_scan_final_version_two.pdf';
  const student = await createStudent({ name: `Long Names ${Date.now()}` });
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const api = await adminApi(page.request);
  const id = await api.studentId(student.name);
  await api.sendCorrection(id, `Long ${student.name}`, { name: longName, buffer: samplePdf() });
  await page.request.post('/api/send_assignment.php', {
    headers: api.headers,
    multipart: {
      user_id: String(id),
      title: `Long link ${student.name}`,
      description: 'Read it',
      file_links: JSON.stringify([{ title: longName, url: 'https://docs.example.com/a' }]),
    },
  });

  const fitsTheScreen = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );

  await logIn(page, student, '/user');
  await page.goto('/submit-assignment');
  await page.getByLabel('Subject').fill(`Long upload ${student.name}`);
  await page
    .getByLabel('Files')
    .setInputFiles({ name: longName, mimeType: 'application/pdf', buffer: samplePdf() });
  await page.getByRole('button', { name: 'Submit Assignment' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Assignment submitted successfully.' }),
  ).toBeVisible();
  await page.goto('/assignment-results');
  await expect(page.getByText(longName)).toBeVisible();
  expect(await fitsTheScreen()).toBe(true);
  await page.goto('/download-assignment');
  await page.getByRole('button', { name: new RegExp(`Long link ${student.name}`) }).click();
  await expect(page.getByRole('link', { name: longName })).toBeVisible();
  expect(await fitsTheScreen()).toBe(true);
  await page.evaluate(() => localStorage.clear());

  await logIn(page, admin(), '/admin');
  await page.goto('/inbox');
  await page.getByLabel('Search by student').fill(student.name);
  await expect(page.getByRole('button', { name: longName })).toBeVisible();
  expect(await fitsTheScreen()).toBe(true);
  await page.goto('/sent');
  await expect(page.getByRole('link', { name: longName }).first()).toBeVisible();
  expect(await fitsTheScreen()).toBe(true);
  await page.goto('/view-assignments');
  await expect(page.getByRole('link', { name: longName }).first()).toBeVisible();
  expect(await fitsTheScreen()).toBe(true);
  await page.screenshot({ path: test.info().outputPath('view-assignments-375.png') });
  await context.close();
});
