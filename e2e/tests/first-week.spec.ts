import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { admin, logIn, type SignedIn, samplePdf, signIn, startImport } from '../support.js';

/**
 * An administrator's first week (issue 20), through the real screens: import 30 students from
 * a CSV file, make two classes and fill them, give one a weekly schedule and an assignment with
 * a due date; one of its students signs in with the password the import handed out, opens the
 * assignment and hands in work naming it; the administrator sees who read it and who handed
 * in on Sent Items, moves the due date, corrects the work from the inbox's Correct link, and
 * finds it corrected on the student's page.
 */

// Each run (and each repeat) makes its own students and classes.
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const two = (n: number) => String(n).padStart(2, '0');
const STUDENTS = 30;

let adminLogin: SignedIn;
// What each run made (a repeat may run in this worker too), for afterAll to put away.
const made = { suffixes: [] as string[], classes: [] as number[] };

test.beforeAll(async () => {
  adminLogin = await signIn(admin());
});

test.afterAll(async ({ playwright }) => {
  // Out of every other test's pickers: the students deleted, the classes archived.
  const api = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL as string,
    extraHTTPHeaders: { Authorization: `Bearer ${adminLogin.token}` },
  });
  for (const suffix of made.suffixes) {
    const found = await (await api.get(`/api/user_list.php?q=${suffix}&limit=100`)).json();
    for (const s of found as { id: number }[])
      await api.post('/api/delete_user.php', { data: { user_id: s.id } });
  }
  for (const id of made.classes)
    await api.post('/api/update_class.php', { data: { class_id: id, archived: true } });
  await api.dispose();
});

/** Makes a class on the Classes screen and adds the students, found by a search; its id. */
async function makeClass(page: Page, name: string, search: string, students: string[]) {
  await page.goto('/classes');
  await page.getByLabel('Class name').fill(name);
  await page.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/classes\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const add = page.getByRole('region', { name: 'Add students' });
  await add.getByLabel('Search students').fill(search);
  for (const student of students)
    await add.getByRole('checkbox', { name: student, exact: true }).check();
  await expect(add.getByText(`${students.length} students chosen.`)).toBeVisible();
  await add.getByRole('button', { name: `Add ${students.length} students` }).click();
  await expect(add.getByText(`${students.length} students added to ${name}.`)).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Students of this class' }).getByRole('checkbox'),
  ).toHaveCount(students.length);
  return id;
}

