import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import config from '../playwright.config.js';
import { admin, createStudent, logIn, silentWav } from '../support.js';

/**
 * Issue 21, points 1 and 2 in the browser: a student records an answer with the microphone
 * and sends it; the administrator plays it and replies by text and voice; the student plays
 * the reply. Chromium's fake microphone (a steady beep) stands in for a real one, and its
 * fake prompt grants it: these flags are this file's only.
 */
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
  permissions: ['microphone'],
});

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Creates a speaking question open now through the admin's API; the question as listed. */
async function openQuestion(request: APIRequestContext, answerSeconds: number) {
  const login = await request.post('/api/login.php', {
    form: { username: admin().username, password: admin().password },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  const questionText = `Tell us about your weekend ${Date.now()}.`;
  const saved = await request.post('/api/save_speaking_question.php', {
    headers,
    data: {
      question_text: questionText,
      start_time: iso(Date.now() - 60_000),
      end_time: iso(Date.now() + 2 * HOUR),
      answer_seconds: answerSeconds,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const id = (await saved.json()).id as number;
  const list = await (await request.get('/api/speaking_questions.php', { headers })).json();
  const { answers_count: _, ...question } = list.questions.find((q: { id: number }) => q.id === id);
  return question as { id: number; question_text: string; answer_seconds: number };
}

/**
 * The speaking screen shows the question open longest, and other files' tests leave theirs
 * open in the same database: this page is shown this test's own question. Everything else
 * (the status, the upload, the reply) is the real server's.
 */
async function showQuestion(page: Page, question: object) {
  await page.route('**/api/get_open_speaking_questions.php*', (route) =>
    route.fulfill({ json: { success: true, questions: [{ ...question, answered: false }] } }),
  );
}

/**
 * Loads a recording's header as a player does when it is played, and waits until the browser
 * has read it without an error (it can be played). Stored files load only when asked.
 */
async function expectPlayable(audio: Locator) {
  await expect(audio).toBeVisible();
  await expect
    .poll(
      () =>
        audio.evaluate(async (el: HTMLAudioElement) => {
          if (el.readyState === 0) {
            el.preload = 'metadata';
            const loaded = new Promise((resolve) => {
              el.addEventListener('loadedmetadata', resolve, { once: true });
              el.addEventListener('error', resolve, { once: true });
            });
            el.load();
            await loaded;
          }
          return el.readyState > 0 && el.error === null;
        }),
      { message: 'the recording loads' },
    )
    .toBe(true);
}

test('a student records an answer up to the time limit; the admin plays it, replies by text and voice, adds two cards, edits one and deletes the other; the student plays the reply and practises the card', async ({
  browser,
  page,
  request,
}) => {
  // Ten seconds of it are the recording itself; the rest waits on a shared, busy machine.
  test.setTimeout(240_000);
  const student = await createStudent({ name: `Recording Student ${Date.now()}` });
  const question = await openQuestion(request, 10);

  await logIn(page, student, '/user');
  await showQuestion(page, question);
  await page.goto('/speaking-screen');
  await expect(page.getByRole('heading', { name: question.question_text })).toBeVisible();
  const answerGroup = page.getByRole('group', { name: /Record your answer/ });
  await expect(answerGroup).toContainText('Up to 0:10');

  // Record: the level meter and the time left show, then the limit stops it by itself.
  await answerGroup.getByRole('button', { name: 'Record' }).click();
  await expect(answerGroup.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await expect(answerGroup.getByText(/Time left 0:(10|0\d)/)).toBeVisible();
  // The fake microphone beeps: the meter moves.
  await expect
    .poll(() => answerGroup.getByRole('meter').evaluate((m: HTMLMeterElement) => m.value))
    .toBeGreaterThan(0);
  await expect(answerGroup.getByText('Stopped at the 0:10 limit.')).toBeVisible({
    timeout: 40_000,
  });
  await expect(answerGroup.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expectPlayable(answerGroup.getByLabel('Record your answer: your recording'));

  // Record again replaces it; Stop ends this one early.
  await answerGroup.getByRole('button', { name: 'Record again' }).click();
  await expect(answerGroup.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await expect(answerGroup.getByText(/Time left 0:0[0-8]/)).toBeVisible({ timeout: 20_000 });
  await answerGroup.getByRole('button', { name: 'Stop' }).click();
  await expectPlayable(answerGroup.getByLabel('Record your answer: your recording'));
  await expect(answerGroup.getByText('Stopped at the 0:10 limit.')).toHaveCount(0);

  // Send it through the spec's upload call.
  const sent = page.waitForResponse('**/api/send_speaking_answer.php');
  await page.getByRole('button', { name: 'Submit File' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText('File uploaded successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'File Submitted' })).toBeDisabled();
  // Issue 27, point 18: the student hears again what they sent, with its measured length.
  const own = page.getByRole('figure').filter({ hasText: 'Your answer' });
  await expect(own).toContainText(/Length 0:0[1-9]/);
  await expectPlayable(own.getByLabel('Your answer, recorded'));

  // The admin plays it and replies by text and voice.
  const adminPage = await browser.newPage();
  await logIn(adminPage, admin(), '/admin');
  await adminPage.goto('/skill-content?tab=speaking');
  const card = adminPage.getByRole('listitem').filter({
    has: adminPage.getByRole('heading', { name: question.question_text }),
  });
  await card.getByRole('button', { name: '1 answer' }).click();
  const answer = card.getByLabel(`Answer of ${student.name}`);
  // Captioned, with the length the server measured (the browser reads none in a WebM).
  const answerFigure = card.getByRole('figure').filter({ hasText: 'Student’s answer' });
  await expect(answerFigure).toContainText(/Length 0:0[1-9]/);
  await expect(answerFigure.getByLabel(`Answer of ${student.name}`)).toBeVisible();
  await expectPlayable(answer);
  const stored = await adminPage.request.get(
    await answer.evaluate((a: HTMLAudioElement) => a.currentSrc),
  );
  expect(stored.status()).toBe(200);
  expect(stored.headers()['content-type']).toMatch(/^(audio|video)\/(webm|ogg|mp4|x-m4a)/);
  expect((await stored.body()).length).toBeGreaterThan(1000);

  await card.getByLabel(`Reply to ${student.name}`).fill('Clear and calm. Try linking words.');
  const replyGroup = card.getByRole('group', { name: /Record a spoken reply/ });
  await replyGroup.getByRole('button', { name: 'Record' }).click();
  await expect(replyGroup.getByText(/Time left 4:5\d/)).toBeVisible();
  await replyGroup.getByRole('button', { name: 'Stop' }).click();
  await expectPlayable(replyGroup.getByLabel('Record a spoken reply: your recording'));
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(card.getByText('Your reply was sent.')).toBeVisible();
  const replyFigure = card.getByRole('figure').filter({ hasText: 'Your reply' });
  await expect(replyFigure).toContainText(/Length 0:(0[1-9]|[1-5]\d)/);
  await expectPlayable(replyFigure.getByLabel(`Your recorded reply to ${student.name}`));

  // The mistakes become two cards in the student's Leitner box, listed under the answer
  // (issue 27, point 18): none yet, then both, one edited and the other deleted.
  await expect(card.getByText('No cards from this answer yet.')).toBeVisible();
  await card.getByRole('button', { name: `Add cards for ${student.name}` }).click();
  const cards = card.getByRole('region', { name: `Cards for ${student.name}` });
  await cards.getByLabel('Card 1 front').fill('I am agree');
  await cards.getByLabel('Card 1 back').fill('I agree');
  await cards.getByRole('button', { name: 'Another card' }).click();
  await cards.getByLabel('Card 2 front').fill('He explained me');
  await cards.getByLabel('Card 2 back').fill('He explained to me');
  await cards.getByRole('button', { name: 'Add 2 cards to the box' }).click();
  await expect(cards.getByText('2 cards added to the Leitner box.')).toBeVisible();
  const fromAnswer = card.getByRole('list', { name: `Cards from ${student.name}’s answer` });
  await expect(fromAnswer.getByRole('listitem')).toHaveText([
    /I am agree.*I agree/,
    /He explained me.*He explained to me/,
  ]);
  await expect(card.getByText('No cards from this answer yet.')).toHaveCount(0);

  await fromAnswer.getByRole('button', { name: 'Edit card I am agree' }).click();
  const editForm = fromAnswer.getByRole('form', { name: 'Edit card I am agree' });
  await expect(editForm.getByLabel('Front')).toBeFocused();
  await editForm.getByLabel('Back').fill('I agree (no "am")');
  await editForm.getByRole('button', { name: 'Save card' }).click();
  await expect(card.getByText('The card was saved.')).toBeVisible();
  await expect(fromAnswer.getByRole('button', { name: 'Edit card I am agree' })).toBeFocused();
  await expect(fromAnswer.getByRole('listitem').first()).toContainText('I agree (no "am")');

  await fromAnswer.getByRole('button', { name: 'Delete card He explained me' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Delete card' });
  await expect(confirm).toContainText(`“He explained me” from ${student.name}’s Leitner box`);
  await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(card.getByText('The card was deleted.')).toBeVisible();
  await expect(fromAnswer.getByRole('listitem')).toHaveText([/I am agree.*I agree \(no "am"\)/]);
  await adminPage.close();

  // The student hears it on the speaking screen (the live stream or a reload brings it).
  await page.reload();
  const reply = page.getByRole('region', { name: 'Your teacher’s reply' });
  await expect(reply).toContainText('Clear and calm. Try linking words.');
  await expectPlayable(reply.getByLabel('Your teacher’s reply, recorded'));

  // And in Assignment Results, beside their own answer.
  await page.unroute('**/api/get_open_speaking_questions.php*');
  await page.goto('/assignment-results');
  const replies = page.getByRole('list', { name: 'Speaking replies' });
  await expect(replies.getByRole('heading', { name: question.question_text })).toBeVisible();
  await expect(replies).toContainText('Clear and calm. Try linking words.');
  await expectPlayable(replies.getByLabel(`Your answer to ${question.question_text}`));
  await expectPlayable(replies.getByLabel('Your teacher’s reply, recorded'));

  // The teacher's card as edited, the deleted one gone: in the library, marked, and
  // practised in the Challenge.
  await page.goto('/cardlibrary');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'I am agree' }).getByText('From your teacher'),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'He explained me' })).toHaveCount(0);
  await page.goto('/flashcardbox');
  await expect(page.getByText('Card 1 of 1')).toBeVisible();
  await page.getByRole('button', { name: /^Front: I am agree/ }).click();
  await expect(page.getByRole('button', { name: /^Back: I agree \(no "am"\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  await expect(page.getByRole('heading', { name: "You've completed the cards!" })).toBeVisible();
});

test('a refused microphone says so, and choosing a file still sends the answer', async ({
  page,
  request,
}) => {
  const student = await createStudent();
  const question = await openQuestion(request, 120);
  // The browser refuses the microphone as it does when the user blocks it.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await logIn(page, student, '/user');
  await showQuestion(page, question);
  await page.goto('/speaking-screen');
  const group = page.getByRole('group', { name: /Record your answer/ });
  await group.getByRole('button', { name: 'Record' }).click();
  await expect(group.getByRole('alert')).toHaveText(
    'The microphone is blocked. Allow it for this site in your browser’s settings and try again, or choose a recorded file.',
  );
  await expect(group.getByRole('button', { name: 'Try again' })).toBeEnabled();

  await page
    .getByLabel('Your recorded answer')
    .setInputFiles({ name: 'answer.wav', mimeType: 'audio/wav', buffer: silentWav(4_000) });
  await page.getByRole('button', { name: 'Submit File' }).click();
  await expect(page.getByText('File uploaded successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'File Submitted' })).toBeDisabled();
});
