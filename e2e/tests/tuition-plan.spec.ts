import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { addAccount, logIn, postOk } from '../support.js';

// A class's fee plan (issue 52, point 2), on an academy of its own (the currency is the
// academy's, and once money is recorded its decimals stay). The administrator finds Fees
// waiting for the currency, sets it on Settings, lays out the plan with a book item and three
// parts, is told in words that the parts do not add up, splits them evenly, saves, and charges
// the class of three; a fourth who joins the class then is charged as they join; Settings
// then refuses to change the decimals, in words.
let server: RunningServer;
let api: APIRequestContext;
let classId: number;
const student = {
  name: 'Pia Plan',
  username: 'pia_plan',
  email: 'pia.plan@example.com',
  password: 'student-password',
  gender: 'female',
} as const;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async () => {
  server = await startOwnAcademy(student);
  api = await request.newContext({ baseURL: server.baseUrl });
  const token = (await (await api.post('/api/login.php', { form: { ...ownAdmin } })).json())
    .token as string;
  const ids: number[] = [];
  for (const name of ['Pete Plan', 'Paz Plan'])
    ids.push(
      await addAccount(api, token, {
        name,
        username: name.toLowerCase().replace(' ', '_'),
        password: 'student-password',
        roleId: '2',
      }),
    );
  await addAccount(api, token, {
    name: 'Nia Joins',
    username: 'nia_joins',
    password: 'student-password',
    roleId: '2',
  });
  const listed = await (
    await api.get(`/api/get-users.php?q=${student.username}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  ids.push(listed.users[0].id);
  await postOk(api, token, '/api/save_term.php', {
    data: { name: 'Autumn', first_day: day(-7), last_day: day(80) },
  });
  classId = (await postOk(api, token, '/api/create_class.php', { data: { name: 'Plan Group' } }))
    .class_id;
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: ids },
  });
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test('the administrator sets the currency, lays out a class’s fee plan and charges it', async ({
  page,
}) => {
  const url = (p: string) => `${server.baseUrl}${p}`;
  await logIn(page, ownAdmin, '/admin', server.baseUrl);

  // No currency yet: the class's Fees say so and lead to Settings.
  await page.goto(url(`/classes/${classId}`));
  await page.getByRole('link', { name: 'Fees', exact: true }).click();
  await expect(page).toHaveURL(url(`/classes/${classId}/fees`));
  await expect(page.getByText("The academy's currency is not set yet")).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();

  const currency = page.getByRole('region', { name: 'Currency' });
  await currency.getByLabel('Start from').selectOption({ label: 'Rial (IRR)' });
  await expect(currency.getByLabel('Code')).toHaveValue('IRR');
  await expect(currency.getByLabel('Decimals')).toHaveValue('0');
  await currency.getByRole('button', { name: 'Save currency' }).click();
  await expect(currency.getByText('Currency saved: Rial (IRR).')).toBeVisible();

  // The plan: tuition, a book item, three parts that do not add up at first.
  await page.goto(url(`/classes/${classId}/fees`));
  await expect(page.getByRole('heading', { name: 'Fees: Plan Group' })).toBeVisible();
  await page.getByLabel('Tuition (IRR)').fill('9,000,000');
  await page.getByRole('button', { name: 'Add an item' }).click();
  await page.getByLabel('Item 1', { exact: true }).fill('Books');
  await page.getByLabel('Item 1 amount (IRR)').fill('600,000');
  await page.getByRole('button', { name: 'Add a part' }).click();
  await page.getByRole('button', { name: 'Add a part' }).click();
  const part = (n: number) => page.getByRole('group', { name: `Part ${n}`, exact: true });
  await expect(part(3).getByLabel('Label')).toHaveValue('Week 8');
  await part(1).getByLabel('Amount (IRR)').fill('4,000,000');
  await part(2).getByLabel('Amount (IRR)').fill('3,000,000');
  await part(3).getByLabel('Amount (IRR)').fill('2,000,000');
  await page.getByRole('button', { name: 'Save the plan' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The parts add up to 9,000,000 IRR, not the fee of 9,600,000 IRR (600,000 IRR short).',
  );

  await page.getByRole('button', { name: 'Split evenly' }).click();
  for (const n of [1, 2, 3])
    await expect(part(n).getByLabel('Amount (IRR)')).toHaveValue('3,200,000');
  await expect(page.getByText('Total: 9,600,000 IRR, and the parts add up.')).toBeVisible();
  await page.getByRole('button', { name: 'Save the plan' }).click();
  await expect(
    page.getByText('Fee plan saved for “Plan Group”, Autumn: 9,600,000 IRR in 3 parts.'),
  ).toBeVisible();

  // Charging the class: asked first, with how many and how much each.
  await page.getByRole('button', { name: 'Charge the class' }).click();
  const ask = page.getByRole('dialog', { name: 'Charge the class?' });
  await expect(ask).toContainText("The class's 3 students are charged 9,600,000 IRR each.");
  await ask.getByRole('button', { name: 'Charge' }).click();
  await expect(page.getByText('Charged 3 students 9,600,000 IRR each.')).toBeVisible();
  await expect(page.getByText('3 students charged this plan already.')).toBeVisible();
  // A student who joins the class now is charged as they join.
  await page.goto(url(`/classes/${classId}`));
  const add = page.getByRole('region', { name: 'Add students' });
  await add.getByLabel('Search students').fill('Nia Joins');
  await add.getByRole('checkbox', { name: 'Nia Joins' }).check();
  await add.getByRole('button', { name: 'Add 1 student' }).click();
  await expect(
    add.getByText('1 student added to Plan Group. 1 student charged the class’s fees.'),
  ).toBeVisible();
  await page.goto(url(`/classes/${classId}/fees`));
  await expect(page.getByText('4 students charged this plan already.')).toBeVisible();
  // The smallest phone: the plan and its parts wrap, nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 700 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

  // Money is recorded: the decimals stay, and Settings says why.
  await page.goto(url('/settings'));
  await currency.getByLabel('Start from').selectOption({ label: 'US dollar (USD)' });
  await currency.getByRole('button', { name: 'Save currency' }).click();
  await expect(currency.getByRole('alert')).toContainText(
    'The currency’s decimals cannot change from 0 to 2 once money is recorded',
  );
});
