import { expect, type Page, type Route, test } from '@playwright/test';
import { admin, createStudent, logIn } from '../support.js';

/** Adds cards through the Card Creator (already open), checking each one's popup. */
async function addCards(page: Page, cards: [front: string, back: string][]) {
  for (const [front, back] of cards) {
    await page.getByLabel('Front Text').fill(front);
    await page.getByLabel('Back Text').fill(back);
    await page.getByRole('button', { name: 'Add Card' }).click();
    await expect(page.getByRole('dialog', { name: 'Card Creator' })).toContainText(
      'Card added successfully!',
    );
    await page.getByRole('button', { name: 'Close' }).click();
  }
}

test('a student makes three cards, practises them (one wrong), edits and deletes in the library; the admin sees the rest with levels', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await createStudent({ name: `Card Student ${Date.now()}` });
  const page = await browser.newPage();
  await logIn(page, student, '/user');
  // No cards, no indicator: once the count is known (the tile is no longer busy with it).
  await expect(page.getByRole('link', { name: 'Leitner Box' })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await expect(page.getByRole('img', { name: /cards due/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Leitner Box' }).click();
  await page.getByRole('link', { name: 'Card Creator' }).click();
  await page.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByRole('dialog', { name: 'Card Creator' })).toContainText(
    'Please fill in both fields!',
  );
  await page.getByRole('button', { name: 'Close' }).click();
  await addCards(page, [
    ['apple', 'a red fruit'],
    ['bridge', 'crosses a river'],
    ['cloud', 'white in the sky'],
  ]);

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
  // The Level cell itself (columns: Front, Back, Level, …), not any '1' in a date.
  const level = (front: string) =>
    table.getByRole('row').filter({ hasText: front }).getByRole('cell').nth(2);
  await expect(level('bridge')).toHaveText('1');
  await expect(level('cloud')).toHaveText('2');
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

test('the Challenge starts from the cards as they are now: opened empty, then cards added, edited and deleted, it practises the new ones (also over plain HTTP, without crypto.randomUUID)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Plain HTTP on a school network is not a secure context: no crypto.randomUUID there.
  await page.addInitScript(() => {
    Reflect.deleteProperty(Crypto.prototype, 'randomUUID');
  });
  const student = await createStudent();
  await logIn(page, student, '/user');

  // No cards at all: nothing was completed, and the way to the Card Creator is offered.
  await page.getByRole('link', { name: 'Leitner Box' }).click();
  await page.getByRole('link', { name: 'Flashcard Challenge' }).click();
  await expect(page.getByRole('heading', { name: 'You have no cards yet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You've completed the cards!" })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'You have no cards yet' })).toHaveCount(
    1,
  );

  // Add three cards without leaving the app, so the old (empty) due list is still in the cache.
  await page.getByRole('link', { name: 'Open the Card Creator' }).click();
  await expect(page).toHaveURL('/addcard');
  await addCards(page, [
    ['north', 'up on a map'],
    ['south', 'down on a map'],
    ['east', 'where the sun rises'],
  ]);
  await page.getByRole('link', { name: 'Back to Leitner Box' }).click();
  await page.getByRole('link', { name: 'Flashcard Challenge' }).click();
  await expect(page.getByText('Card 1 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Front: north/ })).toBeVisible();

  // Edit one and delete one in the library; the Challenge shows the cards as they are now.
  await page.getByRole('link', { name: 'Back to Leitner Box' }).first().click();
  await page.getByRole('link', { name: 'Card Library' }).click();
  await page.getByRole('button', { name: 'Edit south' }).click();
  await page.getByLabel('Back', { exact: true }).fill('down on every map');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Delete north' }).click();
  await page.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Card Library' })).toContainText(
    'Card deleted successfully',
  );
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'Back to Leitner Box' }).first().click();
  await page.getByRole('link', { name: 'Flashcard Challenge' }).click();
  await expect(page.getByText('Card 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: /^Front: south/ }).click();
  await expect(page.getByRole('button', { name: /^Back: down on every map/ })).toBeVisible();

  // Answers reach the server (no 'Error updating card'), one after the other.
  for (const label of ['Correct', 'Incorrect']) {
    const answered = page.waitForResponse((r) => r.url().includes('/api/update_card.php'));
    await page.getByRole('button', { name: label, exact: true }).click();
    expect((await answered).status()).toBe(200);
  }
  await expect(page.getByRole('heading', { name: "You've completed the cards!" })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: "You've completed the cards!" }),
  ).toHaveCount(1);
  await expect(page.getByText('You practised 2 cards.')).toBeVisible();

  // Opened again with cards but none due: done for now, not 'no cards yet'.
  await page.getByRole('link', { name: 'Back to Leitner Box' }).first().click();
  await page.getByRole('link', { name: 'Flashcard Challenge' }).click();
  await expect(page.getByRole('heading', { name: "You've completed the cards!" })).toBeVisible();
  await expect(page.getByText('No cards are due right now.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the next card starts front up, without turning over and showing its answer', async ({
  page,
}) => {
  const student = await createStudent();
  await logIn(page, student, '/user');
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  for (const [front, back] of [
    ['first', 'secret one'],
    ['second', 'secret two'],
  ]) {
    await page.request.post('/api/add_card.php', {
      headers: { Authorization: `Bearer ${token}` },
      data: { user_id: stored.id, front_text: front, back_text: back },
    });
  }
  await page.goto('/flashcardbox');
  await page.getByRole('button', { name: /^Front: first/ }).click();
  await expect(page.getByRole('button', { name: /^Back: secret one/ })).toBeVisible();
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  const next = page.getByRole('button', { name: /^Front: second/ });
  await expect(next).toHaveAttribute('aria-pressed', 'false');
  // A new card element: not rotated at all, not on its way back from the answer side.
  expect(await next.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
});

test('a card of 500 characters grows on a phone instead of covering the count and the buttons', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const student = await createStudent();
  await logIn(page, student, '/user');
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  const long = (word: string) => `${word} `.repeat(200).slice(0, 499);
  await page.request.post('/api/add_card.php', {
    headers: { Authorization: `Bearer ${token}` },
    data: { user_id: stored.id, front_text: long('question'), back_text: long('answer') },
  });
  await page.goto('/flashcardbox');
  const count = page.getByText('Card 1 of 1');
  const card = page.getByRole('button', { name: /^Front: question/ });
  const readAloud = page.getByRole('button', { name: 'Read aloud' });
  await expect(card).toBeVisible();

  const check = async () => {
    const [countBox, cardBox, readBox] = await Promise.all([
      count.boundingBox(),
      page.locator('[aria-pressed]').boundingBox(),
      readAloud.boundingBox(),
    ]);
    if (!countBox || !cardBox || !readBox) throw new Error('missing element');
    // Every face stays inside the card, and the card between the count and the button.
    for (const face of await page.locator('[aria-pressed] > span').all()) {
      const box = await face.boundingBox();
      if (!box) throw new Error('missing face');
      expect(box.y).toBeGreaterThanOrEqual(cardBox.y - 1);
      expect(box.y + box.height).toBeLessThanOrEqual(cardBox.y + cardBox.height + 1);
    }
    expect(countBox.y + countBox.height).toBeLessThanOrEqual(cardBox.y);
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(readBox.y);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
  };
  await check();
  await page.screenshot({ path: test.info().outputPath('long-card-front.png'), fullPage: true });
  await card.click();
  await expect(page.getByRole('button', { name: /^Back: answer/ })).toBeVisible();
  // The turn is a CSS transition: measure once it has finished.
  await page
    .locator('[aria-pressed]')
    .evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((turn) => turn.finished)),
    );
  await check();
  await page.screenshot({ path: test.info().outputPath('long-card-back.png'), fullPage: true });
  await page.close();
});

test('the card library: every failure in a popup, and focus into the edit form and back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const student = await createStudent();
  await logIn(page, student, '/user');
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  await page.request.post('/api/add_card.php', {
    headers: { Authorization: `Bearer ${token}` },
    data: { user_id: stored.id, front_text: 'river', back_text: 'flows to the sea' },
  });
  const popup = page.getByRole('dialog', { name: 'Card Library' });
  const refuse = (message: string) => (route: Route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message }),
    });
  const close = () => popup.getByRole('button', { name: 'Close' }).click();

  // Fetching: the server's reason, then a lost connection.
  await page.route('**/api/get_user_cards.php', refuse('The library is closed.'));
  await page.goto('/cardlibrary');
  await expect(popup).toContainText('Error fetching cards: The library is closed.');
  await close();
  await page.unroute('**/api/get_user_cards.php');
  await page.route('**/api/get_user_cards.php', (route) => route.abort());
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(popup).toContainText('An error occurred while fetching cards.');
  await close();
  await page.unroute('**/api/get_user_cards.php');
  await page.getByRole('button', { name: 'Try again' }).click();
  const edit = page.getByRole('button', { name: 'Edit river' });
  await expect(edit).toBeVisible();

  // Edit moves focus into the form; Cancel brings it back.
  await edit.click();
  await expect(page.getByLabel('Front', { exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeFocused();

  // Updating: the server's reason, then a lost connection; focus comes back after the popup.
  await page.route('**/api/student_update_card.php', refuse('Too long.'));
  await edit.click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(popup).toContainText('Error updating card: Too long.');
  await close();
  await expect(edit).toBeFocused();
  await page.unroute('**/api/student_update_card.php');
  await page.route('**/api/student_update_card.php', (route) => route.abort());
  await edit.click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(popup).toContainText('An error occurred while updating the card.');
  await close();
  await page.unroute('**/api/student_update_card.php');

  // Deleting: the server's reason, then a lost connection.
  await page.route('**/api/delete_card.php', refuse('Card not found.'));
  await page.getByRole('button', { name: 'Delete river' }).click();
  await page.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(popup).toContainText('Error deleting card: Card not found.');
  await close();
  await page.unroute('**/api/delete_card.php');
  await page.route('**/api/delete_card.php', (route) => route.abort());
  await page.getByRole('button', { name: 'Delete river' }).click();
  await page.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(popup).toContainText('An error occurred while deleting the card.');
  await close();
  await expect(edit).toBeVisible();
});

test('the admin opens a student with more than 1,000 cards and shows the rest', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await createStudent({ name: `Busy Carder ${Date.now()}` });
  const page = await browser.newPage();
  await logIn(page, student, '/user');
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  const total = 1_003;
  for (let start = 1; start <= total; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, total - start + 1) }, (_, i) =>
        page.request.post('/api/add_card.php', {
          headers: { Authorization: `Bearer ${token}` },
          data: { user_id: stored.id, front_text: `word ${start + i}`, back_text: 'meaning' },
        }),
      ),
    );
  }
  await page.close();

  const adminPage = await browser.newPage();
  await logIn(adminPage, admin(), '/admin');
  await adminPage.goto('/studentleitnerbox');
  await adminPage.getByLabel('Search').fill(student.name);
  await adminPage.getByRole('button', { name: new RegExp(student.name) }).click();
  const rows = adminPage
    .getByRole('table', { name: `Cards of ${student.name}` })
    .locator('tbody tr');
  await expect(rows).toHaveCount(1_000);
  await expect(adminPage.getByText(`Showing 1000 of ${total} cards`)).toBeVisible();
  await adminPage.getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(total);
  await expect(adminPage.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await adminPage.close();
});
