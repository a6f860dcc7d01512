import fs from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { addAccount, logIn, postOk, serverError } from '../support.js';

/**
 * Issue 30, points 3–5: on a desktop, a class's teacher fills the term's result sheet of 15
 * students by keyboard (Tab right, Enter down) and by pasting columns copied from a spreadsheet
 * (each paste one save), sees every cell saved and the totals follow, is refused while a student
 * has no total, publishes, and publishes a change; then a student of the class, on a phone, is
 * told, opens Results from the notification, and reads the report card: the components, total
 * and outcome, the attendance, and that it was changed. On an academy of its own: a term holding
 * today moves every attendance figure of the shared one.
 */

let server: RunningServer;
let api: APIRequestContext;
const className = 'Elementary 2 Evening';
const teacher = { username: 'tara_teacher', password: 'teacher-password', name: 'Tara Teacher' };
/** S01…S15, in the sheet's order (by name). */
const students = Array.from({ length: 15 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { username: `rita_${n}`, password: 'student-password', name: `Rita Result ${n}` };
});
let classId = 0;

/** A day `offset` days from today, YYYY-MM-DD on the academy's clock (UTC here). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  server = await startOwnAcademy({
    name: 'Olive Own',
    username: 'olive_own',
    email: 'olive.own@example.com',
    password: 'student-password',
    gender: 'female',
  });
  api = await playwright.request.newContext({ baseURL: server.baseUrl });
  const login = await (await api.post('/api/login.php', { form: ownAdmin })).json();
  const token = login.token as string;
  const ids: number[] = [];
  for (const s of students) ids.push(await addAccount(api, token, { ...s, roleId: '2' }));
  const teacherId = await addAccount(api, token, { ...teacher, roleId: '3' });
  await postOk(api, token, '/api/save_term.php', {
    data: { name: 'Autumn term', first_day: day(-30), last_day: day(60) },
  });
  classId = (await postOk(api, token, '/api/create_class.php', { data: { name: className } }))
    .class_id;
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: ids },
  });
  await postOk(api, token, '/api/set_class_teachers.php', {
    data: { class_id: classId, teacher_ids: [teacherId] },
  });
  // The class's own scheme: two typed components, so the teacher can complete the sheet.
  await postOk(api, token, '/api/save_result_scheme.php', {
    data: {
      class_id: classId,
      components: [
        { name: 'Midterm', weight: 40, source: 'typed', final: false },
        { name: 'Final written', weight: 60, source: 'typed', final: true },
      ],
    },
  });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const nameOf = (i: number) => students[i]?.name ?? '';
const midterm = (page: Page, i: number) => page.getByLabel(`Midterm for ${nameOf(i)}`);
const final = (page: Page, i: number) => page.getByLabel(`Final written for ${nameOf(i)}`);
/** A student's row of the sheet. */
const row = (page: Page, i: number) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: nameOf(i) }) });

