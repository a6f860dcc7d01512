import { expect, request, test } from '@playwright/test';
import { addAccount, admin, postOk, type SignedIn, signIn, startImport } from '../support.js';

/**
 * Issue 49, points 7 and 8 on a phone: a school's export without a gender column is imported
 * (a row repeated exactly imported once and named), the "Importing" banner goes when the
 * import ends, the student's gender shows as not given and is set on Edit; a class's weekly
 * pattern sits under its Timetable and lists the dates it will make before it runs; the roll's
 * save bar covers the screen's full width; the grid heads two sessions of one day with their
 * times and shows the roll's notes.
 */

let adminLogin: SignedIn;
test.beforeAll(async () => {
  adminLogin = await signIn(admin());
});

test('imports a no-gender CSV with a repeated row; the banner goes at the end; gender set later', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const className = `Import Small ${suffix}`;
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await postOk(api, adminLogin.token, '/api/create_class.php', { data: { name: className } });
  await api.dispose();
  const first = `Nora${suffix}`;
  const csv = [
    'First Name,Last Name,Email,Class',
    `${first},Haddad,${first}.Haddad@School.Example,${className}`,
    `Omid${suffix},Karimi,omid.${suffix}@school.example,${className}`,
    `Lina${suffix},Sadeghi,lina.${suffix}@school.example,${className}`,
    `${first},Haddad,${first}.Haddad@School.Example,${className}`,
  ].join('\n');

  const context = await browser.newContext({ storageState: adminLogin.state });
  const page = await context.newPage();
  try {
    await page.goto('/view-users');
    await page.getByRole('button', { name: 'Import students (CSV)' }).click();
    const popup = page.getByRole('dialog', { name: 'Import students from a CSV file' });
    await popup.getByLabel('CSV file').setInputFiles({
      name: 'school-export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    // Not refused for its missing gender column; the repeated row named and left out.
    await expect(
      popup.getByText(
        '3 of 4 students will be imported. 1 row repeats another exactly (row 5 repeats row 2) and is left out: each student is imported once.',
      ),
    ).toBeVisible();
    const preview = popup.getByRole('table', { name: 'Students in the file' });
    await expect(preview.getByRole('row').filter({ hasText: 'Same as row 2' })).toContainText(
      'Repeat',
    );
    await expect(preview.getByRole('row').filter({ hasText: 'omid.' })).toContainText('Not given');
    await startImport(popup, 'Import 3 students');

    // The import ends: its outcome shows, and nothing says it is still importing.
    const imports = page.getByRole('region', { name: "Students' imports" });
    await expect(imports.getByText('Imported 3 students.', { exact: false })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText(/Importing 3 students/)).toHaveCount(0);

    // The new student's gender is not given until an admin sets it on Edit.
    const username = `${first.toLowerCase()}.haddad`;
    await page.getByLabel('Search users').fill(username);
    const row = page.getByRole('row').filter({ hasText: username });
    await expect(row).toContainText(`${first.toLowerCase()}.haddad@school.example`);
    await row.getByRole('button', { name: `Edit ${first} Haddad` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${first} Haddad` });
    const gender = edit.getByLabel('Gender');
    await expect(gender.locator('option:checked')).toHaveText('Not given');
    await gender.selectOption('female');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
  } finally {
    await context.close();
  }
});

test("the weekly pattern sits under the class's Timetable and lists its dates before it runs", async ({
  browser,
}) => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const made = await postOk(api, adminLogin.token, '/api/create_class.php', {
    data: { name: `Pattern Preview ${Date.now().toString(36)}` },
  });
  await api.dispose();
  const context = await browser.newContext({ storageState: adminLogin.state });
  const page = await context.newPage();
  try {
    await page.goto(`/classes/${made.class_id}`);
    const pattern = page.getByRole('group', { name: 'Make from a weekly pattern' });
    await expect(pattern).toBeVisible();
    // The Weekly schedule card comes right after the Timetable card it fills.
    const cards = await page.locator('section[aria-labelledby] > h2').allTextContents();
    expect(cards.indexOf('Weekly schedule')).toBe(cards.indexOf('Timetable') + 1);

    await pattern.getByLabel('Monday').check();
    await pattern.getByLabel('Wednesday').check();
    await pattern.getByLabel('Start time').fill('18:00');
    // A Thursday: the first session is the Monday after.
    await pattern.getByLabel('First date').fill('2026-12-10');
    await pattern.getByLabel('Number of sessions').fill('3');
    const dates = pattern.getByRole('region', { name: 'Dates it will make' });
    await expect(dates).toContainText('It will make 3 sessions, at 18:00:');
    await expect(dates.getByRole('listitem')).toHaveText([
      'Monday, December 14, 2026',
      'Wednesday, December 16, 2026',
      'Monday, December 21, 2026',
    ]);
    // An end before the start is named, and no dates are listed.
    await pattern.getByLabel('End time').fill('17:00');
    await expect(pattern.getByText('The end time must be after the start time.')).toBeVisible();
    await expect(dates).toBeHidden();
    await pattern.getByLabel('End time').fill('19:00');
    await expect(dates).toContainText('at 18:00 - 19:00');
  } finally {
    await context.close();
  }
});

test("two sessions on one day: the roll's save bar spans the screen; the grid heads them with their times and shows the notes", async ({
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const headers = { Authorization: `Bearer ${adminLogin.token}` };
  const name = `Twice Student ${suffix}`;
  const studentId = await addAccount(api, adminLogin.token, {
    name,
    username: `twice_${suffix}`,
    password: 'student-password',
    roleId: '2',
  });
  const { class_id: classId } = await postOk(api, adminLogin.token, '/api/create_class.php', {
    data: { name: `Twice ${suffix}` },
  });
  await postOk(api, adminLogin.token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [studentId] },
  });
  // Every weekday chosen and one session each: both on the same day, a week ago.
  const day = new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);
  for (const time of ['10:00', '18:00'])
    await postOk(api, adminLogin.token, '/api/save_class_schedule.php', {
      data: {
        class_id: classId,
        weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        first_date: day,
        count: 1,
        time,
      },
    });
  const past = await (
    await api.get(`/api/get_class_sessions.php?class_id=${classId}&when=past`, { headers })
  ).json();
  const at = (time: string) =>
    past.sessions.find((s: { session_time: string }) => s.session_time === time).id as number;
  await postOk(api, adminLogin.token, '/api/save_roll.php', {
    data: {
      class_session_id: at('10:00'),
      marks: [{ user_id: studentId, mark: 'late', note: `Bus late ${suffix}` }],
    },
  });
  await postOk(api, adminLogin.token, '/api/save_roll.php', {
    data: { class_session_id: at('18:00'), marks: [{ user_id: studentId, mark: 'present' }] },
  });
  await api.dispose();

  const context = await browser.newContext({ storageState: adminLogin.state });
  const page = await context.newPage();
  try {
    await page.goto(`/roll/${at('10:00')}`);
    const saveBar = page.getByRole('button', { name: 'Save roll' }).locator('..');
    await expect(saveBar).toBeVisible();
    const box = await saveBar.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(width);

    await page.goto(`/classes/${classId}`);
    const grid = page.getByRole('region', { name: 'Attendance grid' });
    await expect(grid.getByRole('row').filter({ hasText: name })).toContainText(
      `Bus late ${suffix}`,
    );
    const heads = await grid.getByRole('columnheader').allTextContents();
    expect(heads.filter((h) => / 10:00$| 18:00$/.test(h))).toHaveLength(2);
  } finally {
    await context.close();
  }
});
