import { expect, request, test } from '@playwright/test';
import { ownAdmin, type RunningServer, startOwnAcademy } from '../server.js';
import { samplePdf } from '../support.js';

// The dashboard counts the whole academy's work: this test runs on a server of its own, so
// the submissions other test files make meanwhile on the shared server do not move its counts.
let server: RunningServer;
const student = { username: 'dashboard_student', password: 'student-password' };
const url = (path: string) => `${server.baseUrl}${path}`;

test.beforeAll(async () => {
  server = await startOwnAcademy({
    ...student,
    name: 'Dana Dashboard',
    email: 'dana.dashboard@example.com',
    gender: 'female',
  });
});
test.afterAll(async () => server?.stop());

test('the dashboard groups its tiles by job, and a student’s submission shows on the Inbox tile as it arrives, moving no tile', async ({
  page,
}) => {
  await page.goto(url('/login'));
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ownAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(url('/admin'));

  const nav = page.getByRole('navigation', { name: 'Admin screens' });
  const groups: [string, string[]][] = [
    ['People', ['Create User', 'View Users', 'Classes', 'Online Users', 'Audit Log']],
    [
      'Teaching',
      [
        'Inbox',
        'Students Correction',
        'Sent Corrections',
        'Result Sheets',
        'Send Assignment',
        'View Assignments',
        'Send Schedule',
        'Edit Student Schedule',
      ],
    ],
    ['Messages', ['Send Notification', 'All Notifications', 'Sent Items']],
    ['Content', ['Exams and Skill Builder', 'Student Leitner Box', 'Settings']],
    ['Your account', ['Change Password']],
  ];
  for (const [heading, tiles] of groups) {
    await expect(nav.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    const group = nav.getByRole('region', { name: heading });
    for (const name of tiles) await expect(group.getByRole('link', { name })).toBeVisible();
  }
  await expect(
    nav.getByRole('region', { name: 'Your account' }).getByRole('button', { name: 'Logout' }),
  ).toBeVisible();

  // Today's classes stand above the tiles (issue 29): this academy has none. Once it has
  // answered, the tiles stand where they stay.
  await expect(
    page.getByRole('region', { name: "Today's classes" }).getByText('No classes today.'),
  ).toBeVisible();

  // Nothing waits yet: no count on the Inbox tile.
  const inbox = nav.getByRole('link', { name: /^Inbox/ });
  await expect(inbox).toHaveAccessibleName('Inbox');
  const inboxBefore = await inbox.boundingBox();
  const belowBefore = await nav.getByRole('link', { name: 'Send Notification' }).boundingBox();

  // The student hands work in, through the API, while the dashboard stays open.
  const api = await request.newContext({ baseURL: server.baseUrl });
  try {
    const login = await (await api.post('/api/login.php', { form: student })).json();
    const upload = await api.post('/api/upload_assignment.php', {
      headers: { authorization: `Bearer ${login.token}` },
      multipart: {
        user_id: String(login.user_id),
        subject: 'Unit 4 essay',
        description: 'Pages 1-2',
        'files[]': { name: 'essay.pdf', mimeType: 'application/pdf', buffer: samplePdf() },
      },
    });
    expect(upload.ok()).toBe(true);
  } finally {
    await api.dispose();
  }

  // The live stream's event refreshes the counts: the badge says what waits, in words.
  await expect(inbox).toHaveAccessibleName('Inbox 1 new submission');
  await expect(inbox).toContainText('1');
  // The badge sits in the tile's corner: the tile keeps its size, and nothing below moves.
  expect(await inbox.boundingBox()).toEqual(inboxBefore);
  expect(await nav.getByRole('link', { name: 'Send Notification' }).boundingBox()).toEqual(
    belowBefore,
  );

  // Opening the inbox from the tile shows the new submission.
  await inbox.click();
  await expect(page).toHaveURL(url('/inbox'));
  await expect(page.getByText('Unit 4 essay')).toBeVisible();
});
