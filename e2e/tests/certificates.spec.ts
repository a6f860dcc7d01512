import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { postOk } from '../support.js';

// Certificates anyone can verify (issue 30, point 6), on an academy of its own (a current term
// moves every attendance figure of the shared server's other tests). Set up through the API: a
// term holding today, a class with a level, a student scored 90 on its one typed component,
// its results published. On a phone, signed in as nobody, the certificate's page shows what
// it certifies; a made-up code, typed in, is not found.
let server: RunningServer;
let api: APIRequestContext;
let code: string;
const student = {
  name: 'Gülşen Ağaoğlu',
  username: 'gulsen_cert',
  email: 'gulsen.cert@example.com',
  password: 'student-password',
  gender: 'female',
} as const;

/** A day `offset` days from today, YYYY-MM-DD on the academy's clock (UTC here). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async () => {
  server = await startOwnAcademy(student);
  api = await request.newContext({ baseURL: server.baseUrl });
  const token = (await (await api.post('/api/login.php', { form: { ...ownAdmin } })).json())
    .token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const answer = await api.get(path, { headers });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return answer.json();
  };
  const term = await postOk(api, token, '/api/save_term.php', {
    data: { name: 'Autumn Term', first_day: day(-30), last_day: day(30) },
  });
  const made = await postOk(api, token, '/api/create_class.php', {
    data: { name: 'Evening Group' },
  });
  const classId = made.class_id as number;
  await postOk(api, token, '/api/set_class_level.php', {
    data: { class_id: classId, level: 'Elementary 2', next_class_id: null },
  });
  const users = await get(`/api/get-users.php?q=${student.username}`);
  const studentId = users.users[0].id as number;
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [studentId] },
  });
  await postOk(api, token, '/api/save_result_scheme.php', {
    data: {
      class_id: classId,
      components: [{ name: 'Final exam', weight: 100, source: 'typed', final: false }],
    },
  });
  const scheme = await get(`/api/get_result_scheme.php?class_id=${classId}`);
  await postOk(api, token, '/api/save_result_scores.php', {
    data: {
      class_id: classId,
      term_id: term.id,
      scores: [{ student_id: studentId, component_key: scheme.components[0].key, score: '90' }],
    },
  });
  await postOk(api, token, '/api/publish_results.php', {
    data: { class_id: classId, term_id: term.id },
  });
  const results = await get(`/api/get_results.php?user_id=${studentId}`);
  code = results.results[0].certificate_code as string;
  expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test('on a phone, without logging in, a certificate’s page shows what it certifies; a made-up code is not found', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  // What the QR code opens.
  await page.goto(`${server.baseUrl}/verify/${code}`);
  await expect(page.getByRole('heading', { name: 'Verify a certificate', level: 1 })).toBeVisible();
  const certificate = page.getByRole('region', { name: 'Certificate' });
  await expect(
    certificate.getByRole('heading', { name: 'This certificate is genuine' }),
  ).toBeVisible();
  const facts = certificate.getByRole('definition');
  await expect(facts).toHaveText([
    'Gülşen Ağaoğlu',
    'Bright English Academy',
    'Elementary 2',
    'Autumn Term',
    'Evening Group',
    'Pass',
  ]);
  await expect(page.getByLabel('Certificate code')).toHaveValue(code);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Nobody signed in: the page did not send anyone to the login screen.
  await expect(page).toHaveURL(`${server.baseUrl}/verify/${code}`);

  // A code typed in on /verify, made up: not found, in words.
  await page.goto(`${server.baseUrl}/verify`);
  await page.getByLabel('Certificate code').fill('abcde fghjk lmnpq rstuv');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/verify/ABCDE-FGHJK-LMNPQ-RSTUV`);
  await expect(page.getByRole('alert')).toHaveText('No certificate has this code.');
  await expect(page.getByRole('region', { name: 'Certificate' })).toHaveCount(0);
  await context.close();
});

test('on the class page an administrator sets the next level, prints the report cards and moves who passed', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const token = (await (await api.post('/api/login.php', { form: { ...ownAdmin } })).json())
    .token as string;
  await postOk(api, token, '/api/create_class.php', { data: { name: 'Elementary 3 Group' } });
  const { logIn } = await import('../support.js');
  await logIn(page, ownAdmin, '/admin', server.baseUrl);
  await page.goto(`${server.baseUrl}/classes`);
  await page.getByRole('button', { name: 'Open Evening Group' }).click();

  const level = page.getByRole('region', { name: 'Level' });
  await expect(level.getByLabel('Level', { exact: true })).toHaveValue('Elementary 2');
  await level
    .getByLabel('Next level’s class')
    .selectOption({ label: 'Elementary 3 Group (0 students)' });
  await level.getByRole('button', { name: 'Save level' }).click();
  await expect(level.getByRole('status')).toHaveText('The level of Evening Group is saved.');

  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByLabel('Term')).toHaveValue(/\d+/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: 'Download the report cards (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Report cards - Evening Group - Autumn Term.pdf');

  await results
    .getByRole('button', { name: 'Move the 1 passing student to Elementary 3 Group' })
    .click();
  const popup = page.getByRole('dialog', {
    name: 'Move the 1 passing student to Elementary 3 Group?',
  });
  await popup.getByRole('button', { name: 'Move' }).click();
  await expect(results.getByRole('status')).toHaveText(
    'Moved 1 passing student from Evening Group to Elementary 3 Group.',
  );
  await expect(page.getByText('No students in this class yet.')).toBeVisible();
  await expect(results.getByRole('button', { name: /^Move the/ })).toHaveCount(0);
  await context.close();
});
