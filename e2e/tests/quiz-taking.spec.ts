import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type Account,
  addAccount,
  admin,
  dropped,
  postOk,
  type SignedIn,
  signIn,
} from '../support.js';

/**
 * Issue 51, point 3, on a phone: a student opens Quizzes from their home, starts a quiz sent to
 * them, answers one question per screen, loses the network and answers on (the answer waits on
 * the phone), gets it back (the answer is sent), keeps an unsent answer across a reload,
 * checks the summary, submits and sees the review with the mark and the right answers. And the
 * answer key never reaches the student's browser before the review: no answer it receives
 * during the attempt, nor its offline store, carries a key field or a key's text.
 */

const phone = { width: 360, height: 780 };
const suffix = Date.now().toString(36);
const title = `Week quiz ${suffix}`;
/** Texts only the key holds: none may reach the student before the review. */
const SECRETS = [`SECRET-FEEDBACK-${suffix}`, `SECRET-GENERAL-${suffix}`];
const students: Record<'journey' | 'watcher' | 'mistaken', SignedIn | undefined> = {
  journey: undefined,
  watcher: undefined,
  mistaken: undefined,
};
let quizId = 0;
const itemIds: number[] = [];

const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function phonePage(browser: Browser, who: SignedIn) {
  const context = await browser.newContext({
    storageState: who.state,
    viewport: phone,
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

const items = [
  {
    prompt: `Which is a fruit? (${suffix})`,
    body: {
      type: 'choice',
      multiple: false,
      options: [
        { id: 'a', text: 'apple' },
        { id: 'b', text: 'chair' },
        { id: 'c', text: 'road' },
      ],
    },
    key: { type: 'choice', credit: { a: 100 }, feedback: { b: SECRETS[0] } },
    general_feedback: SECRETS[1],
  },
  {
    prompt: 'Water is wet.',
    body: { type: 'true_false' },
    key: { type: 'true_false', answer: true },
  },
  {
    prompt: 'The past of "go"?',
    body: { type: 'short' },
    key: { type: 'short', accepted: [{ text: 'went', percent: 100 }], typo: 'none' },
  },
  {
    prompt: 'Fill the gaps.',
    body: {
      type: 'gaps',
      text: 'I {g1} a book and she {g2} a song.',
      gaps: [{ id: 'g1' }, { id: 'g2', choices: ['sang', 'sings', 'singing'] }],
    },
    key: { type: 'gaps', gaps: { g1: ['read'], g2: ['sang'] }, typo: 'none' },
  },
  {
    prompt: 'Match each animal to its sound.',
    body: {
      type: 'matching',
      prompts: [
        { id: 'p1', text: 'cat' },
        { id: 'p2', text: 'dog' },
      ],
      answers: [
        { id: 'x', text: 'meow' },
        { id: 'y', text: 'bark' },
        { id: 'z', text: 'moo' },
      ],
    },
    key: { type: 'matching', pairs: { p1: 'x', p2: 'y' } },
  },
  {
    prompt: 'Put the words in order.',
    body: {
      type: 'ordering',
      unit: 'words',
      pieces: [
        { id: 'a', text: 'She' },
        { id: 'b', text: 'is' },
        { id: 'c', text: 'here' },
      ],
    },
    key: { type: 'ordering', order: ['a', 'b', 'c'] },
  },
];

test.beforeAll(async ({ playwright }) => {
  const adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const ids: Record<string, number> = {};
  for (const who of ['journey', 'watcher', 'mistaken'] as const) {
    const account: Account = {
      name: `Tara Taker ${who} ${suffix}`,
      username: `taker_${who}_${suffix}`,
      password: 'student-password',
    };
    ids[who] = await addAccount(api, adminLogin.token, { ...account, roleId: '2' });
    students[who] = await signIn(account);
  }
  for (const item of items) {
    const { key, general_feedback, ...rest } = item;
    const saved = await postOk(api, adminLogin.token, '/api/save_quiz_item.php', {
      data: {
        unit: `Quiz ${suffix}`,
        version: { ...rest, key, points: 1, ...(general_feedback ? { general_feedback } : {}) },
      },
    });
    itemIds.push(saved.id);
  }
  const quiz = await postOk(api, adminLogin.token, '/api/save_quiz.php', {
    data: {
      title,
      access_start: new Date(Date.now() - 3_600_000).toISOString(),
      access_end: new Date(Date.now() + 86_400_000).toISOString(),
      time_limit_minutes: 30,
      attempts_allowed: 1,
      one_per_page: true,
      review: { when: 'at_once', score: true, answers: true, right_answers: true, feedback: true },
      parts: itemIds.map((id) => ({ item_id: id })),
    },
  });
  quizId = quiz.id;
  for (const who of ['journey', 'watcher', 'mistaken'] as const) {
    await postOk(api, adminLogin.token, '/api/send_quiz.php', {
      data: { quiz_id: quiz.id, user_id: ids[who] },
    });
  }
  await api.dispose();
});

const saved = (page: Page) => page.getByText('Saved', { exact: true });
const question = (page: Page, n: number) =>
  page.getByRole('group', { name: new RegExp(`^Question ${n}\\b`) });

/** The waiting answers in the offline store, as their payloads' JSON. */
const keptSaves = (page: Page) =>
  page.evaluate(() => {
    const text = localStorage.getItem('academy-offline-cache') ?? '{}';
    const mutations: { mutationKey?: string[]; state?: { variables?: unknown } }[] =
      JSON.parse(text).clientState?.mutations ?? [];
    return mutations
      .filter((m) => m.mutationKey?.join('/') === 'quizzes/answers')
      .map((m) => JSON.stringify(m.state?.variables));
  });

async function openQuiz(page: Page) {
  await page.goto('/user');
  await page.getByRole('link', { name: 'Quizzes' }).click();
  await expect(page.getByRole('heading', { name: 'Quizzes', level: 1 })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Time limit: 30 minutes');
  await expect(card).toContainText('Attempts: 0 of 1 used, 1 left');
  expect(await fitsThePhone(page)).toBe(true);
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^(30:00|29:\d\d)$/);
}

test('a student takes a quiz on a phone, offline for part of it, and sees the review', async ({
  browser,
}) => {
  const { context, page } = await phonePage(browser, students.journey as SignedIn);
  await openQuiz(page);

  await question(page, 1).getByRole('radio', { name: 'apple' }).check();
  await expect(saved(page)).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await question(page, 2).getByRole('radio', { name: 'True' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await question(page, 3).getByLabel('Your answer').fill('went');
  await page.getByRole('button', { name: 'Next' }).click();
  await question(page, 4).getByLabel('Gap 1 of 2').fill('read');
  await question(page, 4).getByLabel('Gap 2 of 2').selectOption('sang');
  await expect(saved(page)).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);

  // No network: the answer waits on the phone, and is sent once the network is back.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await question(page, 5).getByLabel('cat').selectOption({ label: 'meow' });
  await question(page, 5).getByLabel('dog').selectOption({ label: 'bark' });
  await expect(page.getByText('Waiting for a connection')).toBeVisible();
  await context.setOffline(false);
  await expect(saved(page)).toBeVisible();

  // A save that cannot get through stays on the phone across a reload, and goes after it.
  await page.route('**/api/save_quiz_answers.php', dropped);
  await page.getByRole('button', { name: 'Next' }).click();
  const words = question(page, 6).getByRole('list', { name: 'Words to place' });
  for (const word of ['She', 'is', 'here']) await words.getByRole('button', { name: word }).click();
  await expect(page.getByText('Waiting for a connection')).toBeVisible();
  await expect.poll(async () => (await keptSaves(page)).join()).toContain('"order":["a","b","c"]');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Question 6, answered' })).toBeVisible();
  await page.unroute('**/api/save_quiz_answers.php');
  await expect(saved(page)).toBeVisible();
  await page.getByRole('button', { name: 'Question 6, answered' }).click();
  await expect(question(page, 6).getByRole('list', { name: 'Your order' })).toHaveText(
    /She\s*.*is\s*.*here/,
  );

  // The summary, then the review.
  await page.getByRole('button', { name: 'Check and submit' }).click();
  await expect(page.getByText('You have answered all 6 questions.')).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
  await page.getByRole('button', { name: 'Submit my answers' }).click();
  await expect(page.getByText('Your answers were submitted.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your mark' })).toContainText('100 / 100');
  const third = page.getByRole('region', { name: 'Question 3' });
  await expect(third).toContainText('Right');
  await expect(third.getByRole('definition')).toHaveText(['went', 'went']);
  await expect(page.getByRole('region', { name: 'Question 1' })).toContainText(SECRETS[1] ?? '?');
  expect(await fitsThePhone(page)).toBe(true);
  await context.close();
});

/** A response body carries the key when any of these is a field of it. */
const KEY_FIELDS = new Set(['credit', 'accepted', 'model_answer', 'key', 'right_answer']);

/** Where a body names a key field; `pairs` and `order` only outside the student's own answer. */
function keyFieldsIn(value: unknown, path: string[] = []): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyFieldsIn(v, [...path, String(i)]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, inner]) => {
    const here = [...path, name];
    const ownAnswer = path.includes('response') || path.includes('answers');
    const isKey = KEY_FIELDS.has(name) || ((name === 'pairs' || name === 'order') && !ownAnswer);
    return [...(isKey ? [here.join('.')] : []), ...keyFieldsIn(inner, here)];
  });
}

