import { type Browser, expect, type Page, test } from '@playwright/test';
import { addAccount, admin, postOk, type SignedIn, signIn } from '../support.js';

/**
 * Issue 51, points 1 and 8, on a phone: a teacher opens the question bank from their home,
 * pastes GIFT text with one broken block and sees it refused by its line, imports the rest
 * (the refused block skipped, once seen), finds the new items listed by their unit, edits one,
 * and exports the bank as a GIFT file.
 */

const phone = { width: 360, height: 780 };
const suffix = Date.now().toString(36);
const unit = `Unit ${suffix}`;
let teacherLogin: SignedIn;
let adminLogin: SignedIn;

/** Nothing on the page is wider than the phone (no sideways scrolling). */
const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function phonePage(browser: Browser, who: SignedIn) {
  const context = await browser.newContext({ storageState: who.state, viewport: phone });
  return { context, page: await context.newPage() };
}

// Line 4 opens a brace it never closes: refused, by its line.
const gift = `// Week 3, ${suffix}
::Past ${suffix}:: Yesterday I {=went ~go ~gone} to the market.

::Broken:: She is a teacher {=yes ~no

::Capital ${suffix}:: The capital of France is Paris. {T}

::Eat ${suffix}:: What is the past of "eat" (${suffix})? {=ate =eaten%50%}
`;

test.beforeAll(async ({ playwright }) => {
  adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const teacher = {
    name: `Quinn Banker ${suffix}`,
    username: `banker_${suffix}`,
    password: 'teacher-password',
  };
  await addAccount(api, adminLogin.token, { ...teacher, roleId: '3' });
  teacherLogin = await signIn(teacher);
  await api.dispose();
});

test('a teacher imports GIFT questions, edits one and exports the bank, on a phone', async ({
  browser,
}) => {
  const { context, page } = await phonePage(browser, teacherLogin);
  await page.goto('/teacher');
  await page.getByRole('link', { name: 'Question Bank' }).click();
  await expect(page.getByRole('heading', { name: 'Question Bank', level: 1 })).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);

  // The import: pasted, with a unit for questions whose category names none.
  await page.getByRole('link', { name: 'Import GIFT or Aiken' }).click();
  await expect(page.getByRole('heading', { name: 'Import questions', level: 1 })).toBeVisible();
  await page.getByLabel('Or paste the questions').fill(gift);
  await page.getByLabel('Unit', { exact: true }).fill(unit);
  await page.getByRole('button', { name: 'Preview' }).click();

  const refused = page.getByRole('table', { name: 'Blocks left out' });
  await expect(refused.getByRole('row').filter({ hasText: 'never closed' })).toContainText('4');
  const questions = page.getByRole('table', { name: 'Questions to import' });
  await expect(questions.getByRole('row')).toHaveCount(4);
  await expect(questions).toContainText(unit);
  await expect(
    page.getByText('3 questions will be added to the bank', { exact: false }),
  ).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);

  await page.getByRole('button', { name: 'Skip the refused and import 3' }).click();
  await expect(
    page.getByText('3 questions were added to the bank', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'See the bank' }).click();

  // The bank, filtered by the new unit: the three items.
  await page.getByLabel('Unit', { exact: true }).selectOption(unit);
  const items = page.getByRole('list', { name: 'Items of the bank' });
  await expect(items.getByRole('listitem')).toHaveCount(3);
  await expect(items).toContainText('Gap fill');
  await expect(items).toContainText('True or false');
  await expect(items).toContainText('Short answer');
  expect(await fitsThePhone(page)).toBe(true);

  // One edited: another accepted answer, and the points.
  const short = items.getByRole('listitem').filter({ hasText: 'Short answer' });
  await short.getByRole('button', { name: /^Open/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit item', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue(
    `What is the past of "eat" (${suffix})?`,
  );
  await page.getByRole('button', { name: 'Add an accepted answer' }).click();
  await page.getByLabel('Answer', { exact: true }).nth(2).fill('eated');
  // A new answer starts at full credit; the teacher gives it little.
  await page.getByLabel('Credit (%)').nth(2).fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Every accepted answer’s credit must be a whole number from 1 to 100.',
  );
  await page.getByLabel('Credit (%)').nth(2).fill('10');
  await page.getByLabel('Points', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Versions of the item' })).toContainText('2 points');
  expect(await fitsThePhone(page)).toBe(true);

  // Back in the bank, the row says so; the filtered bank is saved as a GIFT file.
  await page.getByRole('link', { name: 'Back to the Question Bank' }).click();
  // The editor has a Unit field too: the bank's own filter once its heading is back.
  await expect(page.getByRole('heading', { name: 'Question Bank', level: 1 })).toBeVisible();
  await page.getByLabel('Unit', { exact: true }).selectOption(unit);
  await expect(items.getByRole('listitem').filter({ hasText: 'Short answer' })).toContainText(
    '2 points',
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export GIFT' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.gift$/);
  await expect(page.getByText('Exported 3 items', { exact: false })).toBeVisible();
  await context.close();
});

