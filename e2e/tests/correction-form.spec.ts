import { expect, test } from '@playwright/test';
import { admin, createStudent, logIn, samplePdf, signIn } from '../support.js';

/**
 * Issue 27, point 17: the correction form opened from the inbox shows the work being
 * corrected and its files, starts with a title, and takes its five files in one pick.
 */
test('Correct on an inbox item shows the work and its files, names the title, and sends five files picked at once', async ({
  page,
}) => {
  const student = await createStudent({ name: `Corrected Student ${Date.now()}` });
  const subject = `Travel essay ${Date.now()}`;
  // The student hands in work with two files (the spec's upload call).
  const signedIn = await signIn(student);
  const form = new FormData();
  form.set('user_id', String(signedIn.userId));
  form.set('subject', subject);
  form.set('description', 'My summer in Shiraz, second draft.');
  for (const name of ['draft.pdf', 'notes.pdf'])
    form.append(
      'files',
      new Blob([new Uint8Array(samplePdf(500))], { type: 'application/pdf' }),
      name,
    );
  const uploaded = await fetch(`${process.env.E2E_BASE_URL}/api/upload_assignment.php`, {
    method: 'POST',
    headers: { authorization: `Bearer ${signedIn.token}` },
    body: form,
  });
  expect(uploaded.ok, await uploaded.text()).toBe(true);

  await logIn(page, admin(), '/admin');
  await page.goto('/inbox');
  await page.getByLabel('Search by student').fill(student.name);
  await page
    .getByRole('listitem')
    .filter({ hasText: subject })
    .getByRole('link', { name: `Correct ${subject} from ${student.name}` })
    .click();

  // The work, beside the form: its subject, description and files, each a download link.
  const work = page.getByRole('region', { name: 'The work being corrected' });
  await expect(work.getByRole('heading', { name: subject })).toBeVisible();
  await expect(work).toContainText('My summer in Shiraz, second draft.');
  for (const name of ['draft.pdf', 'notes.pdf']) {
    const link = work.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', /^\/api\/files\/\d+\?exp=/);
  }
  const download = await page.request.get(
    (await work.getByRole('link', { name: 'draft.pdf' }).getAttribute('href')) ?? '',
  );
  expect(download.ok()).toBe(true);

  // The title starts as the work's; five files are chosen in one pick.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Correction: ${subject}`);
  const names = ['one.pdf', 'two.pdf', 'three.pdf', 'four.pdf', 'five.pdf'];
  await page
    .getByLabel('Files (optional)')
    .setInputFiles(
      names.map((name) => ({ name, mimeType: 'application/pdf', buffer: samplePdf(300) })),
    );
  await expect(page.getByText('5 files chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Send Correction' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Correction sent successfully' }),
  ).toBeVisible();

  // The student's result carries the five files under the title it was given.
  const result = await (
    await page.request.get(`/api/students_get_corrections.php?user_id=${signedIn.userId}`, {
      headers: { Authorization: `Bearer ${signedIn.token}` },
    })
  ).json();
  expect(result[0]).toMatchObject({ title: `Correction: ${subject}` });
  expect(result[0].files.map((f: { file_name: string }) => f.file_name)).toEqual(names);
});
