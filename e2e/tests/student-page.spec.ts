import { type APIResponse, expect, test } from '@playwright/test';
import {
  admin,
  createStudent,
  pageSignedIn,
  type SignedIn,
  samplePdf,
  signIn,
} from '../support.js';

/**
 * A page for each student (issue 20 point 5) and the Leitner chart (issue 21 point 4): an
 * administrator opens a student from the users list and from the inbox and reads how they
 * are doing; the student sees their box as a chart on the Leitner Box screen.
 */

const suffix = Date.now().toString(36);
let adminLogin: SignedIn;
let studentLogin: SignedIn;
let studentName: string;

test.beforeAll(async ({ playwright }) => {
  adminLogin = await signIn(admin());
  // A name that sorts after the other tests' students, so their pickers' first 100 stay theirs.
  const account = await createStudent({ name: `Zz Page ${suffix}` });
  studentName = account.name;
  studentLogin = await signIn(account);
  const api = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL as string,
  });
  const asStudent = { Authorization: `Bearer ${studentLogin.token}` };
  const asAdmin = { Authorization: `Bearer ${adminLogin.token}` };
  const ok = async (response: Promise<APIResponse>) => {
    const res = await response;
    expect(res.ok(), await res.text()).toBe(true);
    return res;
  };
  // Three cards, one answered right (level 2), and a submission, an assignment and a session.
  const ids: number[] = [];
  for (const front of ['apple', 'pear', 'plum']) {
    const added = await ok(
      api.post('/api/add_card.php', {
        headers: asStudent,
        data: { user_id: studentLogin.userId, front_text: front, back_text: 'fruit' },
      }),
    );
    ids.push((await added.json()).card.id);
  }
  await ok(
    api.post('/api/update_card.php', {
      headers: asStudent,
      data: { id: ids[0], user_id: studentLogin.userId, was_correct: 'true' },
    }),
  );
  await ok(
    api.post('/api/upload_assignment.php', {
      headers: asStudent,
      multipart: {
        user_id: String(studentLogin.userId),
        subject: `Essay ${suffix}`,
        description: 'My essay',
        'files[]': { name: 'essay.pdf', mimeType: 'application/pdf', buffer: samplePdf() },
      },
    }),
  );
  await ok(
    api.post('/api/send_assignment.php', {
      headers: asAdmin,
      multipart: {
        user_id: String(studentLogin.userId),
        title: `Homework ${suffix}`,
        description: 'Friday',
        file_links: '[]',
      },
    }),
  );
  // Work that came in late, answering an assignment already due, and its correction, whose
  // title begins 'Corrected:' as the correction form writes it (issue 27, point 13).
  await ok(
    api.post('/api/send_assignment.php', {
      headers: asAdmin,
      multipart: {
        user_id: String(studentLogin.userId),
        title: `Late work ${suffix}`,
        description: 'By January',
        file_links: '[]',
        due_at: '2020-01-06T09:00:00Z',
      },
    }),
  );
  const own = await (
    await ok(
      api.get(`/api/get_user_assignments.php?user_id=${studentLogin.userId}`, {
        headers: asStudent,
      }),
    )
  ).json();
  const late = own.assignments.find((a: { title: string }) => a.title === `Late work ${suffix}`);
  await ok(
    api.post('/api/upload_assignment.php', {
      headers: asStudent,
      multipart: {
        user_id: String(studentLogin.userId),
        subject: `Handed in late ${suffix}`,
        description: 'Sorry',
        assignment_id: String(late.id),
        'files[]': { name: 'late.pdf', mimeType: 'application/pdf', buffer: samplePdf() },
      },
    }),
  );
  const inbox = await (
    await ok(
      api.get(`/api/send_to_inbox.php?q=${encodeURIComponent(studentName)}`, { headers: asAdmin }),
    )
  ).json();
  const handedIn = inbox.assignments.find(
    (a: { subject: string }) => a.subject === `Handed in late ${suffix}`,
  );
  await ok(
    api.post('/api/send_correction.php', {
      headers: asAdmin,
      multipart: {
        user_id: String(studentLogin.userId),
        title: `Corrected: Handed in late ${suffix}`,
        description: 'Better next time',
        submission_id: String(handedIn.id),
      },
    }),
  );
  await ok(
    api.post('/api/save_schedule.php', {
      headers: asAdmin,
      data: {
        user_id: studentLogin.userId,
        schedule: [1, 2, 3].map((n) => ({
          session_id: '',
          session_number: n,
          session_day: 'Monday',
          session_date: `2026-12-0${n}`,
          session_time: '10:00 - 11:00',
          status: n === 1 ? 'Held' : n === 2 ? 'Missed' : 'Next Session',
        })),
      },
    }),
  );
  await api.dispose();
});

