import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { addAccount, logIn, postOk } from '../support.js';

// Editing a result sheet's cells and the correction form's mark (issue 49, point 10), on an
// academy of its own (its term moves the shared server's attendance figures). A teacher of one
// class, Ana and Bo in it, a scheme of two typed components. Escape cancels a cell's edit;
// "Saving..." never stays after two cells are left one after the other; the teacher's only
// class is chosen on /result-sheets; a mark out of range is said at the Mark field.
let server: RunningServer;
let api: APIRequestContext;
let token: string;
let classId: number;
let termId: number;
const ids: Record<string, number> = {};
const keys: Record<string, string> = {};
const teacher = { name: 'Sam Sheet', username: 'sam_sheet', password: 'teacher-password' };
const student = {
  name: 'Ana Sheet',
  username: 'ana_sheet',
  email: 'ana.sheet@example.com',
  password: 'student-password',
  gender: 'female',
} as const;
const SAVE = '**/api/save_result_scores.php*';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const get = async (path: string) => {
  const answer = await api.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return answer.json();
};

/** A student's saved scores on the sheet (hundredths), by component name. */
const savedScores = async (name: string) => {
  const sheet = await get(`/api/get_result_sheet.php?class_id=${classId}&term_id=${termId}`);
  const line = sheet.students.find((s: { id: number }) => s.id === ids[name]);
  return Object.fromEntries(
    sheet.components.map((c: { name: string }, i: number) => [c.name, line.scores[i]]),
  );
};

test.beforeAll(async () => {
  server = await startOwnAcademy(student);
  api = await request.newContext({ baseURL: server.baseUrl });
  token = (await (await api.post('/api/login.php', { form: { ...ownAdmin } })).json()).token;
  ids.Sam = await addAccount(api, token, { ...teacher, roleId: '3' });
  ids['Bo Sheet'] = await addAccount(api, token, {
    name: 'Bo Sheet',
    username: 'bo_sheet',
    password: 'student-password',
    roleId: '2',
  });
  ids['Ana Sheet'] = (await get(`/api/get-users.php?q=${student.username}`)).users[0].id;
  termId = (
    await postOk(api, token, '/api/save_term.php', {
      data: { name: 'Spring Term', first_day: day(-30), last_day: day(30) },
    })
  ).id;
  classId = (await postOk(api, token, '/api/create_class.php', { data: { name: 'Sheet Group' } }))
    .class_id;
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [ids['Ana Sheet'], ids['Bo Sheet']] },
  });
  await postOk(api, token, '/api/set_class_teachers.php', {
    data: { class_id: classId, teacher_ids: [ids.Sam] },
  });
  await postOk(api, token, '/api/save_result_scheme.php', {
    data: {
      class_id: classId,
      components: ['Speaking', 'Writing'].map((name) => ({
        name,
        weight: 50,
        source: 'typed',
        final: false,
      })),
    },
  });
  for (const c of (await get(`/api/get_result_scheme.php?class_id=${classId}`)).components)
    keys[c.name] = c.key;
  await postOk(api, token, '/api/save_result_scores.php', {
    data: {
      class_id: classId,
      term_id: termId,
      scores: ['Ana Sheet', 'Bo Sheet'].flatMap((name) =>
        ['Speaking', 'Writing'].map((c) => ({
          student_id: ids[name],
          component_key: keys[c],
          score: '80',
        })),
      ),
    },
  });
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const sheetPath = () => `${server.baseUrl}/classes/${classId}/results?term=${termId}`;

/** A student's score field on the phone's sheet (a card a student). */
const cellOf = (page: Page, name: string, component: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('group', { name }) })
    .getByLabel(`${component} (50%)`);

test('Escape cancels a cell’s edit: it shows its saved score again and nothing is saved', async ({
  page,
}) => {
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/save_result_scores.php')) saves.push(r.url());
  });
  await logIn(page, teacher, '/teacher', server.baseUrl);
  await page.goto(sheetPath());
  const speaking = cellOf(page, 'Ana Sheet', 'Speaking');
  await expect(speaking).toHaveValue('80');
  await speaking.fill('55');
  await expect(speaking).toHaveValue('55');
  await speaking.press('Escape');
  await expect(speaking).toHaveValue('80');
  // Leaving the cell now sends nothing: the edit was cancelled.
  await speaking.press('Enter');
  await expect(cellOf(page, 'Ana Sheet', 'Writing')).toBeFocused();
  await expect(speaking).toHaveAccessibleDescription('');
  await expect(page.getByText('Saving...')).toHaveCount(0);
  expect(saves).toEqual([]);
  expect(await savedScores('Ana Sheet')).toEqual({ Speaking: 8000, Writing: 8000 });
});

test('"Saving..." never stays: two cells left one after the other both settle', async ({
  page,
}) => {
  // The first save waits at the network until the second cell is left, so the second is
  // asked for while the first is on its way (the sheet sends them one after the other).
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent = 0;
  await page.route(SAVE, async (route) => {
    sent += 1;
    if (sent === 1) await released;
    await route.continue();
  });
  await logIn(page, teacher, '/teacher', server.baseUrl);
  await page.goto(sheetPath());
  const speaking = cellOf(page, 'Bo Sheet', 'Speaking');
  const writing = cellOf(page, 'Bo Sheet', 'Writing');
  await expect(speaking).toHaveValue('80');
  await speaking.fill('71');
  await speaking.press('Enter');
  await expect(writing).toBeFocused();
  await writing.fill('72');
  await writing.press('Enter');
  await expect(page.getByText('Saving...')).toHaveCount(2);
  release();
  // Both answered: neither cell says "Saving..." any more.
  await expect(page.getByText('Saving...')).toHaveCount(0);
  await expect(speaking).not.toHaveAccessibleDescription(/Saving/);
  await expect(writing).not.toHaveAccessibleDescription(/Saving/);
  await expect(speaking).toHaveValue('71');
  await expect(writing).toHaveValue('72');
  expect(await savedScores('Bo Sheet')).toEqual({ Speaking: 7100, Writing: 7200 });
});

test('a teacher of one class finds it chosen on Result Sheets, and its sheet opens', async ({
  page,
}) => {
  await logIn(page, teacher, '/teacher', server.baseUrl);
  await page.goto(`${server.baseUrl}/result-sheets`);
  await expect(page.getByLabel('Class', { exact: true })).toHaveValue(String(classId));
  await page.getByRole('button', { name: 'Open the sheet' }).click();
  await expect(page).toHaveURL(sheetPath());
  await expect(cellOf(page, 'Ana Sheet', 'Speaking')).toBeVisible();
});

test('the correction form says a mark out of range at the Mark field', async ({ page }) => {
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}/students-correction`);
  const mark = page.getByLabel('Mark (optional)');
  await expect(mark).toHaveAccessibleDescription('Such as 85 or 85.5.');
  await mark.fill('150');
  await expect(mark).toHaveAttribute('aria-invalid', 'true');
  await expect(mark).toHaveAccessibleDescription('The mark can be at most 100.');
  await mark.fill('85');
  await expect(mark).not.toHaveAttribute('aria-invalid');
  await expect(mark).toHaveAccessibleDescription('Such as 85 or 85.5.');
});