test('no answer the student receives during an attempt carries the key', async ({ browser }) => {
  const { context, page } = await phonePage(browser, students.watcher as SignedIn);
  const bodies: { url: string; text: string }[] = [];
  let isReviewing = false;
  page.on('response', async (response) => {
    if (isReviewing || response.request().resourceType() === 'eventsource') return;
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('text/event-stream')) return;
    const url = response.url();
    const text = await response.text().catch(() => '');
    bodies.push({ url, text });
  });

  await openQuiz(page);
  await question(page, 1).getByRole('radio', { name: 'chair' }).check();
  await expect(saved(page)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await question(page, 2).getByRole('radio', { name: 'False' }).check();
  await page.getByRole('button', { name: 'Question 5, not answered' }).click();
  await question(page, 5).getByLabel('cat').selectOption({ label: 'moo' });
  await page.getByRole('button', { name: 'Next' }).click();
  await question(page, 6)
    .getByRole('list', { name: 'Words to place' })
    .getByRole('button', { name: 'here' })
    .click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Question 6, answered' })).toBeVisible();
  await page.getByRole('button', { name: 'Check and submit' }).click();
  await expect(page.getByText('You have answered 4 of 6 questions.')).toBeVisible();
  const offlineStore = await page.evaluate(() => localStorage.getItem('academy-offline-cache'));

  isReviewing = true;
  await page.getByRole('button', { name: 'Submit my answers' }).click();
  await expect(page.getByRole('region', { name: 'Your mark' })).toBeVisible();

  const apiBodies = bodies.filter((b) => b.url.includes('/api/'));
  expect(apiBodies.some((b) => b.url.includes('quiz_attempt.php'))).toBe(true);
  const leaks = apiBodies.flatMap(({ url, text }) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return [
      ...keyFieldsIn(parsed).map((field) => `${url}: ${field}`),
      ...SECRETS.filter((s) => text.includes(s)).map((s) => `${url}: ${s}`),
    ];
  });
  expect(leaks).toEqual([]);
  expect(keyFieldsIn(JSON.parse(offlineStore ?? '{}'))).toEqual([]);
  for (const secret of SECRETS) expect(offlineStore ?? '').not.toContain(secret);
  await context.close();
});

