import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  addAccount,
  admin,
  pageSignedIn,
  postOk,
  type SignedIn,
  signIn,
  silentWav,
} from '../support.js';

/**
 * Issue 51, points 2, 4 and 10, on a phone: a teacher opens Quizzes from their home, builds a
 * quiz of two bank items (one answered by a recording) and a random draw, sees what the draw
 * may take from, and sends it to their class; their student takes it (through the API); the
 * teacher reads the attempt, plays and marks the spoken answer, and sees the attempt's mark.
 */

const phone = { width: 360, height: 780 };
const suffix = Date.now().toString(36);
const unit = `Unit ${suffix}`;
const password = 'quiz-password';
const teacher = { name: `Quentin Builder ${suffix}`, username: `qbuilder_${suffix}` };
const student = { name: `Zz Quiz Taker ${suffix}`, username: `qtaker_${suffix}` };
const className = `Quiz class ${suffix}`;
const title = `Week 3 check ${suffix}`;
const choicePrompt = `Yesterday I ___ to the market (${suffix}).`;
const spokenPrompt = `Tell us about your weekend (${suffix}).`;
let teacherLogin: SignedIn;
let studentLogin: SignedIn;

const post = (api: APIRequestContext, token: string, path: string, data: object) =>
  postOk(api, token, path, { data });

/** Nothing on the page is wider than the phone (no sideways scrolling). */
const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** An item of the bank, written with the teacher's own call. */
const bankItem = (api: APIRequestContext, tags: object, version: object) =>
  post(api, teacherLogin.token, '/api/save_quiz_item.php', { unit, ...tags, version });

test.beforeAll(async ({ playwright }) => {
  const adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const teacherId = await addAccount(api, adminLogin.token, { ...teacher, password, roleId: '3' });
  const studentId = await addAccount(api, adminLogin.token, { ...student, password, roleId: '2' });
  const classId = (await post(api, adminLogin.token, '/api/create_class.php', { name: className }))
    .class_id;
  await post(api, adminLogin.token, '/api/add_class_students.php', {
    class_id: classId,
    user_ids: [studentId],
  });
  await post(api, adminLogin.token, '/api/set_class_teachers.php', {
    class_id: classId,
    teacher_ids: [teacherId],
  });
  teacherLogin = await signIn({ ...teacher, password });
  studentLogin = await signIn({ ...student, password });

  await bankItem(
    api,
    { level: 'A2', skill: 'grammar' },
    {
      prompt: choicePrompt,
      body: {
        type: 'choice',
        multiple: false,
        options: [
          { id: 'a', text: 'went' },
          { id: 'b', text: 'go' },
        ],
      },
      key: { type: 'choice', credit: { a: 100, b: 0 } },
      points: 1,
    },
  );
  await bankItem(
    api,
    { level: 'A2', skill: 'speaking' },
    {
      prompt: spokenPrompt,
      body: { type: 'spoken', max_seconds: 60 },
      key: { type: 'spoken', model_answer: 'Past simple, a few sentences.' },
      points: 2,
    },
  );
  // Two for the draw to take one from.
  for (const n of [1, 2])
    await bankItem(
      api,
      { level: 'B1', skill: 'grammar' },
      {
        prompt: `Statement ${n} is true (${suffix}).`,
        body: { type: 'true_false' },
        key: { type: 'true_false', answer: true },
        points: 1,
      },
    );
  await api.dispose();
});

/** The student takes the quiz through the API: every answer right, the recording sent. */
async function takeQuiz(api: APIRequestContext, quizId: number) {
  const userId = studentLogin.userId;
  const headers = { Authorization: `Bearer ${studentLogin.token}` };
  const started = await post(api, studentLogin.token, '/api/start_quiz_attempt.php', {
    user_id: userId,
    quiz_id: quizId,
  });
  const attemptId = started.attempt_id as number;
  const read = await api.get('/api/quiz_attempt.php', {
    headers,
    params: { user_id: userId, attempt_id: attemptId },
  });
  expect(read.ok(), await read.text()).toBe(true);
  const items = (await read.json()).attempt.items as { position: number; type: string }[];
  expect(items.map((i) => i.type).sort()).toEqual(['choice', 'spoken', 'true_false']);
  const at = (type: string) => items.find((i) => i.type === type)?.position as number;
  await post(api, studentLogin.token, '/api/save_quiz_answers.php', {
    user_id: userId,
    attempt_id: attemptId,
    answers: [
      { position: at('choice'), response: { type: 'choice', chosen: ['a'] } },
      { position: at('true_false'), response: { type: 'true_false', answer: true } },
    ],
  });
  await postOk(api, studentLogin.token, '/api/save_quiz_recording.php', {
    multipart: {
      user_id: String(userId),
      attempt_id: String(attemptId),
      position: String(at('spoken')),
      audio_file: { name: 'answer.wav', mimeType: 'audio/wav', buffer: silentWav(96_000) },
    },
  });
  await post(api, studentLogin.token, '/api/submit_quiz_attempt.php', {
    user_id: userId,
    attempt_id: attemptId,
  });
  return at('spoken');
}

