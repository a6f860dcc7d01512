import { expect, test } from '@playwright/test';
import { admin, createStudent, logIn } from '../support.js';

test('a student makes three cards, practises them (one wrong), edits and deletes in the library; the admin sees the rest with levels', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await createStudent({ name: `Card Student ${Date.now()}` });
  const page = await browser.newPage();
  await logIn(page, student, '/user');
  await expect(page.getByRole('img', { name: /cards due/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Leitner Box' }).click();
  await page.getByRole('link', { name: 'Card Creator' }).click();
  await page.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByRole('dialog', { name: 'Card Creator' })).toContainText(
    'Please fill in both fields!',
  );
  await page.getByRole('button', { name: 'Close' }).click();
  for (const [front, back] of [
    ['apple', 'a red fruit'],
    ['bridge', 'crosses a river'],
    ['cloud', 'white in the sky'],
  ] as const) {
    await page.getByLabel('Front Text').fill(front);
    await page.getByLabel('Back Text').fill(back);
    await page.getByRole('button', { name: 'Add Card' }).click();
    await expect(page.getByRole('dialog', { name: 'Card Creator' })).toContainText(
      'Card added successfully!',
    );
    await page.getByRole('button', { name: 'Close' }).click();
  }

  // The home screen shows that cards are due.
  await page.goto('/user');
  await expect(page.getByRole('img', { name: '3 cards due' })).toBeVisible();

  // Practise: flip, hear, answer (one wrong), finish.
  await page.goto('/flashcardbox');
  await expect(page.getByText('Card 1 of 3')).toBeVisible();
  const flip = page.getByRole('button', { name: /^Front: apple/ });
  await flip.click();
  await expect(page.getByRole('button', { name: /^Back: a red fruit/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Front: apple/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  await expect(page.getByText('Card 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Incorrect', exact: true }).click();
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  await expect(page.getByRole('heading', { name: "You've completed the cards!" })).toBeVisible();

  // The library: edit one, delete one.
  await page.goto('/cardlibrary');
  await page.getByRole('button', { name: 'Edit cloud' }).click();
  await page.getByLabel('Back', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await page.getByLabel('Back', { exact: true }).fill('floats in the sky');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('dialog', { name: 'Card Library' })).toContainText(
    'Card updated successfully',
  );
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('floats in the sky')).toBeVisible();
  await page.getByRole('button', { name: 'Delete apple' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete card' })).toContainText(
    'Are you sure you want to delete this card?',
  );
  await page.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Card Library' })).toContainText(
    'Card deleted successfully',
  );
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('list', { name: 'Your cards' }).getByRole('listitem')).toHaveCount(2);

  // The admin sees the rest under the student's name with their levels.
  const adminPage = await browser.newPage();
  await logIn(adminPage, admin(), '/admin');
  await adminPage.getByRole('link', { name: 'Student Leitner Box' }).click();
  const group = adminPage.getByRole('button', { name: new RegExp(student.name) });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const table = adminPage.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'bridge' })).toContainText('1');
  await expect(table.getByRole('row').filter({ hasText: 'cloud' })).toContainText('2');
  await expect(
    table.getByRole('row').filter({ hasText: 'cloud' }).getByRole('cell').last(),
  ).toHaveText('Yes');
  await expect(table.getByRole('row').filter({ hasText: 'apple' })).toHaveCount(0);
  await group.click();
  await expect(table).toHaveCount(0);
  await adminPage.close();
  await page.close();
});

test('read aloud says when the browser cannot speak', async ({ page }) => {
  const student = await createStudent();
  await logIn(page, student, '/user');
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  await page.request.post('/api/add_card.php', {
    headers: { Authorization: `Bearer ${token}` },
    data: { user_id: stored.id, front_text: 'speak', back_text: 'talk' },
  });
  await page.addInitScript(() => {
    // A browser without the Web Speech API.
    Reflect.deleteProperty(window, 'speechSynthesis');
  });
  await page.goto('/flashcardbox');
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Speech synthesis is not supported in this browser.',
  );
});
