import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { admin, createStudent, logIn, silentWav } from '../support.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The admin's side of the API, for setting up what a test needs without the admin screens. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/login.php', {
    form: { username: admin().username, password: admin().password },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  return {
    async studentId(name: string): Promise<number> {
      const students = await (await request.get('/api/user_list.php', { headers })).json();
      return students.find((s: { name: string }) => s.name === name).id;
    },
    async saveItem(fields: Record<string, string>) {
      const res = await request.post('/api/save_skill_item.php', { headers, multipart: fields });
      expect(res.status(), await res.text()).toBe(200);
    },
    async saveQuestion(data: object) {
      const res = await request.post('/api/save_speaking_question.php', { headers, data });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

/** A datetime-local value `hours` from now, in the browser's zone (Playwright runs in the machine's). */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function createItem(
  page: Page,
  tab: string,
  newLabel: string,
  title: string,
  link: string,
  forStudent?: string,
) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('button', { name: newLabel }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill(`About ${title}`);
  await page.getByLabel('Opens').fill(localInput(-1));
  await page.getByLabel('Closes').fill(localInput(2));
  await page.getByLabel('Or a link to the file').fill(link);
  if (forStudent) {
    await page.getByLabel('Chosen students').check();
    // The list holds the first students by name; a search finds anyone.
    await page.getByLabel('Search students').fill(forStudent);
    await page.getByLabel(forStudent).check();
    await page.getByLabel('Search students').fill('');
    // Chosen students stay listed (and chosen) whatever the search shows.
    await expect(page.getByLabel(forStudent)).toBeChecked();
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was created' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

test('the admin creates an exam and a reading; the student starts the exam in a new tab and the button turns into the message', async ({
  browser,
  context,
}) => {
  const suffix = Date.now();
  const student = await createStudent({ name: `Exam Taker ${suffix}` });
  const examTitle = `Final exam ${suffix}`;
  const readingTitle = `Reading ${suffix}`;

  const adminPage = await browser.newPage();
  await adminPage.route('https://files.example.com/**', (route) =>
    route.fulfill({ body: '<title>Exam paper</title>', contentType: 'text/html' }),
  );
  await logIn(adminPage, admin(), '/admin');
  await adminPage.getByRole('link', { name: 'Exams and Skill Builder' }).click();
  await createItem(
    adminPage,
    'Exams',
    'New exam',
    examTitle,
    `https://files.example.com/exam-${suffix}.html`,
    // Only for this student, so other tests' students have no exam.
    student.name,
  );
  await createItem(
    adminPage,
    'Readings',
    'New reading',
    readingTitle,
    `https://files.example.com/reading-${suffix}.html`,
  );

  await context.route('https://files.example.com/**', (route) =>
    route.fulfill({ body: '<title>Exam paper</title>', contentType: 'text/html' }),
  );
  const page = await context.newPage();
  await logIn(page, student, '/user');
  const [listed] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/get_exam.php')),
    page.getByRole('link', { name: 'Exam', exact: true }).click(),
  ]);
  // Not started yet: the answer carries no link, so the paper cannot be read unrecorded.
  expect((await listed.json()).exam).toMatchObject({ title: examTitle, file_url: null });
  await expect(page).toHaveURL('/exam-page');
  await expect(page.getByRole('heading', { name: examTitle })).toBeVisible();
  await expect(page.getByText('Start time')).toBeVisible();
  await expect(
    page.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/).first(),
  ).toBeVisible();

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Start Exam' }).click(),
  ]);
  await expect(tab).toHaveURL(`https://files.example.com/exam-${suffix}.html`);
  await expect(page.getByText('You have already started this exam.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Exam' })).toHaveCount(0);
  // A student who closes the tab can open the exam again.
  await tab.close();
  await expect(page.getByRole('link', { name: 'Open the exam' })).toHaveAttribute(
    'href',
    `https://files.example.com/exam-${suffix}.html`,
  );

  // The reading, through the Skill Builder.
  await page.getByRole('link', { name: 'Back to Home Screen' }).click();
  await page.getByRole('link', { name: 'Skill Builder' }).click();
  for (const skill of ['Speaking', 'Reading', 'Listening', 'Story']) {
    await expect(page.getByRole('link', { name: skill, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Reading', exact: true }).click();
  await expect(page.getByRole('heading', { name: readingTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Reading' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Skill Builder' }).click();
  await page.getByRole('link', { name: 'Listening', exact: true }).click();
  await expect(page.getByText('No listenings found.')).toBeVisible();

  // The admin sees who started the exam.
  await adminPage.getByRole('tab', { name: 'Exams' }).click();
  await adminPage.reload();
  const examCard = adminPage.getByRole('listitem').filter({ hasText: examTitle });
  await examCard.getByRole('button', { name: 'Started by 1' }).click();
  await expect(examCard.getByText(`${student.name}: `, { exact: false })).toBeVisible();
  await adminPage.close();
});

test('the game chooser shows both games as coming soon', async ({ page }) => {
  const student = await createStudent();
  await logIn(page, student, '/user');
  await page.getByRole('link', { name: 'Game' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Game' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Crossword Puzzle' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Interactive Story' })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toHaveCount(2);
  await page.getByRole('link', { name: 'Back to Home Screen' }).click();
  await expect(page).toHaveURL('/user');
});

test('the exam page says when there is no exam, and a network failure says it could not fetch', async ({
  page,
}) => {
  const student = await createStudent();
  await logIn(page, student, '/user');
  await page.goto('/exam-page');
  await expect(page.getByText('No exam found.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Exam' })).toHaveCount(0);

  await page.route('**/api/get_exam.php*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByText('Error fetching exam data.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('No exam found.')).toHaveCount(0);
});

test('an exam not open yet says when it opens; a refused start shows the spec text with the reason beneath, a network failure its own', async ({
  page,
  request,
}) => {
  const student = await createStudent({ name: `Early Bird ${Date.now()}` });
  const api = await adminApi(request);
  const studentId = await api.studentId(student.name);
  const now = Date.now();
  await api.saveItem({
    kind: 'exam',
    title: 'Next week exam',
    access_start: iso(now + 24 * HOUR),
    access_end: iso(now + 26 * HOUR),
    link_url: 'https://files.example.com/next-week.pdf',
    student_ids: JSON.stringify([studentId]),
  });

  await logIn(page, student, '/user');
  await page.goto('/exam-page');
  await expect(page.getByRole('heading', { name: 'Next week exam' })).toBeVisible();
  await expect(page.getByText(/This exam opens on [A-Z][a-z]+ \d{1,2}, \d{4} at /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Exam' })).toHaveCount(0);

  // An exam open now comes first.
  await api.saveItem({
    kind: 'exam',
    title: 'Exam open now',
    access_start: iso(now - HOUR),
    access_end: iso(now + HOUR),
    link_url: 'https://files.example.com/now.pdf',
    student_ids: JSON.stringify([studentId]),
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Exam open now' })).toBeVisible();
  const startButton = page.getByRole('button', { name: 'Start Exam' });

  // The server refuses (say the exam closed a moment ago): the spec's text, the reason beneath.
  await page.route('**/api/update_attempted.php', (route) =>
    route.fulfill({
      status: 403,
      json: { success: false, message: 'This exam has closed.' },
    }),
  );
  await startButton.click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to start the exam. Please try again.');
  await expect(alert).toContainText('This exam has closed.');

  await page.unroute('**/api/update_attempted.php');
  await page.route('**/api/update_attempted.php', (route) =>
    route.fulfill({ status: 500, body: 'Internal Server Error' }),
  );
  await startButton.click();
  await expect(alert).toHaveText('Failed to start the exam. Please try again.');

  await page.unroute('**/api/update_attempted.php');
  await page.route('**/api/update_attempted.php', (route) => route.abort('internetdisconnected'));
  await startButton.click();
  await expect(alert).toHaveText('An error occurred while starting the exam.');
  await expect(startButton).toBeVisible();
});

test('the speaking screen: a fetch failure, and an upload failure shows Error uploading file.', async ({
  page,
  request,
}) => {
  const student = await createStudent();
  // A question open now, beside any other test's: the screen lists every open question.
  const questionText = `A question for failures ${Date.now()}`;
  await (await adminApi(request)).saveQuestion({
    question_text: questionText,
    start_time: iso(Date.now() - 60_000),
    end_time: iso(Date.now() + 2 * HOUR),
  });
  await logIn(page, student, '/user');

  const questions = '**/api/get_open_speaking_questions.php*';
  await page.route(questions, (route) => route.abort('internetdisconnected'));
  await page.goto('/speaking-screen');
  await expect(page.getByText('Error fetching question.')).toBeVisible({ timeout: 15_000 });
  await page.unroute(questions);
  await page.route(questions, (route) =>
    route.fulfill({ status: 500, body: 'Internal Server Error' }),
  );
  await page.reload();
  await expect(page.getByText('Error fetching question.')).toBeVisible({ timeout: 15_000 });
  await page.unroute(questions);
  await page.reload();
  const card = page.getByRole('region', { name: questionText });
  const submit = card.getByRole('button', { name: 'Submit File' });
  await expect(submit).toBeEnabled();

  // Exactly 5 MB is allowed (only more is refused).
  const chooser = card.getByLabel('Your recorded answer');
  await chooser.setInputFiles({
    name: 'five.wav',
    mimeType: 'audio/wav',
    buffer: silentWav(5_242_880),
  });
  await expect(card.getByRole('alert')).toHaveCount(0);
  expect(await chooser.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);

  await chooser.setInputFiles({ name: 'a.wav', mimeType: 'audio/wav', buffer: silentWav(2_000) });
  const alert = card.getByRole('alert');
  for (const [failure, reason] of [
    [(route) => route.fulfill({ status: 500, body: 'Internal Server Error' }), undefined],
    [(route) => route.abort('internetdisconnected'), undefined],
    [
      (route) =>
        route.fulfill({
          status: 403,
          json: { success: false, message: 'This question is not open for answers now.' },
        }),
      'This question is not open for answers now.',
    ],
  ] as const satisfies readonly (readonly [Parameters<Page['route']>[1], string | undefined])[]) {
    await page.route('**/api/send_speaking_answer.php', failure);
    await Promise.all([page.waitForRequest('**/api/send_speaking_answer.php'), submit.click()]);
    if (reason) {
      await expect(alert).toContainText('Error uploading file.');
      await expect(alert).toContainText(reason);
    } else {
      await expect(alert).toHaveText('Error uploading file.');
    }
    await page.unroute('**/api/send_speaking_answer.php');
    // Nothing was answered: the student can try again.
    await expect(submit).toBeEnabled();
  }
});

test('a student uploads a speaking answer with progress, and the admin plays it back', async ({
  browser,
  context,
}) => {
  const student = await createStudent({ name: 'Voice Student' });
  const question = `Describe your favourite place ${Date.now()}.`;

  const adminPage = await browser.newPage();
  await logIn(adminPage, admin(), '/admin');
  await adminPage.goto('/skill-content?tab=speaking');
  await adminPage.getByRole('button', { name: 'New speaking question' }).click();
  await adminPage.getByLabel('Question', { exact: true }).fill(question);
  await adminPage.getByLabel('Opens').fill(localInput(-1));
  await adminPage.getByLabel('Closes').fill(localInput(2));
  await adminPage.getByRole('button', { name: 'Save' }).click();
  await expect(adminPage.getByRole('heading', { name: question })).toBeVisible();

  const page = await context.newPage();
  await logIn(page, student, '/user');
  await page.goto('/speaking-screen');
  // Other tests' questions may be open too: this one's card holds its form.
  const mine = page.getByRole('region', { name: question });
  await expect(mine.getByRole('heading', { name: question })).toBeVisible();
  await expect(mine.getByText('Maximum file size is 5MB.')).toBeVisible();

  await mine.getByRole('button', { name: 'Submit File' }).click();
  await expect(mine.getByRole('alert')).toHaveText('Please select a file.');

  // Over the limit: refused before anything is sent, and not kept as the choice.
  await mine
    .getByLabel('Your recorded answer')
    .setInputFiles({ name: 'long.wav', mimeType: 'audio/wav', buffer: silentWav(5_242_881) });
  await expect(mine.getByRole('alert')).toHaveText('The file size exceeds the 5MB limit.');
  expect(
    await mine
      .getByLabel('Your recorded answer')
      .evaluate((input: HTMLInputElement) => input.files?.length),
  ).toBe(0);

  // A slow connection, so the progress is there to be seen.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1_000_000,
  });
  const recording = silentWav(2_000_000);
  await mine
    .getByLabel('Your recorded answer')
    .setInputFiles({ name: 'my-answer.wav', mimeType: 'audio/wav', buffer: recording });
  await mine.getByRole('button', { name: 'Submit File' }).click();
  await expect(page.getByText(/^Uploading: \d{1,3}%$/)).toBeVisible();
  await expect(
    mine.getByRole('status').filter({ hasText: 'File uploaded successfully.' }),
  ).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(mine.getByRole('button', { name: 'File Submitted' })).toBeDisabled();
  await page.reload();
  await expect(mine.getByRole('button', { name: 'File Submitted' })).toBeDisabled();

  await adminPage.reload();
  const card = adminPage.getByRole('listitem').filter({ hasText: question });
  await card.getByRole('button', { name: '1 answer' }).click();
  const audio = card.getByLabel('Answer of Voice Student');
  await expect(audio).toBeVisible();
  const src = await audio.getAttribute('src');
  const played = await adminPage.request.get(src ?? '');
  expect(played.status()).toBe(200);
  expect(played.headers()['content-type']).toBe('audio/wav');
  expect(Buffer.compare(await played.body(), recording)).toBe(0);
  // The browser can play it: metadata loads.
  await expect
    .poll(() =>
      audio.evaluate(async (el: HTMLAudioElement) => {
        el.preload = 'metadata';
        el.load();
        await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
        return el.duration > 0;
      }),
    )
    .toBe(true);
  await adminPage.close();
});