/**
 * Issue 51, point 5: a key corrected after a student answered. The teacher previews the
 * regrade (what it changes, nothing yet), applies it, and the student's mark moves.
 */
test('a teacher previews and applies a regrade after correcting a key', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const student = {
    name: `Rita Regrade ${suffix}`,
    username: `regrade_${suffix}`,
    password: 'student-password',
  };
  const studentId = await addAccount(api, adminLogin.token, { ...student, roleId: '2' });
  const studentLogin = await signIn(student);
  const shortItem = (accepted: string) => ({
    version: {
      prompt: `Yesterday I ___ to the park (${suffix}).`,
      body: { type: 'short' },
      key: { type: 'short', accepted: [{ text: accepted, percent: 100 }], typo: 'none' },
      points: 1,
    },
  });
  // The key said "gone"; the student wrote "went".
  const item = await postOk(api, teacherLogin.token, '/api/save_quiz_item.php', {
    data: shortItem('gone'),
  });
  const now = Date.now();
  const quiz = await postOk(api, adminLogin.token, '/api/save_quiz.php', {
    data: {
      title: `Regrade quiz ${suffix}`,
      access_start: new Date(now - 3_600_000).toISOString(),
      access_end: new Date(now + 3_600_000).toISOString(),
      out_of: 10,
      parts: [{ item_id: item.id }],
    },
  });
  await postOk(api, adminLogin.token, '/api/send_quiz.php', {
    data: { quiz_id: quiz.id, user_id: studentId },
  });
  const attempt = await postOk(api, studentLogin.token, '/api/start_quiz_attempt.php', {
    data: { user_id: studentId, quiz_id: quiz.id },
  });
  await postOk(api, studentLogin.token, '/api/save_quiz_answers.php', {
    data: {
      user_id: studentId,
      attempt_id: attempt.attempt_id,
      answers: [{ position: 0, response: { type: 'short', text: 'went' } }],
    },
  });
  await postOk(api, studentLogin.token, '/api/submit_quiz_attempt.php', {
    data: { user_id: studentId, attempt_id: attempt.attempt_id },
  });
  // The key corrected: answered, so saved as version 2.
  await postOk(api, teacherLogin.token, '/api/save_quiz_item.php', {
    data: { item_id: item.id, ...shortItem('went') },
  });
  await api.dispose();

  const { context, page } = await phonePage(browser, teacherLogin);
  await page.goto(`/question-bank/${item.id}`);
  const regrade = page.getByRole('region', { name: 'Regrade' });
  await expect(regrade).toContainText('Students answered an earlier version.');
  await regrade.getByRole('button', { name: 'Preview the regrade' }).click();
  await expect(regrade).toContainText(
    '1 answer would be marked with the current key; 1 attempt would change.',
  );
  const row = regrade.getByRole('table', { name: 'Marks the regrade changes' }).getByRole('row');
  await expect(row.filter({ hasText: student.name })).toContainText('0 / 10 → 10 / 10');
  expect(await fitsThePhone(page)).toBe(true);
  await regrade.getByRole('button', { name: 'Apply the regrade' }).click();
  await expect(regrade.getByRole('status')).toHaveText(
    'Regraded: 1 answer marked with the current key; 1 attempt changed.',
  );
  await context.close();
});
