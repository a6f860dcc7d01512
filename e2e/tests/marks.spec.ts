import { expect, test } from '@playwright/test';
import { admin, createStudent, logIn, pageSignedIn, signIn, silentWav } from '../support.js';

/**
 * Issue 30, point 1: a teacher gives a mark while correcting a hand-in or replying to a spoken
 * answer; the student sees it beside the correction in Assignment Results and with the reply
 * on the speaking screen. A mark that is not one is refused in words before anything is sent.
 */
const HOUR = 3_600_000;

test('a correction carries the mark typed, and the student reads it in Assignment Results', async ({
  page,
  browser,
}) => {
  const student = await createStudent({ name: `Marked Student ${Date.now()}` });
  await logIn(page, admin(), '/admin');
  await page.goto('/students-correction');
  await page.getByLabel('User').selectOption({ label: student.name });
  await page.getByLabel('Title', { exact: true }).fill('Essay marked');
  await page.getByLabel('Mark (optional)').fill('101');
  await page.getByRole('button', { name: 'Send Correction' }).click();
  await expect(page.getByRole('alert')).toHaveText('The mark can be at most 100.');

  await page.getByLabel('Mark (optional)').fill('85,5');
  await page.getByRole('button', { name: 'Send Correction' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Correction sent successfully' }),
  ).toBeVisible();
  // The form starts again with no mark, out of 100.
  await expect(page.getByLabel('Mark (optional)')).toHaveValue('');
  await expect(page.getByLabel('Out of')).toHaveValue('100');

  const { context, page: studentPage } = await pageSignedIn(browser, await signIn(student));
  await studentPage.goto('/assignment-results');
  const result = studentPage.getByRole('listitem').filter({ hasText: 'Essay marked' });
  await expect(result).toContainText('Mark: 85.5 / 100');
  await context.close();
});

test('a reply to a spoken answer carries its mark, kept when the reply is edited, and the student sees it', async ({
  page,
  browser,
  request,
}) => {
  const student = await createStudent({ name: `Spoken Marked ${Date.now()}` });
  const signedIn = await signIn(student);
  const adminLogin = await request.post('/api/login.php', {
    form: { username: admin().username, password: admin().password },
  });
  const headers = { Authorization: `Bearer ${(await adminLogin.json()).token}` };
  const questionText = `Describe your favourite place ${Date.now()}.`;
  const saved = await request.post('/api/save_speaking_question.php', {
    headers,
    data: {
      question_text: questionText,
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 2 * HOUR).toISOString(),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const answered = await request.post('/api/send_speaking_answer.php', {
    headers: { Authorization: `Bearer ${signedIn.token}` },
    multipart: {
      user_id: String(signedIn.userId),
      question_id: String((await saved.json()).id),
      audio_file: { name: 'answer.wav', mimeType: 'audio/wav', buffer: silentWav(96_000) },
    },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  await logIn(page, admin(), '/admin');
  await page.goto('/skill-content?tab=speaking');
  const card = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: questionText }),
  });
  await card.getByRole('button', { name: '1 answer' }).click();
  await card.getByLabel(`Reply to ${student.name}`).fill('Well organised.');
  await card.getByLabel('Mark (optional)').fill('8');
  await card.getByLabel('Out of').fill('10');
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(card.getByText('Your reply was sent.')).toBeVisible();
  // Opened again, the form shows the mark the reply has, to keep or change.
  await expect(card.getByLabel('Mark (optional)')).toHaveValue('8');
  await expect(card.getByLabel('Out of')).toHaveValue('10');

  const { context, page: studentPage } = await pageSignedIn(browser, signedIn);
  await studentPage.goto('/speaking-screen');
  const question = studentPage.getByRole('region', { name: questionText });
  await expect(question.getByRole('region', { name: 'Your teacher’s reply' })).toContainText(
    'Mark: 8 / 10',
  );
  await studentPage.goto('/assignment-results');
  await expect(studentPage.getByRole('listitem').filter({ hasText: questionText })).toContainText(
    'Mark: 8 / 10',
  );
  await context.close();
});