test('a wrong answer becomes a flashcard, and the mistakes are practised', async ({
  browser,
  playwright,
}) => {
  // The attempt is taken through the API: two wrong answers, then submitted.
  const student = students.mistaken as SignedIn;
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const me = { user_id: student.userId };
  const started = await postOk(api, student.token, '/api/start_quiz_attempt.php', {
    data: { ...me, quiz_id: quizId },
  });
  const attempt = await (
    await api.get('/api/quiz_attempt.php', {
      headers: { Authorization: `Bearer ${student.token}` },
      params: { ...me, attempt_id: started.attempt_id },
    })
  ).json();
  const at = (prompt: string) =>
    attempt.attempt.items.find((i: { prompt: string }) => i.prompt.startsWith(prompt)).position;
  await postOk(api, student.token, '/api/save_quiz_answers.php', {
    data: {
      ...me,
      attempt_id: started.attempt_id,
      answers: [
        { position: at('Which is a fruit'), response: { type: 'choice', chosen: ['b'] } },
        { position: at('The past of'), response: { type: 'short', text: 'goed' } },
      ],
    },
  });
  await postOk(api, student.token, '/api/submit_quiz_attempt.php', {
    data: { ...me, attempt_id: started.attempt_id },
  });
  await api.dispose();

  const { context, page } = await phonePage(browser, student);
  await page.goto('/my-quizzes');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('link', { name: 'Review attempt 1' }).click();
  const third = page.getByRole('region', { name: 'Question 3' });
  await expect(third).toContainText('Wrong');
  await third.getByRole('button', { name: /^Make a flashcard/ }).click();
  await expect(third.getByText('In your flashcards')).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);

  await page.getByRole('link', { name: 'Back to Quizzes' }).click();
  await page.getByRole('button', { name: 'Practise my mistakes' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Question 1\b/ })).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
  await context.close();
});

