import { type Browser, expect, type Page, test } from '@playwright/test';
import { addAccount, admin, type SignedIn, serverError, signIn, silentWav } from '../support.js';

/**
 * Issue 51, point 1, on a phone: a teacher opens Passages from the question bank, makes a
 * reading text and a recording (uploaded, with a play limit), then in the item editor makes a
 * number item on the reading, a dictation on the recording (asked for a recording until it has
 * one) and a spoken answer; the bank lists them on their passages, and deleting the recording
 * an item stands on is refused in the server's words.
 */

const phone = { width: 390, height: 844 };
const suffix = Date.now().toString(36);
const unit = `Passages ${suffix}`;
const reading = `Reading ${suffix}`;
const station = `Station ${suffix}`;
let teacherLogin: SignedIn;

/** Nothing on the page is wider than the phone (no sideways scrolling). */
const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function phonePage(browser: Browser, who: SignedIn) {
  const context = await browser.newContext({ storageState: who.state, viewport: phone });
  return { context, page: await context.newPage() };
}

test.beforeAll(async ({ playwright }) => {
  const adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const teacher = {
    name: `Paula Passages ${suffix}`,
    username: `passages_${suffix}`,
    password: 'teacher-password',
  };
  await addAccount(api, adminLogin.token, { ...teacher, roleId: '3' });
  teacherLogin = await signIn(teacher);
  await api.dispose();
});

/** Opens the bank's New item editor, types the prompt and the unit, and chooses the kind. */
async function newItem(page: Page, prompt: string, kind: string) {
  await page.goto('/question-bank');
  await page.getByRole('link', { name: 'New item' }).click();
  await expect(page.getByRole('heading', { name: 'New item', level: 1 })).toBeVisible();
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByLabel('Kind of item').selectOption({ label: kind });
  await page.getByLabel('Unit', { exact: true }).fill(unit);
}

/** Saves a new item and waits for its editor to say so. */
async function addToTheBank(page: Page) {
  await page.getByRole('button', { name: 'Add to the bank' }).click();
  await expect(page.getByRole('heading', { name: 'Edit item', level: 1 })).toBeVisible();
  await expect(page.getByText('The item was added to the bank.')).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
}

test('a teacher makes passages and items of every new kind on them, on a phone', async ({
  browser,
}) => {
  const { context, page } = await phonePage(browser, teacherLogin);

  // The list that cannot load says so; then the screen as it is.
  await page.route('**/api/quiz_passages.php*', serverError);
  await page.goto('/question-bank');
  await page.getByRole('link', { name: 'Passages', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Passages', level: 1 })).toBeVisible();
  await expect(page.getByText('The passages could not be loaded. Please try again.')).toBeVisible();
  await page.unroute('**/api/quiz_passages.php*');
  await page.reload();
  // Other tests' passages may be listed: a search for this test's finds none yet.
  await page.getByLabel('Search the titles').fill(suffix);
  await expect(page.getByText('No passages match this search.')).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);

  // A reading text.
  await page.getByRole('button', { name: 'New passage' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please give the passage a title.');
  await page.getByLabel('Title', { exact: true }).fill(reading);
  await page
    .getByLabel('Text', { exact: true })
    .fill('Twelve people live in the old lighthouse. They share one kitchen.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The passage was added.' }),
  ).toBeVisible();

  // A recording, uploaded, played at most twice in an attempt.
  await page.getByRole('button', { name: 'New passage' }).click();
  await page.getByLabel('Title', { exact: true }).fill(station);
  await page.getByLabel('Kind of passage').selectOption({ label: 'Recording' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please upload the recording.');
  await page
    .getByLabel('Recording', { exact: true })
    .setInputFiles({ name: 'station.wav', mimeType: 'audio/wav', buffer: silentWav(96_000) });
  await page.getByLabel('Plays allowed in an attempt').fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The passage was added.' }),
  ).toBeVisible();

  const passages = page.getByRole('list', { name: 'Passages' });
  await expect(passages.getByRole('listitem')).toHaveCount(2);
  const recording = passages.getByRole('listitem').filter({ hasText: station });
  await expect(recording).toContainText('Played at most 2 times in an attempt');
  await expect(recording).toContainText('No item stands on it yet');
  await expect(recording.getByLabel(`Play the recording “${station}”`)).toBeAttached();
  await expect(passages.getByRole('listitem').filter({ hasText: reading })).toContainText(
    'Twelve people live in the old lighthouse.',
  );
  expect(await fitsThePhone(page)).toBe(true);

  // A number item on the reading.
  await newItem(page, `How many people live in the lighthouse? (${suffix})`, 'Number');
  await page
    .getByLabel('Passage', { exact: true })
    .selectOption({ label: `${reading} (reading text)` });
  await page.getByLabel('Number', { exact: true }).fill('12');
  await page.getByLabel('Give or take').fill('0');
  await addToTheBank(page);
  await expect(page.getByLabel('Number', { exact: true })).toHaveValue('12');

  // A dictation: asked for a recording to stand on, then given the station's.
  await newItem(page, `Write down what you hear. (${suffix})`, 'Dictation');
  const toFix = page.getByRole('list', { name: 'To fix before saving' });
  await expect(toFix).toContainText('choose a recording as its passage');
  await page
    .getByLabel('Passage', { exact: true })
    .selectOption({ label: `${station} (recording)` });
  await expect(toFix).toHaveCount(0);
  await page.getByLabel('What the recording says').fill('The next train leaves at nine.');
  await addToTheBank(page);

  // A spoken answer, marked by a teacher.
  await newItem(page, `Say where you live. (${suffix})`, 'Spoken answer');
  await page.getByLabel('Longest recording').selectOption({ label: '1 minute' });
  await page.getByLabel('Model answer (optional)').fill('I live in a flat near the station.');
  await addToTheBank(page);

  // The bank lists the three, each kind named, the two on their passages.
  await page.getByRole('link', { name: 'Back to the Question Bank' }).click();
  await expect(page.getByRole('heading', { name: 'Question Bank', level: 1 })).toBeVisible();
  await page.getByLabel('Unit', { exact: true }).selectOption(unit);
  const items = page.getByRole('list', { name: 'Items of the bank' });
  await expect(items.getByRole('listitem')).toHaveCount(3);
  await expect(items.getByRole('listitem').filter({ hasText: 'Number' })).toContainText(
    `On the passage “${reading}”`,
  );
  await expect(items.getByRole('listitem').filter({ hasText: 'Dictation' })).toContainText(
    `On the passage “${station}”`,
  );
  await expect(items).toContainText('Spoken answer');
  expect(await fitsThePhone(page)).toBe(true);

  // The recording a dictation stands on stays, in the server's words.
  await page.getByRole('link', { name: 'Passages', exact: true }).click();
  await page.getByLabel('Search the titles').fill(station);
  await expect(recording).toContainText('1 item stands on it');
  await recording.getByRole('button', { name: `Delete recording “${station}”` }).click();
  await page.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    '1 item stands on this passage: give it another passage, or none, before deleting it.',
  );
  await expect(recording).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
  await context.close();
});
