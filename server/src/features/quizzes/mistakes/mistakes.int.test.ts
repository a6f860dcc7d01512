import type { ItemResponse } from '@academy/contract/quizzes/items';
import type { ReviewOptions } from '@academy/contract/quizzes/review';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/harness.js';
import { quizCloser } from '../taking/quiz-closer.js';
import { everyKindOfItem, HOUR, insertRecording, iso } from '../taking/quiz-fixtures.js';

/**
 * Issue 51, point 6: a wrong answer offers a Leitner card (or, by the quiz's setting, makes it)
 * once the review shows the right answers, never before; making it twice answers the same card;
 * "Practise my mistakes" starts a practice quiz of the student's wrong items, counted nowhere.
 */
let t: TestApp;
let admin: TestUser;
let items: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  const passage = await insertRecording(t.database.db, admin.id, t.clock.now, 0);
  items = await everyKindOfItem(t.database.db, admin.id, t.clock.now, passage);
});
afterAll(() => t.close());

const RIGHT_AT_ONCE: Partial<ReviewOptions> = { right_answers: true };

/** A quiz of the given items (every kind by default), sent by the administrator to `to`. */
async function sentQuiz(to: TestUser, over: Record<string, unknown> = {}, itemIds = items) {
  const saved = await t.call('saveQuiz', admin.token, {
    title: 'Mistakes quiz',
    access_start: iso(t.clock.now - HOUR),
    access_end: iso(t.clock.now + 24 * HOUR),
    attempts_allowed: 0,
    parts: itemIds.map((item_id) => ({ item_id })),
    ...over,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json().id as number;
  const sent = await t.call('sendQuiz', admin.token, { quiz_id: id, user_id: to.id });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

/**
 * Answers to every kind of item (everyKindOfItem's order, not shuffled): right for the true or
 * false, partly right for the several-answer choice and the ordering, one gap and one pair
 * wrong, the number left unanswered, the rest wrong.
 */
const MIXED: (ItemResponse | null)[] = [
  { type: 'choice', chosen: ['b'] },
  { type: 'choice', chosen: ['a'] },
  { type: 'true_false', answer: true },
  { type: 'short', text: 'banana' },
  null,
  { type: 'gaps', gaps: { g1: 'went', g2: 'walked' } },
  { type: 'matching', pairs: { p1: 'x', p2: 'x' } },
  { type: 'ordering', order: ['b', 'a', 'c'] },
  { type: 'dictation', text: 'the cat jumps' },
  null,
];

/** The cards MIXED's mistakes become, in the review's order. */
const MIXED_CARDS = [
  { position: 0, part: null, front: 'The capital of France?', back: 'Paris' },
  { position: 1, part: null, front: 'Which are colours?', back: 'red; blue' },
  { position: 3, part: null, front: 'Name the mineral.', back: 'zanzibarite' },
  { position: 4, part: null, front: 'Half of 85?', back: '42.5 ± 0.25' },
  {
    position: 5,
    part: 'g1',
    front: 'Yesterday I ___ to school and she … home.',
    back: 'Yesterday I quokkawent to school and she walked home.',
  },
  { position: 6, part: 'p2', front: 'Match the animal to its sound.\ncat', back: 'meow' },
  { position: 7, part: null, front: 'Put the words in order.', back: 'I am here' },
];

/** Starts an attempt, saves `answers` (by position) and submits it; the attempt's id. */
async function take(who: TestUser, quizId: number, answers: (ItemResponse | null)[] = MIXED) {
  const started = await t.call('startQuizAttempt', who.token, { user_id: who.id, quiz_id: quizId });
  expect(started.statusCode, started.body).toBe(200);
  const attemptId = started.json().attempt_id as number;
  const given = answers.flatMap((response, position) => (response ? [{ position, response }] : []));
  if (given.length > 0) {
    const saved = await t.call('saveQuizAnswers', who.token, {
      user_id: who.id,
      attempt_id: attemptId,
      answers: given,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const submitted = await t.call('submitQuizAttempt', who.token, {
    user_id: who.id,
    attempt_id: attemptId,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return attemptId;
}

const review = async (who: TestUser, attemptId: number) => {
  const res = await t.call('quizReview', who.token, { user_id: who.id, attempt_id: attemptId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().review;
};

/** The review's cards, flattened with their item's position. */
const reviewCards = async (who: TestUser, attemptId: number) =>
  (await review(who, attemptId)).items.flatMap((item) =>
    (item.cards ?? []).map((card) => ({ position: item.position, ...card })),
  );

const makeCard = (who: TestUser, attemptId: number, position: number, part: string | null = null) =>
  t.call('makeQuizCard', who.token, { user_id: who.id, attempt_id: attemptId, position, part });

const cardsOf = (who: TestUser) =>
  t.database.db
    .selectFrom('flashcards')
    .select(['id', 'front_text', 'back_text', 'level', 'next_review_date', 'quiz_id'])
    .where('user_id', '=', who.id)
    .orderBy('id')
    .execute();

const closer = () =>
  quizCloser({
    db: t.database.db,
    now: () => t.clock.now,
    today: t.app.today,
    everyMs: 0,
    live: t.app.live,
    warn: () => {},
  });

const mistakesOf = async (who: TestUser) => {
  const res = await t.call('myQuizzes', who.token, { user_id: who.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().mistakes;
};

describe('mistakes become cards', () => {
  it('offers no card, and no cards field, before the review shows the right answers', async () => {
    const sam = await t.student({ name: 'Sam Hidden' });
    const hidden = await take(sam, await sentQuiz(sam));
    for (const item of (await review(sam, hidden)).items) expect(item).not.toHaveProperty('cards');
    const refused = await makeCard(sam, hidden, 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This quiz’s review does not show the right answers, so no card can be made from it.',
    );

    // Right answers after the window closes: nothing until then, the cards after.
    const startedAt = t.clock.now;
    const later = await sentQuiz(sam, {
      review: { when: 'after_close', right_answers: true },
      access_end: iso(startedAt + 2 * HOUR),
    });
    const attemptId = await take(sam, later);
    for (const item of (await review(sam, attemptId)).items)
      expect(item).not.toHaveProperty('cards');
    const early = await makeCard(sam, attemptId, 0);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Cards can be made once the quiz closes and its review shows the right answers.',
    );
    expect(await mistakesOf(sam)).toBe(0);
    expect(await cardsOf(sam)).toEqual([]);
    try {
      t.clock.now = startedAt + 3 * HOUR;
      expect(await reviewCards(sam, attemptId)).toEqual(
        MIXED_CARDS.map((c) => ({ ...c, made: false })),
      );
      expect((await makeCard(sam, attemptId, 0)).statusCode).toBe(200);
    } finally {
      t.clock.now = startedAt;
    }
  });

  it('lists one card per wrong item, gap or pair, and makes one in the first box, once', async () => {
    const ann = await t.student({ name: 'Ann Cards' });
    const quizId = await sentQuiz(ann, { review: RIGHT_AT_ONCE });
    const attemptId = await take(ann, quizId);
    expect(await reviewCards(ann, attemptId)).toEqual(
      MIXED_CARDS.map((c) => ({ ...c, made: false })),
    );
    // A right answer, a dictation and a spoken answer have no cards field at all.
    const items2 = (await review(ann, attemptId)).items;
    for (const position of [2, 8, 9]) expect(items2[position]).not.toHaveProperty('cards');

    const made = await makeCard(ann, attemptId, 0);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().message).toBe('The card was added to your Leitner box.');
    const cardId = made.json().card_id;
    expect(await cardsOf(ann)).toEqual([
      {
        id: cardId,
        front_text: 'The capital of France?',
        back_text: 'Paris',
        level: 1,
        next_review_date: t.app.today(),
        quiz_id: quizId,
      },
    ]);
    // Due now in the Leitner box, as any new card.
    const due = (await t.call('getCards', ann.token, { user_id: ann.id })).json();
    expect(due.map((c: { id: number }) => c.id)).toContain(cardId);

    // Made again (a replay, a second tap): the same card, none added.
    const again = await makeCard(ann, attemptId, 0);
    expect(again.json()).toMatchObject({
      card_id: cardId,
      message: 'This card is in your Leitner box already.',
    });
    expect(await cardsOf(ann)).toHaveLength(1);

    // Two makes at once (two tabs, a double tap): one card.
    const [one, two] = await Promise.all([
      makeCard(ann, attemptId, 3),
      makeCard(ann, attemptId, 3),
    ]);
    expect(one?.json().card_id).toBe(two?.json().card_id);
    expect(await cardsOf(ann)).toHaveLength(2);
    await t.call('deleteCard', ann.token, { user_id: ann.id, card_id: one?.json().card_id });

    // A gap and a pair are cards of their own.
    const gap = await makeCard(ann, attemptId, 5, 'g1');
    expect(gap.statusCode, gap.body).toBe(200);
    const pair = await makeCard(ann, attemptId, 6, 'p2');
    expect(pair.statusCode, pair.body).toBe(200);
    expect((await cardsOf(ann)).map((c) => [c.front_text, c.back_text])).toEqual([
      ['The capital of France?', 'Paris'],
      [MIXED_CARDS[4]?.front, MIXED_CARDS[4]?.back],
      ['Match the animal to its sound.\ncat', 'meow'],
    ]);
    const shown = await reviewCards(ann, attemptId);
    expect(shown.filter((c) => c.made).map((c) => c.position)).toEqual([0, 5, 6]);

    // The same mistake in a later attempt is the card the student has already.
    const second = await take(ann, quizId);
    expect((await reviewCards(ann, second)).find((c) => c.position === 0)?.made).toBe(true);
    expect((await makeCard(ann, second, 0)).json().card_id).toBe(cardId);
    expect(await cardsOf(ann)).toHaveLength(3);
  });

  it('refuses a card for what is not a mistake, with words that say why', async () => {
    const cy = await t.student({ name: 'Cy Refused' });
    const other = await t.student({ name: 'Other Student' });
    const quizId = await sentQuiz(cy, { review: RIGHT_AT_ONCE });
    const attemptId = await take(cy, quizId);
    const refusals: [number, string | null, number, string][] = [
      [2, null, 409, 'Question 3 was answered right: there is no mistake to make a card of.'],
      [8, null, 409, 'Question 9 is a dictation: it cannot become a card.'],
      [9, null, 409, 'Question 10 is a spoken answer: it cannot become a card.'],
      [5, null, 400, 'Please choose which gap of Question 6 to make a card of.'],
      [5, 'g9', 400, 'Question 6 has no such gap.'],
      [5, 'g2', 409, 'That gap of Question 6 was right: there is no mistake to make a card of.'],
      [6, 'p1', 409, 'That pair of Question 7 was right: there is no mistake to make a card of.'],
      [0, 'a', 400, 'Question 1 makes one card: it has no parts.'],
      [40, null, 404, 'Question 41 is not in this attempt.'],
    ];
    for (const [position, part, status, message] of refusals) {
      const res = await makeCard(cy, attemptId, position, part);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
    }
    // Another student's attempt is one that does not exist.
    const theirs = await take(other, await sentQuiz(other, { review: RIGHT_AT_ONCE }));
    const foreign = await makeCard(cy, theirs, 0);
    expect({ status: foreign.statusCode, message: foreign.json().message }).toEqual({
      status: 404,
      message: 'No such attempt.',
    });
    // An attempt going on has no review yet.
    const started = await t.call('startQuizAttempt', cy.token, { user_id: cy.id, quiz_id: quizId });
    const open = await makeCard(cy, started.json().attempt_id, 0);
    expect({ status: open.statusCode, message: open.json().message }).toEqual({
      status: 409,
      message: 'This attempt is still going on: submit it, then make cards from its review.',
    });
    expect(await cardsOf(cy)).toEqual([]);
    expect(await cardsOf(other)).toEqual([]);
  });
});

describe("a quiz set to 'make'", () => {
  it('makes every card at the close when the review shows right answers at once, once', async () => {
    const dee = await t.student({ name: 'Dee Made' });
    const quizId = await sentQuiz(dee, { review: RIGHT_AT_ONCE, cards: 'make' });
    const attemptId = await take(dee, quizId);
    const cards = await cardsOf(dee);
    expect(cards.map((c) => [c.front_text, c.back_text])).toEqual(
      MIXED_CARDS.map((c) => [c.front, c.back]),
    );
    expect(new Set(cards.map((c) => c.quiz_id))).toEqual(new Set([quizId]));
    expect((await reviewCards(dee, attemptId)).every((c) => c.made)).toBe(true);
    // A card the student deletes is not made again: not by the review, nor by the closer.
    const [first] = cards;
    const deleted = await t.call('deleteCard', dee.token, {
      user_id: dee.id,
      card_id: first?.id ?? 0,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await review(dee, attemptId);
    await closer().runOnce();
    expect(await cardsOf(dee)).toHaveLength(MIXED_CARDS.length - 1);
    // A second attempt's same mistakes are the cards the student has: none doubled.
    await take(dee, quizId);
    expect(await cardsOf(dee)).toHaveLength(MIXED_CARDS.length);
  });

  it('makes them with the leased closer once the window closes, for a review after close', async () => {
    const eve = await t.student({ name: 'Eve Closer' });
    const startedAt = t.clock.now;
    const quizId = await sentQuiz(eve, {
      review: { when: 'after_close', right_answers: true },
      cards: 'make',
      access_end: iso(startedAt + 2 * HOUR),
    });
    const attemptId = await take(eve, quizId);
    const worker = closer();
    try {
      await worker.runOnce();
      expect(await cardsOf(eve)).toEqual([]);
      t.clock.now = startedAt + 3 * HOUR;
      await worker.runOnce();
      expect(await cardsOf(eve)).toHaveLength(MIXED_CARDS.length);
      const made = await t.database.db
        .selectFrom('quiz_attempts')
        .select('cards_made_at')
        .where('id', '=', attemptId)
        .executeTakeFirstOrThrow();
      expect(made.cards_made_at).toBe(t.clock.now);
      // Run again, and the review read: nothing made twice.
      await worker.runOnce();
      expect((await reviewCards(eve, attemptId)).every((c) => c.made)).toBe(true);
      expect(await cardsOf(eve)).toHaveLength(MIXED_CARDS.length);
    } finally {
      t.clock.now = startedAt;
    }
  });
});

describe('practise my mistakes', () => {
  const practise = (who: TestUser) =>
    t.call('practiseQuizMistakes', who.token, { user_id: who.id });

  it('counts the mistakes a practice would draw from, and refuses a practice without any', async () => {
    const fay = await t.student({ name: 'Fay Count' });
    expect(await mistakesOf(fay)).toBe(0);
    const none = await practise(fay);
    expect({ status: none.statusCode, message: none.json().message }).toEqual({
      status: 409,
      message:
        'You have no mistakes to practise yet: they come from quizzes whose review shows the right answers.',
    });
    // A review that hides the right answers counts nothing.
    await take(fay, await sentQuiz(fay));
    expect(await mistakesOf(fay)).toBe(0);
    // Every item not fully right but the spoken one (nobody marks a practice's): 8 of 10.
    await take(fay, await sentQuiz(fay, { review: RIGHT_AT_ONCE }));
    expect(await mistakesOf(fay)).toBe(8);
    // The same items wrong again are the same mistakes.
    await take(fay, await sentQuiz(fay, { review: RIGHT_AT_ONCE }));
    expect(await mistakesOf(fay)).toBe(8);
  });

  it('starts a practice of the wrong items, counted nowhere, and answers the one going on', async () => {
    const gus = await t.student({ name: 'Gus Practice' });
    await take(gus, await sentQuiz(gus, { review: RIGHT_AT_ONCE }));
    const res = await practise(gus);
    expect(res.statusCode, res.body).toBe(200);
    const { quiz_id: quizId, attempt_id: attemptId, message } = res.json();
    expect(message).toBe(
      'Your practice has started: 8 questions you got wrong. It is not marked for anyone.',
    );
    const quiz = await t.database.db
      .selectFrom('quizzes')
      .selectAll()
      .where('id', '=', quizId)
      .executeTakeFirstOrThrow();
    expect(quiz).toMatchObject({
      kind: 'practice',
      practice_for: gus.id,
      access_start: t.clock.now,
      access_end: t.clock.now + 7 * 24 * HOUR,
      time_limit_seconds: null,
      attempts_allowed: 0,
      cards: 'offer',
    });
    expect(JSON.parse(quiz.review)).toEqual({
      when: 'at_once',
      score: true,
      answers: true,
      right_answers: true,
      feedback: true,
    });
    const attempt = (
      await t.call('getQuizAttempt', gus.token, { user_id: gus.id, attempt_id: attemptId })
    ).json().attempt;
    expect(attempt.state).toBe('open');
    const drawn = attempt.items.map((i: { prompt: string }) => i.prompt).sort();
    expect(drawn).toEqual(
      [
        'The capital of France?',
        'Which are colours?',
        'Name the mineral.',
        'Half of 85?',
        'Fill the gaps.',
        'Match the animal to its sound.',
        'Put the words in order.',
        'Write what you hear.',
      ].sort(),
    );
    // Asked again while it goes on: the same practice.
    expect((await practise(gus)).json()).toMatchObject({
      quiz_id: quizId,
      attempt_id: attemptId,
      message: 'Your practice goes on: finish it before starting another.',
    });
    // Not in any staff list; staff cannot read its attempts as a quiz's.
    const listed = (await t.call('listQuizzes', admin.token, {})).json().quizzes;
    expect(listed.map((q: { id: number }) => q.id)).not.toContain(quizId);
    expect((await t.call('quizAttempts', admin.token, { quiz_id: quizId })).statusCode).toBe(404);
    // The student's list shows it.
    const mine = (await t.call('myQuizzes', gus.token, { user_id: gus.id })).json().quizzes;
    expect(mine.find((q: { id: number }) => q.id === quizId)).toMatchObject({
      kind: 'practice',
      open_attempt_id: attemptId,
    });
  });

  it('starts one practice for two taps at once', async () => {
    const ivy = await t.student({ name: 'Ivy Taps' });
    await take(ivy, await sentQuiz(ivy, { review: RIGHT_AT_ONCE }));
    const [one, two] = await Promise.all([practise(ivy), practise(ivy)]);
    expect(one?.statusCode, one?.body).toBe(200);
    expect(two?.json()).toMatchObject({
      quiz_id: one?.json().quiz_id,
      attempt_id: one?.json().attempt_id,
    });
    const practices = await t.database.db
      .selectFrom('quizzes')
      .select('id')
      .where('practice_for', '=', ivy.id)
      .execute();
    expect(practices).toHaveLength(1);
  });

  it('takes an item off the list once practised right, and a new practice closes the last', async () => {
    const hal = await t.student({ name: 'Hal Again' });
    const original = await take(
      hal,
      await sentQuiz(hal, { review: RIGHT_AT_ONCE }, [items[0] as number, items[3] as number]),
      [
        { type: 'choice', chosen: ['b'] },
        { type: 'short', text: 'banana' },
      ],
    );
    expect(await mistakesOf(hal)).toBe(2);
    const mineral = (await makeCard(hal, original, 1)).json().card_id;
    const first = (await practise(hal)).json();
    const layout = (
      await t.call('getQuizAttempt', hal.token, { user_id: hal.id, attempt_id: first.attempt_id })
    ).json().attempt.items as { position: number; prompt: string }[];
    // The capital answered right, the mineral wrong again.
    const answers = layout.map((i) => ({
      position: i.position,
      response: (i.prompt === 'The capital of France?'
        ? { type: 'choice', chosen: ['a'] }
        : { type: 'short', text: 'pear' }) as ItemResponse,
    }));
    await t.call('saveQuizAnswers', hal.token, {
      user_id: hal.id,
      attempt_id: first.attempt_id,
      answers,
    });
    await t.call('submitQuizAttempt', hal.token, { user_id: hal.id, attempt_id: first.attempt_id });
    expect(await mistakesOf(hal)).toBe(1);
    // The practice's review lists the card of its mistake, as any review showing right
    // answers: the card made from the quiz it came from, which making it again answers.
    expect(await reviewCards(hal, first.attempt_id)).toEqual([
      expect.objectContaining({ front: 'Name the mineral.', back: 'zanzibarite', made: true }),
    ]);
    const practisedPosition = layout.find((i) => i.prompt === 'Name the mineral.')?.position ?? 0;
    expect((await makeCard(hal, first.attempt_id, practisedPosition)).json().card_id).toBe(mineral);
    expect(await cardsOf(hal)).toHaveLength(1);

    const second = (await practise(hal)).json();
    expect(second.quiz_id).not.toBe(first.quiz_id);
    expect(second.message).toBe(
      'Your practice has started: 1 question you got wrong. It is not marked for anyone.',
    );
    const quizzes = (await t.call('myQuizzes', hal.token, { user_id: hal.id })).json().quizzes;
    const stateOf = (id: number) => quizzes.find((q: { id: number }) => q.id === id)?.state;
    expect([stateOf(first.quiz_id), stateOf(second.quiz_id)]).toEqual(['closed', 'open']);
  });
});
