import { type APIRequestContext, expect, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { addAccount, logIn, postOk, streamSettles } from '../support.js';

/**
 * Issue 49, point 12, on a phone: an administrator sets the director's name that report cards
 * print over the director's signature line, on Settings; a student whose term result is
 * published sees the Results tile count it, as the other tiles count theirs, until they open
 * Results. On an academy of its own: the director and the term are the academy's.
 */

let server: RunningServer;
let api: APIRequestContext;
let adminToken = '';
let classId = 0;
let termId = 0;
const student = { username: 'rana_result', password: 'student-password', name: 'Rana Result' };

/** A day `offset` days from today, YYYY-MM-DD on the academy's clock (UTC here). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  server = await startOwnAcademy({
    name: 'Owen Own',
    username: 'owen_own',
    email: 'owen.own@example.com',
    password: 'student-password',
    gender: 'male',
  });
  api = await playwright.request.newContext({ baseURL: server.baseUrl });
  const token = (await (await api.post('/api/login.php', { form: ownAdmin })).json())
    .token as string;
  adminToken = token;
  const studentId = await addAccount(api, token, { ...student, roleId: '2' });
  termId = (
    await postOk(api, token, '/api/save_term.php', {
      data: { name: 'Card term', first_day: day(-30), last_day: day(60) },
    })
  ).id as number;
  classId = (await postOk(api, token, '/api/create_class.php', { data: { name: 'Card Class' } }))
    .class_id as number;
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [studentId] },
  });
  await postOk(api, token, '/api/save_result_scheme.php', {
    data: {
      class_id: classId,
      components: [{ name: 'Exam', weight: 100, source: 'typed', final: false }],
    },
  });
  const scheme = await (
    await api.get(`/api/get_result_scheme.php?class_id=${classId}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  await postOk(api, token, '/api/save_result_scores.php', {
    data: {
      class_id: classId,
      term_id: termId,
      scores: [{ student_id: studentId, component_key: scheme.components[0].key, score: '45' }],
    },
  });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test('the administrator sets the director’s name for report cards on Settings', async ({
  page,
}) => {
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}/settings`);
  const card = page.getByRole('region', { name: 'Report cards' });
  await expect(card.getByText('No stamp is printed on report cards.')).toBeVisible();
  await card.getByLabel('Director’s name').fill('Dr. Parisa Rahimi');
  await card.getByRole('button', { name: 'Save report card details' }).click();
  await expect(card.getByText('The report card details are saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Report cards' }).getByLabel('Director’s name'),
  ).toHaveValue('Dr. Parisa Rahimi');
});

test('the student’s Results tile counts a new result until Results is opened', async ({ page }) => {
  const settled = streamSettles(page);
  await logIn(page, student, '/user', server.baseUrl);
  const tile = page.locator('nav a[href="/results"]');
  await expect(tile).toBeVisible();
  await expect(tile).not.toContainText('new');
  await settled();

  // The class's results are published: the student is told, and the tile counts it.
  await postOk(api, adminToken, '/api/publish_results.php', {
    data: { class_id: classId, term_id: termId },
  });
  const popup = page.getByRole('dialog', { name: 'Message for You' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(tile).toContainText('1 new');

  // Opening Results clears it.
  await tile.click();
  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Card term: Card Class' })).toContainText('Fail');
  await page.getByRole('link', { name: 'Back to Home Screen' }).first().click();
  await expect(tile).toBeVisible();
  await expect(tile).not.toContainText('new');
});