/** Pastes text into a cell as a spreadsheet's copy arrives: a paste event with text/plain. */
async function paste(cell: Locator, text: string) {
  await cell.focus();
  await cell.evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('a teacher types the sheet of 15 like a spreadsheet, pastes columns and publishes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/save_result_scores.php')) saves.push(r.postData() ?? '');
  });
  await logIn(page, teacher, '/teacher', server.baseUrl);
  await page.getByRole('link', { name: 'Classes' }).click();
  await page.getByRole('button', { name: `Open ${className}` }).click();
  await page.getByRole('link', { name: 'Open the result sheet' }).click();
  await expect(
    page.getByRole('heading', { name: `Results: ${className}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByLabel('Term', { exact: true })).toHaveValue(/\d+/);
  await expect(
    page.getByText('Draft: students see nothing until the results are published.'),
  ).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(16);

  // By keyboard: Tab moves right, Enter moves down; each cell saves as it is left.
  await midterm(page, 0).click();
  await page.keyboard.type('80');
  await page.keyboard.press('Tab');
  await expect(final(page, 0)).toBeFocused();
  await page.keyboard.type('70');
  await page.keyboard.press('Enter');
  await expect(final(page, 1)).toBeFocused();
  await expect(row(page, 0).getByRole('cell').nth(2)).toHaveText('74');
  await expect(row(page, 0)).toContainText('Pass');
  await expect(page.getByRole('status').filter({ hasText: /^Saved at \d/ })).toBeVisible();
  // Not a score: said beside the cell as it is typed, and never sent.
  const sent = saves.length;
  await page.keyboard.type('9x');
  await expect(final(page, 1)).toHaveAttribute('aria-invalid', 'true');
  await expect(
    row(page, 1).getByText('A score must be a number from 0 to 100, with at most two decimals.'),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(final(page, 2)).toBeFocused();
  expect(saves.length).toBe(sent);
  await final(page, 1).fill('65');
  await page.keyboard.press('Shift+Enter');
  await expect(final(page, 0)).toBeFocused();
  await expect(row(page, 1)).toContainText('Missing: Midterm');

  // Before publishing, the confirmation names the students without a total, who would be left
  // out (issue 49, point 9); the teacher waits for the whole class instead.
  await page.getByRole('button', { name: 'Publish results' }).click();
  const early = page.getByRole('dialog', { name: 'Publish the results?' });
  await expect(early).toContainText('Each of the 1 student of');
  await expect(early).toContainText(
    /Not published yet, without a total: Rita Result 02 \(.+\), Rita Result 03 .* and 9 more\./,
  );
  await early.getByRole('button', { name: 'Cancel' }).click();
  await expect(early).toBeHidden();

  // A column copied from a spreadsheet fills the cells below, saved in one call.
  const before = saves.length;
  const midterms = Array.from({ length: 14 }, (_, i) => String(60 + i)).join('\n');
  await paste(midterm(page, 1), `${midterms}\n`);
  await expect(page.getByRole('status').filter({ hasText: /^14 scores saved at / })).toBeVisible();
  expect(saves.length).toBe(before + 1);
  expect(JSON.parse(saves.at(-1) ?? '{}').scores).toHaveLength(14);
  await expect(midterm(page, 14)).toHaveValue('73');
  await expect(row(page, 1).getByRole('cell').nth(2)).toHaveText('63');

  // Rows of two columns (tab-separated) fill to the right too; a value left over is said.
  await paste(final(page, 2), '72.5\n68\n91\n55\n70\n80\n66\n64\n77\n88\n59\n61\n100\n50\n');
  await expect(
    page.getByRole('status').filter({
      hasText: /^13 scores saved at .*1 pasted value was left out/,
    }),
  ).toBeVisible();
  expect(saves.length).toBe(before + 2);
  await expect(row(page, 14).getByRole('cell').nth(2)).toHaveText('89.2');
  await expect(row(page, 12)).toContainText('Fail');
  await expect(row(page, 2)).toContainText('Conditional pass');

  await page.getByRole('button', { name: 'Publish results' }).click();
  const ask = page.getByRole('dialog', { name: 'Publish the results?' });
  await expect(ask).toContainText('Each of the 15 students');
  await ask.getByRole('button', { name: 'Publish results' }).click();
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await expect(publishing.getByRole('status')).toHaveText(
    `Autumn term results of ${className} published to 15 students.`,
  );
  await expect(publishing).toContainText(/Published on .* by Tara Teacher\./);

  // A change after publishing: marked, and published again as a change.
  await paste(midterm(page, 0), '88\t74\n');
  await expect(page.getByRole('status').filter({ hasText: /^2 scores saved at / })).toBeVisible();
  await expect(row(page, 0).getByText('Changed since published')).toBeVisible();
  await expect(publishing).toContainText('1 student changed since published');
  await page.getByRole('button', { name: 'Publish changes' }).click();
  await page
    .getByRole('dialog', { name: 'Publish the changes?' })
    .getByRole('button', { name: 'Publish changes' })
    .click();
  await expect(publishing.getByRole('status')).toHaveText(
    `Autumn term results of ${className} changed for 1 student.`,
  );
  await expect(row(page, 0).getByText('Published', { exact: true })).toBeVisible();
  await context.close();
});

test('the student is told on their phone and reads their report card', async ({ page }) => {
  const [first] = students;
  if (!first) throw new Error('No student made');
  await logIn(page, first, '/user', server.baseUrl);
  const popup = page.getByRole('dialog', { name: 'Message for You' });
  await expect(popup).toContainText(
    `Your results for Autumn term (${className}) are published: Pass, 74.`,
  );
  await popup.getByRole('link', { name: 'Open your Results' }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/results`);
  const card = page.getByRole('article', { name: `Autumn term: ${className}` });
  await expect(card.getByRole('row', { name: 'Midterm 40% 88' })).toBeVisible();
  await expect(card.getByRole('row', { name: 'Final written 60% 74' })).toBeVisible();
  await expect(card).toContainText('Total 79.6');
  await expect(card).toContainText('Pass');
  await expect(card.getByRole('definition').first()).toHaveText('No roll yet');
  await expect(card.getByRole('definition').nth(1)).toHaveText('0');
  await expect(card.getByText(/^Changed on /)).toBeVisible();
  // The report card downloads as a PDF the server makes; a pass has its certificate too.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download the report card (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = await download.path();
  expect(fs.readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(card.getByRole('button', { name: 'Download the certificate (PDF)' })).toBeVisible();
  // A report card on a phone: nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the screens say so when there is nothing yet, and when the server fails', async ({
  browser,
}) => {
  // A student of the academy in no class: the server fails first (nothing kept on the phone
  // yet), then answers that there are no results yet.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await logIn(
    page,
    { username: 'olive_own', password: 'student-password' },
    '/user',
    server.baseUrl,
  );
  await page.route('**/api/get_results.php*', serverError);
  await page.getByRole('link', { name: 'Results', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Your results could not be loaded. Please try again.',
  );
  await page.unroute('**/api/get_results.php*');
  await page.reload();
  await expect(
    page.getByText(
      "No results yet. When your teacher publishes a term's results, they appear here.",
    ),
  ).toBeVisible();
  await phone.close();

  // An administrator: an academy with no term yet is told where to add one; a sheet that
  // cannot be read says so.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await desk.newPage();
  await logIn(admin, ownAdmin, '/admin', server.baseUrl);
  await admin.route('**/api/list_terms.php*', (route) =>
    route.fulfill({ json: { success: true, terms: [], current_term_id: null } }),
  );
  await admin.getByRole('link', { name: 'Result Sheets' }).click();
  await expect(admin.getByText(/^No terms yet\. A result sheet is of a term: add/)).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  await admin.unroute('**/api/list_terms.php*');
  await admin.route('**/api/get_result_sheet.php*', serverError);
  await admin.goto(`${server.baseUrl}/classes/${classId}/results`);
  await expect(admin.getByRole('alert')).toHaveText(
    'The result sheet could not be loaded. Please try again.',
  );
  await desk.close();
});