test('when the time is up, the attempt closes on the server and its review opens', async ({
  browser,
  playwright,
}) => {
  // The shortest time limit is a minute, and the test waits for the app to say it is up.
  test.setTimeout(180_000);
  const adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const account: Account = {
    name: `Lara Late ${suffix}`,
    username: `late_${suffix}`,
    password: 'student-password',
  };
  const studentId = await addAccount(api, adminLogin.token, { ...account, roleId: '2' });
  const student = await signIn(account);
  const quick = await postOk(api, adminLogin.token, '/api/save_quiz.php', {
    data: {
      title: `Quick quiz ${suffix}`,
      access_start: new Date(Date.now() - 3_600_000).toISOString(),
      access_end: new Date(Date.now() + 86_400_000).toISOString(),
      time_limit_minutes: 1,
      review: {
        when: 'at_once',
        score: true,
        answers: true,
        right_answers: false,
        feedback: false,
      },
      parts: itemIds.slice(0, 2).map((id) => ({ item_id: id })),
    },
  });
  await postOk(api, adminLogin.token, '/api/send_quiz.php', {
    data: { quiz_id: quick.id, user_id: studentId },
  });
  await api.dispose();

  const { context, page } = await phonePage(browser, student);
  await page.goto('/my-quizzes');
  const card = page.getByRole('listitem').filter({ hasText: `Quick quiz ${suffix}` });
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('timer')).toHaveText(/^(1:00|0:\d\d)$/);
  await question(page, 1).getByRole('radio', { name: 'apple' }).check();
  await expect(saved(page)).toBeVisible();

  await expect(
    page.getByText('Time is up: your answers were saved up to the end and the quiz was marked.'),
  ).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(/closed when time was up/)).toBeVisible();
  const first = page.getByRole('region', { name: 'Question 1' });
  await expect(first.getByRole('definition')).toHaveText(['apple']);
  // Right answers are not shown by this quiz's review.
  await expect(page.getByText('Right answer')).toHaveCount(0);
  await context.close();
});