test("an administrator's first week: import, classes, a schedule, an assignment read, handed in, followed and corrected", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = stamp();
  made.suffixes.push(suffix);
  // Names that sort after the other tests' students, so their pickers' first 100 stay theirs.
  const name = (n: number) => `Zz Week ${suffix} ${two(n)}`;
  const username = (n: number) => `zzweek_${suffix}_${two(n)}`;
  const evenings = `Evenings ${suffix}`;
  const mornings = `Mornings ${suffix}`;
  const title = `First essay ${suffix}`;
  const work = `My first essay ${suffix}`;
  const marked = `First essay marked ${suffix}`;
  // Student 02 is in the evening class and signs in with the password the import made.
  const chosen = 2;

  const adminContext = await browser.newContext({
    storageState: adminLogin.state,
    acceptDownloads: true,
  });
  const page = await adminContext.newPage();

  // 1. Import 30 students from a CSV file on the Users screen, and keep their passwords.
  const lines = ['name,username,email,gender,password'];
  for (let n = 1; n <= STUDENTS; n++)
    lines.push(
      `${name(n)},${username(n)},zz.week.${suffix}.${two(n)}@week.example,${n % 2 ? 'female' : 'male'},`,
    );
  await page.goto('/view-users');
  await page.getByRole('button', { name: 'Import students (CSV)' }).click();
  const popup = page.getByRole('dialog', { name: 'Import students from a CSV file' });
  await popup.getByLabel('CSV file').setInputFiles({
    name: 'first-week.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  await expect(popup.getByText('30 of 30 students will be imported.')).toBeVisible();
  await startImport(popup, 'Import 30 students');
  // The import runs as a job on the users screen, which offers the passwords when it is done
  // (another test's import may be listed too: this one imports 30).
  const imports = page
    .getByRole('region', { name: "Students' imports" })
    .getByRole('article')
    .filter({ hasText: /Importing 30 students|Imported 30 students/ });
  await expect(imports.getByText('Imported 30 students.', { exact: false })).toBeVisible({
    timeout: 60_000,
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    imports.getByRole('button', { name: 'Download passwords (CSV)' }).click(),
  ]);
  // name,class,username,password,sign-in address
  const passwords = new Map(
    fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',').slice(2, 4) as [string, string]),
  );
  expect(passwords.size).toBe(STUDENTS);
  await imports.getByRole('button', { name: 'Dismiss' }).click();
  await page
    .getByRole('dialog', { name: 'Dismiss this import?' })
    .getByRole('button', { name: 'Yes, Dismiss' })
    .click();
  await expect(imports).toHaveCount(0);

  // 2. Two classes, fifteen students each.
  const first15 = Array.from({ length: 15 }, (_, i) => name(i + 1));
  const last15 = Array.from({ length: 15 }, (_, i) => name(i + 16));
  made.classes.push(await makeClass(page, mornings, `Zz Week ${suffix}`, last15));
  made.classes.push(await makeClass(page, evenings, `Zz Week ${suffix}`, first15));

  // 3. The evening class gets a weekly schedule: Tuesdays and Thursdays at 18:00, 8 sessions.
  const schedule = page.getByRole('region', { name: 'Weekly schedule' });
  await schedule.getByRole('checkbox', { name: 'Tuesday' }).check();
  await schedule.getByRole('checkbox', { name: 'Thursday' }).check();
  await schedule.getByLabel('Start time').fill('18:00');
  await schedule.getByLabel('First date').fill('2026-12-01');
  await schedule.getByLabel('Number of sessions').fill('8');
  await schedule.getByRole('button', { name: 'Add to every student' }).click();
  await expect(
    schedule.getByText(`Added 8 sessions to each of the 15 students of ${evenings}.`),
  ).toBeVisible();

  // 4. And an assignment with a due date, sent from the class's page.
  await page.getByRole('link', { name: 'Send an assignment' }).click();
  await expect(page.getByRole('radio', { name: 'A class' })).toBeChecked();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('300 words about your city.');
  await page.getByLabel('Due date and time (optional)').fill('2099-01-10T17:00');
  await page.getByRole('button', { name: 'Send Assignment' }).click();
  await expect(page.getByText('Assignment sent to 15 students.')).toBeVisible();

  // Sent Items: one item, nobody has read it or handed anything in.
  await page.goto('/sent-items');
  const sent = page.getByRole('listitem').filter({ hasText: title });
  await expect(sent.getByText(`To ${evenings}`)).toBeVisible();
  await expect(sent.getByText('0 of 15 read')).toBeVisible();
  await expect(sent.getByText('0 of 15 handed in')).toBeVisible();
  await expect(sent).toContainText('Due by January 10, 2099 at 5:00 PM');

  // 5. A student of that class signs in (a second browser) with the imported password,
  // opens the assignment and hands in work naming it.
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  await logIn(
    studentPage,
    { username: username(chosen), password: passwords.get(username(chosen)) ?? '', name: '' },
    '/user',
  );
  await studentPage.goto('/schedule');
  await expect(studentPage.getByText('Tuesday').first()).toBeVisible();
  await studentPage.goto('/download-assignment');
  const assignment = studentPage.getByRole('button', { name: new RegExp(title) });
  await expect(assignment).toContainText('Due');
  await assignment.click();
  await expect(assignment).toHaveAttribute('aria-expanded', 'true');
  await expect(studentPage.getByText('300 words about your city.')).toBeVisible();
  // The admin's open list hears that it was read.
  await expect(sent.getByText('1 of 15 read')).toBeVisible();

  await studentPage.getByRole('link', { name: 'Hand in work for this' }).click();
  const answers = studentPage.getByLabel('Assignment it answers (optional)');
  await expect(answers.locator('option:checked')).toContainText(title);
  await studentPage.getByLabel('Subject').fill(work);
  await studentPage
    .getByLabel('Files')
    .setInputFiles({ name: 'essay.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
  await studentPage.getByRole('button', { name: 'Submit Assignment' }).click();
  await expect(
    studentPage.getByRole('status').filter({ hasText: 'Assignment submitted successfully.' }),
  ).toBeVisible();

  // 6. Sent Items: who read it and who handed in.
  await expect(sent.getByText('1 of 15 handed in')).toBeVisible();
  await sent.getByRole('button', { name: `Open ${title}` }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('1 of 15 handed in')).toBeVisible();
  const states = page.getByRole('list', { name: 'Students and whether they read it' });
  const row = (n: number) => states.getByRole('listitem').filter({ hasText: name(n) });
  await expect(row(chosen)).toContainText('Read');
  await expect(row(chosen)).toContainText('Submitted');
  await expect(row(chosen)).toContainText('Handed in');
  await expect(row(1)).toContainText('Not read yet');
  await expect(row(1)).toContainText('Not handed in');
  await expect(row(1).getByText('Due', { exact: true })).toBeVisible();
  const show = page.getByLabel('Students', { exact: true });
  await show.selectOption('handed_in');
  await expect(states.getByRole('listitem')).toHaveCount(1);
  await expect(states.getByRole('listitem')).toContainText(name(chosen));
  await show.selectOption('not_handed_in');
  await expect(states.getByRole('listitem')).toHaveCount(14);
  await show.selectOption('unread');
  await expect(states.getByRole('listitem')).toHaveCount(14);
  await expect(row(chosen)).toHaveCount(0);

  // The due date moves for all fifteen; the student's own list follows.
  await page.getByRole('button', { name: 'Edit' }).click();
  const due = page.getByLabel('Due date and time (optional)');
  await expect(due).toHaveValue('2099-01-10T17:00');
  await due.fill('2099-01-11T09:00');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Assignment updated.')).toBeVisible();
  await expect(page.getByText('Due by January 11, 2099 at 9:00 AM')).toBeVisible();
  await studentPage.goto('/download-assignment');
  await expect(studentPage.getByRole('button', { name: new RegExp(title) })).toContainText(
    'Due by January 11, 2099 at 9:00 AM',
  );
  await expect(studentPage.getByRole('button', { name: new RegExp(title) })).toContainText(
    'Submitted',
  );

  // 7. The inbox: the work is new; Correct opens the correction form with it linked.
  await page.goto('/inbox');
  await page.getByLabel('Search by student').fill(name(chosen));
  const entry = page.getByRole('listitem').filter({ hasText: work });
  await expect(entry).toContainText('New');
  await expect(entry).toContainText(`Answers: ${title}`);
  await entry.getByRole('link', { name: `Correct ${work} from ${name(chosen)}` }).click();
  await expect(page).toHaveURL(/\/students-correction\?user_id=\d+&submission_id=\d+/);
  await expect(
    page.getByLabel('Submission it answers (optional)').locator('option:checked'),
  ).toContainText(work);
  await page.getByLabel('Title', { exact: true }).fill(marked);
  await page.getByRole('button', { name: 'Send Correction' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Correction sent successfully' }),
  ).toBeVisible();

  // 8. The student's page, opened from the inbox, shows the work corrected by that correction.
  await page.goto('/inbox');
  await page.getByLabel('Search by student').fill(name(chosen));
  await expect(entry).toContainText('Corrected');
  await entry.getByRole('link', { name: name(chosen), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: name(chosen) })).toBeVisible();
  const submissions = page.getByRole('region', { name: 'Submissions and corrections' });
  const mine = submissions.getByRole('listitem').filter({ hasText: work });
  await expect(mine).toContainText('Corrected');
  await expect(mine).toContainText(`“${marked}”`);
  await expect(page.getByRole('region', { name: 'Classes' })).toContainText(evenings);
  await expect(page.getByRole('region', { name: 'Schedule and attendance' })).toContainText(
    'of 8 sessions',
  );

  await studentContext.close();
  await adminContext.close();
});
