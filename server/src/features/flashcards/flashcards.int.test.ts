import { ALL_CARDS_PAGE_SIZE } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../test-support/interleave.js';
import { recordAnswer } from './flashcards-data.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // 21:00 UTC on 22 November: already the 23rd in the academy's zone (Tehran, UTC+3:30).
  t = await createTestApp({
    env: { ACADEMY_TZ: 'Asia/Tehran' },
    startAt: Date.UTC(2026, 10, 22, 21, 0),
  });
  admin = await t.admin();
});
afterAll(() => t.close());

const add = (s: TestUser, front: string, back = 'back') =>
  t.call('addCard', s.token, { user_id: s.id, front_text: front, back_text: back });
const answer = (s: TestUser, id: number, wasCorrect: string, answerId?: string) =>
  t.callUnchecked('updateCard', s.token, {
    id,
    user_id: s.id,
    was_correct: wasCorrect,
    ...(answerId ? { answer_id: answerId } : {}),
  });

describe('the Leitner box', () => {
  it('adds a card due today (the academy’s today) and counts it to review', async () => {
    const s = await t.student();
    const res = await add(s, 'apple', 'سیب');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Card added successfully!',
      card: {
        front_text: 'apple',
        back_text: 'سیب',
        level: 1,
        next_review_date: '2026-11-23',
        last_done_date: null,
        done_today: 0,
      },
    });
    expect((await t.call('getCardsToReview', s.token, { user_id: s.id })).json()).toEqual({
      success: true,
      cards_to_review: 1,
    });
    const due = (await t.call('getCards', s.token, { user_id: s.id })).json();
    expect(due).toEqual([
      {
        id: expect.any(Number),
        user_id: s.id,
        front_text: 'apple',
        back_text: 'سیب',
        level: 1,
        next_review_date: '2026-11-23',
        last_done_date: null,
        done_today: 0,
        from_teacher: 0,
      },
    ]);
  });

  it('answers move cards through the levels; a wrong answer sends one back; practised cards leave the due list', async () => {
    const s = await t.student();
    const a = (await add(s, 'one')).json().card.id;
    const b = (await add(s, 'two')).json().card.id;
    const right = await answer(s, a, 'true');
    expect(right.json()).toMatchObject({
      success: true,
      message: 'Card updated successfully',
      card: {
        level: 2,
        next_review_date: '2026-11-24',
        last_done_date: '2026-11-23',
        done_today: 1,
      },
    });
    const wrong = await answer(s, b, 'false');
    expect(wrong.json().card).toMatchObject({ level: 1, next_review_date: '2026-11-24' });
    expect((await t.call('getCards', s.token, { user_id: s.id })).json()).toEqual([]);
    expect(
      (await t.call('getCardsToReview', s.token, { user_id: s.id })).json().cards_to_review,
    ).toBe(0);
    t.clock.now += 24 * 3_600_000;
    expect(
      (await t.call('getCards', s.token, { user_id: s.id }))
        .json()
        .map((c: { id: number }) => c.id),
    ).toEqual([b, a]);
    t.clock.now -= 24 * 3_600_000;
  });

  it('applies an answer sent twice with the same answer id once', async () => {
    const s = await t.student();
    const id = (await add(s, 'once')).json().card.id;
    const first = await answer(s, id, 'true', 'answer-0001-abcdef');
    const again = await answer(s, id, 'true', 'answer-0001-abcdef');
    expect(first.json().card.level).toBe(2);
    expect(again.statusCode).toBe(200);
    expect(again.json().card.level).toBe(2);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'moves a card twice for two right answers at once from two tabs',
    async () => {
      const db = t.database.db;
      const s = await t.student();
      const id = (await add(s, 'twice')).json().card.id as number;
      // The second tab's answer arrives just after the first's has read the card.
      let other: ReturnType<typeof answer> | undefined;
      const paused = pausedAfterRead(db, { from: 'flashcards' }, async (trx) => {
        other = answer(s, id, 'true', 'answer-tab-two-0001');
        await finishedOrBlockedBy(db, other, trx);
      });
      await recordAnswer(
        paused,
        { cardId: id, userId: s.id, wasCorrect: true, answerId: 'answer-tab-one-0001' },
        '2026-11-23',
        t.clock.now,
      );
      expect((await other)?.json().card.level).toBe(3);
    },
  );

  it('refuses was_correct other than the strings true and false', async () => {
    const s = await t.student();
    const id = (await add(s, 'x')).json().card.id;
    for (const value of [true, 'yes', '1', '']) {
      const res = await t.callUnchecked('updateCard', s.token, {
        id,
        user_id: s.id,
        was_correct: value,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('edits and deletes own cards; the library shows them all', async () => {
    const s = await t.student();
    const id = (await add(s, 'front')).json().card.id;
    const edit = await t.call('studentUpdateCard', s.token, {
      user_id: s.id,
      card_id: id,
      front_text: 'new front',
      back_text: 'new back',
    });
    expect(edit.json()).toEqual({ success: true, message: 'Card updated successfully' });
    const library = (await t.call('getUserCards', s.token, { user_id: s.id })).json();
    expect(library).toMatchObject({
      success: true,
      cards: [{ id, front_text: 'new front', back_text: 'new back' }],
    });
    expect(
      (
        await t.call('studentUpdateCard', s.token, {
          user_id: s.id,
          card_id: id,
          front_text: '',
          back_text: 'b',
        })
      ).statusCode,
    ).toBe(400);
    const del = await t.call('deleteCard', s.token, { card_id: id, user_id: s.id });
    expect(del.json()).toEqual({ success: true, message: 'Card deleted successfully' });
    expect((await t.call('getUserCards', s.token, { user_id: s.id })).json()).toEqual({
      success: true,
      cards: [],
      message: 'No cards available',
    });
  });

  it.each([
    [{ front_text: '', back_text: 'b' }],
    [{ front_text: 'f', back_text: '   ' }],
    [{ front_text: 'f' }],
  ])('refuses a card without both texts: %o', async (texts) => {
    const s = await t.student();
    const res = await t.callUnchecked('addCard', s.token, { user_id: s.id, ...texts });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please fill in both fields!');
  });

  it('keeps every card call to its owner, and nothing changes when refused', async () => {
    const sara = await t.student();
    const omid = await t.student();
    const id = (await add(sara, 'mine')).json().card.id;
    expect((await answer(omid, id, 'true')).statusCode).toBe(404);
    expect(
      (
        await t.call('updateCard', omid.token, {
          id,
          user_id: sara.id,
          was_correct: 'true',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('studentUpdateCard', omid.token, {
          user_id: omid.id,
          card_id: id,
          front_text: 'x',
          back_text: 'y',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call('deleteCard', omid.token, { card_id: id, user_id: omid.id })).statusCode,
    ).toBe(404);
    expect((await t.call('getCards', omid.token, { user_id: sara.id })).statusCode).toBe(403);
    expect((await t.call('getUserCards', omid.token, { user_id: sara.id })).statusCode).toBe(403);
    expect(
      (
        await t.call('addCard', omid.token, {
          user_id: sara.id,
          front_text: 'a',
          back_text: 'b',
        })
      ).statusCode,
    ).toBe(403);
    const still = (await t.call('getUserCards', sara.token, { user_id: sara.id })).json().cards;
    expect(still).toMatchObject([{ id, front_text: 'mine', level: 1 }]);
    expect((await t.call('getAllUsersCards', sara.token, {})).statusCode).toBe(403);
    expect((await t.call('getCardsToReview', undefined, { user_id: '1' })).statusCode).toBe(401);
  });

  it('shows the admin every student’s cards by name, and the owners with counts', async () => {
    const s = await t.student({ name: 'Aaron First' });
    await add(s, 'card a');
    await add(s, 'card b');
    const all = (await t.call('getAllUsersCards', admin.token, { user_id: s.id })).json();
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({
      user_id: s.id,
      user_name: 'Aaron First',
      front_text: 'card a',
      level: 1,
      done_today: 0,
    });
    const owners = (await t.call('cardOwners', admin, { q: 'aaron fir' })).json();
    expect(owners).toMatchObject({ success: true, page: 1, has_more: false });
    expect(owners.owners).toEqual([
      { user_id: s.id, user_name: 'Aaron First', cards_count: 2, due_count: 2 },
    ]);
    const error = await t.call('getAllUsersCards', admin.token, { page: 'zero' });
    expect(error.statusCode).toBe(400);
    expect(error.json()).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('pages get_allusers_cards by 1,000: without parameters the first page, then page=2 and on', async () => {
    const fresh = await createTestApp();
    try {
      const a = await fresh.admin();
      const s = await fresh.student({ name: 'Many Cards' });
      const total = ALL_CARDS_PAGE_SIZE + 1;
      await fresh.database.db
        .insertInto('flashcards')
        .values(
          Array.from({ length: total }, (_, i) => ({
            user_id: s.id,
            front_text: `card ${i + 1}`,
            back_text: 'back',
            level: 1,
            next_review_date: '2026-11-22',
            last_done_date: null,
            created_at: fresh.clock.now,
            updated_at: fresh.clock.now,
          })),
        )
        .execute();
      const cards = async (query: string) =>
        (
          await fresh.inject({
            method: 'GET',
            url: `/api/get_allusers_cards.php${query}`,
            headers: bearer(a.token),
          })
        ).json();
      const noParameters = await cards('');
      expect(noParameters).toHaveLength(ALL_CARDS_PAGE_SIZE);
      expect(noParameters[0]).toMatchObject({ front_text: 'card 1', user_name: 'Many Cards' });
      expect(await cards(`?user_id=${s.id}`)).toEqual(noParameters);
      const second = await cards(`?user_id=${s.id}&page=2`);
      expect(second.map((c: { front_text: string }) => c.front_text)).toEqual([`card ${total}`]);
      expect(await cards('?page=3')).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('cards from the teacher', () => {
  it("are added by an administrator to a student's box, marked so, and practised like the student's own", async () => {
    const s = await t.student();
    await add(s, 'own card');
    const fromTeacher = await t.call('addCard', admin.token, {
      user_id: s.id,
      front_text: 'I have went',
      back_text: 'I have gone',
    });
    expect(fromTeacher.statusCode).toBe(200);
    expect(fromTeacher.json().card).toMatchObject({ user_id: s.id, level: 1, from_teacher: 1 });

    const library = (await t.call('getUserCards', s.token, { user_id: s.id })).json();
    expect(
      library.cards.map((c: { front_text: string; from_teacher: number }) => [
        c.front_text,
        c.from_teacher,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['own card', 0],
        ['I have went', 1],
      ]),
    );
    const due = (await t.call('getCards', s.token, { user_id: s.id })).json();
    expect(due.map((c: { front_text: string }) => c.front_text)).toContain('I have went');
  });

  it("cannot be added by a student to another student's box", async () => {
    const [s, other] = [await t.student(), await t.student()];
    const res = await t.call('addCard', s.token, {
      user_id: other.id,
      front_text: 'x',
      back_text: 'y',
    });
    expect(res.statusCode).toBe(403);
  });
});