test('a teacher builds a quiz from the bank, sends it and marks a spoken answer, on a phone', async ({
  browser,
  playwright,
}) => {
  const { context, page } = await pageSignedIn(browser, teacherLogin);
  await page.setViewportSize(phone);
  await page.goto('/teacher');
  await page.getByRole('link', { name: 'Quizzes' }).click();
  await expect(page.getByRole('heading', { name: 'Quizzes', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New quiz' }).click();
  await expect(page.getByRole('heading', { name: 'New quiz', level: 1 })).toBeVisible();

  // Saving with nothing in it says what is missing first.
  await page.getByRole('button', { name: 'Create the quiz' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a title.');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Time limit (minutes)').fill('30');

  // Two items picked from the bank, by their unit.
  await page.getByRole('button', { name: 'Add items from the bank' }).click();
  await page.getByLabel('Unit', { exact: true }).selectOption(unit);
  const offered = page.getByRole('list', { name: 'Items to add' });
  await expect(offered.getByRole('listitem')).toHaveCount(4);
  await offered.getByRole('button', { name: /^Add Multiple choice item/ }).click();
  await offered.getByRole('button', { name: /^Add Spoken answer item/ }).click();
  await expect(
    offered.getByRole('button', { name: /Spoken answer item .* is in the quiz/ }),
  ).toBeDisabled();

  // One drawn at random from the B1 grammar items of the unit.
  await page.getByRole('button', { name: 'Add a random draw' }).click();
  await page.getByLabel('Draw level').selectOption('B1');
  await page.getByLabel('Draw skill').selectOption('grammar');
  await page.getByLabel('Draw unit').selectOption(unit);
  await page.getByLabel('Items to draw', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Add the draw' }).click();
  const parts = page.getByRole('list', { name: 'Parts of the quiz' });
  await expect(parts.getByRole('listitem')).toHaveCount(3);
  await expect(parts.getByRole('listitem').nth(2)).toContainText('B1 · Grammar');
  // The spoken item goes first.
  await page.getByRole('button', { name: /^Move part 2, Spoken answer item .* up$/ }).click();
  await expect(parts.getByRole('listitem').first()).toContainText(spokenPrompt);
  expect(await fitsThePhone(page)).toBe(true);

  await page.getByRole('button', { name: 'Create the quiz' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('The quiz was created.')).toBeVisible();
  // The draw, saved, says what the bank holds for it.
  await expect(page.getByText('The bank has 2 items to draw from', { exact: false })).toBeVisible();
  await expect(page.getByText('Not sent yet').first()).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);

  // Sent to the class.
  await page.getByRole('radio', { name: 'A class' }).check();
  await page
    .getByLabel('Class', { exact: true })
    .selectOption({ label: `${className} (1 student)` });
  await page.getByRole('button', { name: 'Send the quiz' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was sent to 1 student' })).toBeVisible();
  const quizId = Number(new URL(page.url()).pathname.split('/').pop());

  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const spokenAt = await takeQuiz(api, quizId);
  await api.dispose();

  // The attempts: the student's one, a spoken answer to mark.
  await page.getByRole('link', { name: 'Attempts' }).click();
  await expect(page.getByRole('heading', { name: 'Attempts', level: 1 })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: student.name });
  await expect(card).toContainText('1 spoken answer to mark');
  expect(await fitsThePhone(page)).toBe(true);
  await card.getByRole('link', { name: `Open attempt 1 of ${student.name}` }).click();

  // The attempt: each question, the recording, and its mark field.
  await expect(
    page.getByRole('heading', { name: `${student.name}, attempt 1`, level: 1 }),
  ).toBeVisible();
  const questions = page.getByRole('list', { name: 'Questions of the attempt' });
  await expect(questions.getByRole('listitem')).toHaveCount(3);
  await expect(questions).toContainText('went');
  const spoken = questions.getByRole('listitem').filter({ hasText: spokenPrompt });
  await expect(spoken).toContainText('Awaits a mark');
  await expect(
    spoken.getByLabel(`${student.name}’s recording for question ${spokenAt + 1}`),
  ).toBeAttached();
  expect(await fitsThePhone(page)).toBe(true);

  const markField = spoken.getByLabel(`Mark for question ${spokenAt + 1} (out of 2)`);
  await markField.fill('3');
  await spoken.getByRole('button', { name: 'Save the mark' }).click();
  await expect(spoken.getByRole('alert')).toHaveText('The mark can be at most 2.');
  await markField.fill('1.5');
  await spoken.getByRole('button', { name: 'Save the mark' }).click();
  await expect(spoken.getByRole('status').filter({ hasText: 'The mark was saved.' })).toBeVisible();
  // 1 + 1 + 1.5 of 4 points, out of 100.
  const mark = page.getByRole('region', { name: 'Mark' });
  await expect(mark).toContainText('87.5 / 100');
  await expect(spoken).toContainText('1.5 of 2 points');
  await expect(spoken.getByRole('definition').filter({ hasText: teacher.name })).toBeVisible();

  // Back on the attempts, the attempt's mark and the mark that counts.
  await page.getByRole('link', { name: 'Back to the attempts' }).click();
  await expect(card).toContainText('Counts: 87.5 / 100 (the highest attempt)');
  await context.close();
});