test.afterAll(async ({ playwright }) => {
  // Out of every other test's pickers.
  const api = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL as string,
  });
  await api.post('/api/set_user_active.php', {
    headers: { Authorization: `Bearer ${adminLogin.token}` },
    data: { user_id: studentLogin.userId, active: 0 },
  });
  await api.dispose();
});

test('an admin opens a student from the users list and reads every section', async ({
  browser,
}) => {
  const { context, page } = await pageSignedIn(browser, adminLogin);
  await page.goto('/view-users');
  await page.getByLabel('Search users').fill(`Zz Page ${suffix}`);
  await page.getByRole('link', { name: studentName, exact: true }).click();
  await expect(page).toHaveURL(`/students/${studentLogin.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: studentName })).toBeVisible();

  const section = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(section('Profile')).toContainText('Never');
  await expect(section('Classes')).toBeVisible();
  await expect(section('Schedule and attendance')).toContainText(
    '1 held, 1 missed, 1 next of 3 sessions.',
  );
  await expect(section('Assignments')).toContainText(`Homework ${suffix}`);
  await expect(section('Assignments')).toContainText('Not read yet');
  // Where each stands, with its dates, as Sent Items says it.
  const lateRow = section('Assignments')
    .getByRole('listitem')
    .filter({ hasText: `Late work ${suffix}` });
  await expect(lateRow).toContainText('Due by January 6, 2020');
  await expect(lateRow).toContainText('Late');
  await expect(lateRow).toContainText(/Handed in [A-Z][a-z]+ \d{1,2}, \d{4}/);
  // The correction's own title, quoted: never 'Corrected by Corrected:'.
  const corrected = section('Submissions and corrections')
    .getByRole('listitem')
    .filter({ hasText: `Handed in late ${suffix}` })
    .first();
  await expect(corrected.getByText('Corrected', { exact: true })).toBeVisible();
  await expect(corrected).toContainText(`“Corrected: Handed in late ${suffix}”`);
  await expect(corrected).not.toContainText('by Corrected');
  await expect(section('Submissions and corrections')).toContainText(`Essay ${suffix}`);
  await expect(section('Submissions and corrections')).toContainText('Waiting for a correction');
  await expect(section('Exam and skill attempts')).toContainText('No exam or skill started yet.');
  const chart = page.getByRole('img', { name: /Cards per level, 3 in all/ });
  await expect(chart).toHaveAttribute('aria-label', /level 1: 2, level 2: 1/);
  await expect(section('Leitner box')).toContainText('Due today2');

  // Each section leads to its full screen.
  await section('Assignments').getByRole('link', { name: 'See all assignments' }).click();
  await expect(page).toHaveURL('/view-assignments');
  await context.close();
});

test('an admin opens a student from the inbox', async ({ browser }) => {
  const { context, page } = await pageSignedIn(browser, adminLogin);
  await page.goto('/inbox');
  await page.getByLabel('Search by student').fill(`Zz Page ${suffix}`);
  const item = page.getByRole('listitem').filter({ hasText: `Essay ${suffix}` });
  await item.getByRole('link', { name: studentName, exact: true }).click();
  await expect(page).toHaveURL(`/students/${studentLogin.userId}`);
  await expect(page.getByRole('region', { name: 'Submissions and corrections' })).toContainText(
    `Essay ${suffix}`,
  );
  // The back link returns to where the page was opened from.
  await page.getByRole('link', { name: 'Back to Inbox' }).click();
  await expect(page).toHaveURL('/inbox');
  await context.close();
});

test('an unknown student says so', async ({ browser }) => {
  const { context, page } = await pageSignedIn(browser, adminLogin);
  await page.goto('/students/999999');
  await expect(page.getByText('Student not found.')).toBeVisible();
  await context.close();
});

test('the student sees their box as a chart on the Leitner Box screen, and it follows a practice', async ({
  browser,
}) => {
  const { context, page } = await pageSignedIn(browser, studentLogin);
  await page.goto('/leitnerbox');
  const progress = page.getByRole('region', { name: 'Your progress' });
  await expect(progress.getByRole('img', { name: /level 1: 2, level 2: 1/ })).toBeVisible();
  await expect(progress).toContainText('Due today2');
  await expect(progress).toContainText('Days in a row1 day');

  // One more card answered right in the Flashcard Challenge: the chart moves it up a level.
  await page.getByRole('link', { name: 'Flashcard Challenge' }).click();
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  await page.getByRole('link', { name: 'Back to Leitner Box' }).first().click();
  await expect(progress.getByRole('img', { name: /level 1: 1, level 2: 2/ })).toBeVisible();
  await expect(progress).toContainText('Due today1');
  await context.close();
});
