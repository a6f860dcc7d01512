import { expect, type Locator, type Page, test } from '@playwright/test';
import { admin, createStudent, logIn, samplePdf } from '../support.js';

/** Picks a student in the admin's picker by searching for them first (the list pages at 100). */
async function pickStudent(page: Page, label: string, name: string) {
  await page.getByLabel('Search students').fill(name);
  const select = page.getByLabel(label, { exact: true });
  await expect(select.locator('option', { hasText: name })).toHaveCount(1);
  await select.selectOption({ label: name });
}

/** Chooses the option of a select whose text contains `text` (its full text carries a date). */
async function chooseContaining(select: Locator, text: string) {
  const option = select.locator('option', { hasText: text });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

test('work that connects: a due date, work answering it, the inbox, Correct, and the result tied to the work', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const student = await createStudent({ name: `Connect Student ${stamp}` });
  const onTime = `Essay due later ${stamp}`;
  const late = `Essay already due ${stamp}`;

  // The admin sends two assignments with due dates: one far ahead, one already past.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, admin(), '/admin');
  for (const [title, due] of [
    [onTime, '2099-01-10T17:00'],
    [late, '2020-01-06T09:00'],
  ] as const) {
    await adminPage.goto('/send-assignment');
    await pickStudent(adminPage, 'User', student.name);
    await adminPage.getByLabel('Title', { exact: true }).fill(title);
    await adminPage.getByLabel('Description').fill('300 words, by the date below');
    await adminPage.getByLabel('Due date and time (optional)').fill(due);
    await adminPage.getByRole('button', { name: 'Send Assignment' }).click();
    await expect(adminPage.getByRole('status')).toHaveText('Assignment sent successfully!');
  }

  // View Assignments shows the due time and Due / Overdue.
  await adminPage.goto('/view-assignments');
  await pickStudent(adminPage, 'Student', student.name);
  const card = (title: string) => adminPage.getByRole('listitem').filter({ hasText: title });
  await expect(card(onTime)).toContainText('Due by January 10, 2099 at 5:00 PM');
  // The description is labelled as what it is, not as a second deadline above the real one.
  await expect(card(onTime)).toContainText('Description: 300 words, by the date below');
  await expect(card(onTime)).not.toContainText('Deadline');
  await expect(card(onTime).getByText('Due', { exact: true })).toBeVisible();
  await expect(card(late)).toContainText('Overdue');

  // The student uploads work answering each, picked on the upload form.
  const studentContext = await browser.newContext();
  const page = await studentContext.newPage();
  await logIn(page, student, '/user');
  for (const [title, subject] of [
    [onTime, `My essay ${stamp}`],
    [late, `My late essay ${stamp}`],
  ] as const) {
    await page.goto('/submit-assignment');
    const choice = page.getByLabel('Assignment it answers (optional)');
    await chooseContaining(choice, title);
    await page.getByLabel('Subject').fill(subject);
    await page
      .getByLabel('Files')
      .setInputFiles({ name: 'essay.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Assignment submitted successfully.' }),
    ).toBeVisible();
    // Answered, it is no longer offered.
    await expect(choice.locator('option', { hasText: title })).toHaveCount(0);
  }
  // The student's own list says where each stands.
  await page.goto('/download-assignment');
  await expect(page.getByRole('button', { name: new RegExp(onTime) })).toContainText('Submitted');
  await expect(page.getByRole('button', { name: new RegExp(late) })).toContainText('Late');

  // The inbox: date and time, New, the assignment it answers; filters by state and days.
  await adminPage.goto('/inbox');
  await adminPage.getByLabel('Search by student').fill(student.name);
  const item = adminPage.getByRole('listitem').filter({ hasText: `My essay ${stamp}` });
  await expect(item).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
  await expect(item).toContainText('New');
  await expect(item).toContainText(`Answers: ${onTime}`);
  await adminPage.getByLabel('State').selectOption('corrected');
  await expect(adminPage.getByText('No submissions match these filters.')).toBeVisible();
  await adminPage.getByLabel('State').selectOption('new');
  await expect(item).toBeVisible();
  await adminPage.getByLabel('Sent from').fill('2099-01-01');
  await expect(adminPage.getByText('No submissions match these filters.')).toBeVisible();
  await adminPage.getByLabel('Sent from').fill('');
  await expect(item).toBeVisible();

  // Correct opens the correction form for that student with the submission linked.
  await item.getByRole('link', { name: `Correct My essay ${stamp} from ${student.name}` }).click();
  await expect(adminPage).toHaveURL(/\/students-correction\?user_id=\d+&submission_id=\d+/);
  await expect(adminPage.getByLabel('User', { exact: true })).toHaveValue(/^\d+$/);
  const linked = adminPage.getByLabel('Submission it answers (optional)');
  await expect(linked.locator('option:checked')).toContainText(`My essay ${stamp}`);
  await adminPage.getByLabel('Title', { exact: true }).fill(`Marked essay ${stamp}`);
  await adminPage.getByRole('button', { name: 'Send Correction' }).click();
  await expect(
    adminPage.getByRole('status').filter({ hasText: 'Correction sent successfully' }),
  ).toBeVisible();

  // The inbox shows it corrected, and the state filter follows.
  await adminPage.goto('/inbox');
  await adminPage.getByLabel('Search by student').fill(student.name);
  await adminPage.getByLabel('State').selectOption('corrected');
  await expect(item).toContainText('Corrected');
  await expect(
    adminPage.getByRole('listitem').filter({ hasText: `My late essay ${stamp}` }),
  ).toHaveCount(0);

  // The student sees which work the result answers.
  await page.goto('/assignment-results');
  const result = page.getByRole('listitem').filter({ hasText: `Marked essay ${stamp}` });
  await expect(result).toContainText(`Answers your work: My essay ${stamp}, sent`);
  await expect(result).toContainText(`for the assignment ${onTime}`);

  // The admin's list shows submitted and late.
  await adminPage.goto('/view-assignments');
  await pickStudent(adminPage, 'Student', student.name);
  await expect(card(onTime)).toContainText('Submitted');
  await expect(card(late)).toContainText('Late');
  await expect(card(late)).toContainText(/Handed in [A-Z][a-z]+ \d{1,2}, \d{4}/);

  await adminContext.close();
  await studentContext.close();
});
