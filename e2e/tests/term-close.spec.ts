import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { addAccount, logIn, postOk } from '../support.js';

// Closing a term (issue 49, points 9–11), on an academy of its own (a current term moves the
// shared server's attendance figures). A class of three: Ben ready (his homework overridden
// with a reason), Ana without homework marks, Cem without a final. On a phone the teacher
// excuses Ana's homework, publishes the ready two with Cem named, then a change turns Ben's
// pass into a fail and the confirmation names the certificate it withdraws, whose page then
// says when. On a 1366 px desktop the sheet uses the screen: no header or total breaks.
let server: RunningServer;
let api: APIRequestContext;
let token: string;
let classId: number;
let termId: number;
const ids: Record<string, number> = {};
const keys: Record<string, string> = {};
const teacher = { name: 'Tia Teacher', username: 'tia_close', password: 'teacher-password' };
const student = {
  name: 'Ana Close',
  username: 'ana_close',
  email: 'ana.close@example.com',
  password: 'student-password',
  gender: 'female',
} as const;
const TYPED = ['Speaking', 'Listening', 'Reading', 'Writing', 'Midterm', 'Final examination'];

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const get = async (path: string) => {
  const answer = await api.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return answer.json();
};

/** Types a student's typed scores (a blank final for one who has none). */
const typeAll = (name: string, score: string, final = score) =>
  postOk(api, token, '/api/save_result_scores.php', {
    data: {
      class_id: classId,
      term_id: termId,
      scores: TYPED.map((c) => ({
        student_id: ids[name],
        component_key: keys[c],
        score: c === 'Final examination' ? final : score,
      })),
    },
  });

test.beforeAll(async () => {
  server = await startOwnAcademy(student);
  api = await request.newContext({ baseURL: server.baseUrl });
  token = (await (await api.post('/api/login.php', { form: { ...ownAdmin } })).json()).token;
  ids.Tia = await addAccount(api, token, { ...teacher, roleId: '3' });
  for (const name of ['Ben Close', 'Cem Close'])
    ids[name] = await addAccount(api, token, {
      name,
      username: name.toLowerCase().replace(' ', '_'),
      password: 'student-password',
      roleId: '2',
    });
  ids['Ana Close'] = (await get(`/api/get-users.php?q=${student.username}`)).users[0].id;
  termId = (
    await postOk(api, token, '/api/save_term.php', {
      data: { name: 'Autumn Term', first_day: day(-30), last_day: day(30) },
    })
  ).id;
  classId = (await postOk(api, token, '/api/create_class.php', { data: { name: 'Close Group' } }))
    .class_id;
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [ids['Ana Close'], ids['Ben Close'], ids['Cem Close']] },
  });
  await postOk(api, token, '/api/set_class_teachers.php', {
    data: { class_id: classId, teacher_ids: [ids.Tia] },
  });
  await postOk(api, token, '/api/save_result_scheme.php', {
    data: {
      class_id: classId,
      components: [
        { name: 'Homework', weight: 10, source: 'activity', final: false },
        ...TYPED.map((name) => ({
          name,
          weight: name === 'Final examination' ? 30 : name === 'Midterm' ? 20 : 10,
          source: 'typed',
          final: name === 'Final examination',
        })),
      ],
    },
  });
  for (const c of (await get(`/api/get_result_scheme.php?class_id=${classId}`)).components)
    keys[c.name] = c.key;
  await typeAll('Ana Close', '80');
  await typeAll('Ben Close', '90');
  await typeAll('Cem Close', '60', '');
  await postOk(api, token, '/api/save_result_adjustment.php', {
    data: {
      class_id: classId,
      term_id: termId,
      student_id: ids['Ben Close'],
      component_key: keys.Homework,
      kind: 'override',
      score: '85',
      reason: 'Homework marked on paper',
    },
  });
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const sheetPath = () => `${server.baseUrl}/classes/${classId}/results?term=${termId}`;

/** The card a student has on the phone's sheet. */
const cardOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('group', { name }) });

test('on a phone a teacher excuses a missing mark, publishes the ready students with the rest named, and a withdrawn certificate says so', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await logIn(page, teacher, '/teacher', server.baseUrl);
  await page.goto(sheetPath());
  const ana = cardOf(page, 'Ana Close');
  await expect(ana).toContainText('Missing: Homework');

  await ana.getByRole('button', { name: 'Excuse or override for Ana Close' }).click();
  const popup = page.getByRole('dialog', { name: 'Excuse or override: Ana Close' });
  await expect(popup.getByLabel('Component')).toHaveValue(keys.Homework as string);
  await popup.getByLabel('Reason (optional)').fill('Joined late');
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(popup.getByText('Excused: left out of the total.')).toBeVisible();
  await popup.getByRole('button', { name: 'Cancel' }).click();
  // Homework's 10 spread over the rest: 80 throughout is 80.
  await expect(ana).toContainText('Total: 80');
  await expect(ana).toContainText('Excused');

  await page.getByRole('button', { name: 'Publish results' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish the results?' });
  await expect(confirm).toContainText(
    'Not published yet, without a total: Cem Close (no score for Homework, Final examination).',
  );
  await confirm.getByRole('button', { name: 'Publish results' }).click();
  await expect(
    page.getByText(
      'Autumn Term results of Close Group published to 2 students. Not published yet, without a total: Cem Close.',
    ),
  ).toBeVisible();

  // Ben's pass turns into a fail: the confirmation names the certificate it withdraws.
  const ben = (await get(`/api/get_results.php?user_id=${ids['Ben Close']}`)).results[0];
  const code = ben.certificate_code as string;
  expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
  await typeAll('Ben Close', '10');
  await page.reload();
  await page.getByRole('button', { name: 'Publish changes' }).click();
  const change = page.getByRole('dialog', { name: 'Publish the changes?' });
  await expect(change).toContainText(
    'The certificate of Ben Close is withdrawn: their result is no longer a pass.',
  );
  await change.getByRole('button', { name: 'Publish changes' }).click();
  await expect(page.getByText(`Certificate withdrawn: Ben Close (${code}).`)).toBeVisible();

  // Its page says when, on the academy's clock (UTC here).
  const today = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.now());
  await page.goto(`${server.baseUrl}/verify/${code}`);
  await expect(page.getByRole('alert')).toHaveText(`This certificate was withdrawn on ${today}.`);
  await context.close();
});

test('on a 1366 px desktop the sheet uses the screen: no header or total breaks', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, teacher, '/teacher', server.baseUrl);
  await page.goto(sheetPath());
  const sheet = page.getByRole('region', { name: 'Result sheet' });
  await expect(sheet.getByRole('columnheader', { name: /Final examination/ })).toBeVisible();
  const width = (await sheet.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan(1100);
  // Each header's name and each total on one line: its text's boxes all on one line.
  const broken = await page.evaluate(() => {
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const seen = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1);
      return new Set(seen.map((r) => Math.round(r.top))).size;
    };
    const table = document.querySelector('section[aria-label="Result sheet"] table');
    if (!table) return ['no table'];
    const heads = [...table.querySelectorAll('thead th')];
    const totalAt = heads.findIndex((th) => th.textContent === 'Total');
    const names = heads.map((th) => th.querySelector('span') ?? th);
    const totals = [...table.querySelectorAll('tbody tr')].map((tr) => tr.children[totalAt]);
    return [...names, ...totals]
      .filter((el): el is Element => el !== undefined && lines(el) > 1)
      .map((el) => el.textContent ?? '');
  });
  expect(broken).toEqual([]);
  await context.close();
});
