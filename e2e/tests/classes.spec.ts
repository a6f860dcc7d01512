import { expect, test } from '@playwright/test';
import { admin, createStudent, pageSignedIn, type SignedIn, signIn } from '../support.js';

/**
 * An administrator runs a class: makes it, adds two students by searching, gives it a weekly
 * schedule, sends it an assignment, follows who has read it on Sent Items, and edits the
 * assignment for both; a student sees the class's sessions and the edited assignment.
 */

const suffix = Date.now().toString(36);
let adminLogin: SignedIn;
let first: SignedIn;
const names = { a: `Zz Class ${suffix} Ava`, b: `Zz Class ${suffix} Ben` };

test.beforeAll(async () => {
  adminLogin = await signIn(admin());
  const ava = await createStudent({ name: names.a });
  await createStudent({ name: names.b });
  first = await signIn(ava);
});

test('a class is made, filled, scheduled and sent an assignment, and its read states followed and edited', async ({
  browser,
}) => {
  const { page } = await pageSignedIn(browser, adminLogin);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Classes' }).click();
  await expect(page.getByRole('heading', { name: 'Classes', level: 1 })).toBeVisible();

  // Make the class: it opens at once, empty.
  const className = `B1 Evenings ${suffix}`;
  await page.getByLabel('Class name').fill(className);
  await page.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByRole('heading', { name: className, level: 1 })).toBeVisible();
  await expect(page.getByText('No students in this class yet. Add them below.')).toBeVisible();

  // Add both students, found by a search.
  const add = page.getByRole('region', { name: 'Add students' });
  await add.getByLabel('Search students').fill(`Zz Class ${suffix}`);
  await add.getByRole('checkbox', { name: names.a }).check();
  await add.getByRole('checkbox', { name: names.b }).check();
  await expect(add.getByText('2 students chosen.')).toBeVisible();
  await add.getByRole('button', { name: 'Add 2 students' }).click();
  await expect(add.getByText(`2 students added to ${className}.`)).toBeVisible();
  const members = page.getByRole('group', { name: 'Students of this class' });
  await expect(members.getByRole('checkbox')).toHaveCount(2);
  await expect(page.getByText('2 students', { exact: true })).toBeVisible();

  // A weekly schedule for the whole class.
  const schedule = page.getByRole('region', { name: 'Weekly schedule' });
  await schedule.getByRole('checkbox', { name: 'Tuesday' }).check();
  await schedule.getByLabel('Start time').fill('18:00');
  await schedule.getByLabel('First date').fill('2026-12-01');
  await schedule.getByLabel('Number of sessions').fill('4');
  await schedule.getByRole('button', { name: 'Add to every student' }).click();
  await expect(
    schedule.getByText(`Added 4 sessions to each of the 2 students of ${className}.`),
  ).toBeVisible();

  // Send the class an assignment from its page: the form starts with the class chosen.
  await page.getByRole('link', { name: 'Send an assignment' }).click();
  await expect(page.getByRole('radio', { name: 'A class' })).toBeChecked();
  await expect(page.getByLabel('Class', { exact: true })).toHaveValue(/\d+/);
  await page.getByLabel('Title', { exact: true }).fill(`Essay ${suffix}`);
  await page.getByLabel('Description', { exact: true }).fill('Due Friday');
  await page.getByRole('button', { name: 'Send Assignment' }).click();
  await expect(page.getByText('Assignment sent to 2 students.')).toBeVisible();

  // One sent item, nobody has read it yet.
  await page.goto('/sent-items');
  const item = page.getByRole('listitem').filter({ hasText: `Essay ${suffix}` });
  await expect(item.getByText(`To ${className}`)).toBeVisible();
  await expect(item.getByText('0 of 2 read')).toBeVisible();

  // The first student opens it; the count moves while the page stays open.
  const { page: studentPage } = await pageSignedIn(browser, first);
  await studentPage.goto('/download-assignment');
  await expect(studentPage.getByText(`Essay ${suffix}`)).toBeVisible();
  const own = await (
    await studentPage.request.get(`/api/get_user_assignments.php?user_id=${first.userId}`, {
      headers: { Authorization: `Bearer ${first.token}` },
    })
  ).json();
  const mine = own.assignments.find((a: { title: string }) => a.title === `Essay ${suffix}`);
  await studentPage.request.post('/api/mark_assignment_as_read.php', {
    headers: { Authorization: `Bearer ${first.token}` },
    data: { user_id: first.userId, assignment_id: mine.id },
  });
  await expect(item.getByText('1 of 2 read')).toBeVisible();

  // Who read it, and editing it for both.
  await item.getByRole('button', { name: `Open Essay ${suffix}` }).click();
  // The item has its own address, and a link of the older form still opens it.
  await expect(page).toHaveURL(/\/sent-items\/\d+$/);
  const itemUrl = new URL(page.url()).pathname;
  await page.goto(`/sent-items?id=${itemUrl.split('/').pop()}`);
  await expect(page).toHaveURL(itemUrl);
  const states = page.getByRole('list', { name: 'Students and whether they read it' });
  await expect(states.getByRole('listitem').filter({ hasText: names.a })).toContainText('Read');
  await expect(states.getByRole('listitem').filter({ hasText: names.b })).toContainText(
    'Not read yet',
  );
  await page.getByLabel('Students', { exact: true }).selectOption('unread');
  await expect(states.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Title', { exact: true }).fill(`Essay ${suffix} (revised)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Assignment updated.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Essay ${suffix} (revised)` })).toBeVisible();

  // The student sees the new title, and the class's sessions in their schedule.
  await expect(studentPage.getByText(`Essay ${suffix} (revised)`)).toBeVisible();
  await studentPage.goto('/schedule');
  await expect(studentPage.getByText('Tuesday').first()).toBeVisible();

  // Archived, it leaves the list of classes in use and is offered nowhere.
  await page.goto('/classes');
  await page.getByRole('button', { name: `Open ${className}` }).click();
  // The class has its own address, and a link of the older form still opens it.
  await expect(page).toHaveURL(/\/classes\/\d+$/);
  const classUrl = new URL(page.url()).pathname;
  await page.goto(`/classes?id=${classUrl.split('/').pop()}`);
  await expect(page).toHaveURL(classUrl);
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Class archived.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send an assignment' })).toHaveCount(0);
  await page.goto('/send-notification');
  await page.getByRole('radio', { name: 'A class' }).check();
  await expect(page.getByLabel('Class', { exact: true }).getByRole('option')).not.toContainText([
    className,
  ]);
});