test('the sheet goes out as CSV and XLSX, and marks come back from a CSV after a preview', async ({
  browser,
}) => {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await desktop.newPage();
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}/classes/${classId}/results`);
  const files = page.getByRole('region', { name: 'Spreadsheets' });
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: 'Export (CSV)' }).click(),
  ]);
  const csvText = fs.readFileSync(await csv.path(), 'utf8');
  // It opens in Excel: the UTF-8 byte-order mark first (issue 49, point 13).
  expect(csvText.split('\r\n')[0]).toBe(
    '\uFEFFstudent,username,Midterm,Final written,total,outcome',
  );
  expect(csvText).toContain(`${nameOf(0)},rita_01,`);
  await expect(files.getByRole('status')).toHaveText('Exported the results of 15 students.');
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: 'Export (XLSX)' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(
    fs
      .readFileSync(await xlsx.path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');

  await files.getByRole('button', { name: 'Import marks (CSV)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import marks from a CSV file' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'marks.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`student,Midterm\n${nameOf(1)},91\nNobody Here,50\n`),
  });
  await expect(dialog).toContainText(
    '1 score of 1 student will be saved. 1 row has problems and is skipped.',
  );
  await expect(dialog).toContainText('Nobody Here is not a student of this class.');
  await dialog.getByRole('button', { name: 'Save 1 score' }).click();
  await expect(dialog).toBeHidden();
  await expect(files.getByRole('status')).toHaveText('Score saved.');
  await expect(midterm(page, 1)).toHaveValue('91');
  await desktop.close();
});

test("an administrator edits the academy's scheme and bands, and sends the class back to it", async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  const schemeSaves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/save_result_scheme.php')) schemeSaves.push(r.postData() ?? '');
  });
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}/settings`);
  const card = page.getByRole('region', { name: 'Results' });
  const scheme = card.getByRole('form', { name: "The academy's scheme" });
  await expect(scheme.getByRole('group')).toHaveCount(4);
  // Weights that do not add up to 100 are refused in the rule's words, before sending.
  await scheme.getByRole('group', { name: 'Component 2' }).getByLabel('Weight (%)').fill('20');
  await expect(
    scheme.getByText('The weights add up to 90 (they must add up to 100).'),
  ).toBeVisible();
  await scheme.getByRole('button', { name: 'Save scheme' }).click();
  await expect(scheme.getByRole('alert')).toHaveText(
    'The weights must add up to 100; these add up to 90.',
  );
  expect(schemeSaves).toEqual([]);
  // A fifth component makes them add up; saved.
  await scheme.getByRole('button', { name: 'Add a component' }).click();
  const fifth = scheme.getByRole('group', { name: 'Component 5' });
  await fifth.getByLabel('Name').fill('Project');
  await fifth.getByLabel('Weight (%)').fill('10');
  await scheme.getByRole('button', { name: 'Save scheme' }).click();
  await expect(card.getByRole('status')).toHaveText('The academy’s scheme is saved.');
  await expect(
    card.getByRole('form', { name: "The academy's scheme" }).getByRole('group'),
  ).toHaveCount(5);
  // The bands: no conditional pass.
  const bands = card.getByRole('form', { name: 'Bands' });
  await bands.getByLabel('Conditional pass from').fill('');
  await bands.getByRole('button', { name: 'Save bands' }).click();
  await expect(bands.getByRole('status')).toHaveText('The bands are saved.');

  // The class goes back to the academy's scheme, after asking.
  await page.goto(`${server.baseUrl}/classes/${classId}/results`);
  const markedOn = page.getByRole('region', { name: 'Marked on' });
  await expect(markedOn).toContainText("This class's own scheme.");
  await markedOn.getByRole('button', { name: "Use the academy's scheme" }).click();
  await page
    .getByRole('dialog', { name: "Use the academy's scheme?" })
    .getByRole('button', { name: "Use the academy's scheme" })
    .click();
  await expect(markedOn.getByRole('status')).toHaveText(
    `${className} follows the academy’s scheme again.`,
  );
  await expect(markedOn).toContainText("The academy's scheme (Settings).");
  await expect(markedOn.getByRole('listitem')).toHaveCount(5);
  await expect(markedOn).toContainText('there is no conditional pass');
  await phone.close();
});
