import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

let t: TestApp;
let admin: TestUser;
// Tehran is UTC+3:30. 21:00 UTC on Sunday 22 November 2026 is already Monday the 23rd there:
// the academy's week (Saturday to Friday) runs from the 21st to the 27th.
const START = Date.UTC(2026, 10, 22, 21, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
beforeAll(async () => {
  t = await createTestApp({ env: { ACADEMY_TZ: 'Asia/Tehran' }, startAt: START });
  admin = await t.admin();
});
afterAll(() => t.close());

const add = async (s: TestUser, front: string) =>
  (await t.call('addCard', s.token, { user_id: s.id, front_text: front, back_text: 'b' })).json()
    .card.id as number;
const answer = async (s: TestUser, id: number, wasCorrect: boolean) => {
  const res = await t.callUnchecked('updateCard', s.token, {
    id,
    user_id: s.id,
    was_correct: String(wasCorrect),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const progress = async (s: TestUser, as: TestUser = s) => {
  const res = await t.call('getLeitnerProgress', as.token, { user_id: s.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/get_leitner_progress.php', () => {
  it('is all zeros for a student with no cards, with the academy’s today and week', async () => {
    t.clock.now = START;
    const s = await t.student();
    expect(await progress(s)).toEqual({
      success: true,
      levels: [1, 2, 3, 4, 5].map((level) => ({ level, cards: 0 })),
      retired: 0,
      due_today: 0,
      due_this_week: 0,
      answered_this_week: 0,
      streak_days: 0,
      practised_today: false,
      today: '2026-11-23',
      week_start: '2026-11-21',
      week_end: '2026-11-27',
    });
  });

  it('counts cards per level, retired, due today and due by Friday', async () => {
    t.clock.now = START;
    const s = await t.student();
    const a = await add(s, 'a');
    const b = await add(s, 'b');
    const c = await add(s, 'c');
    await add(s, 'd');
    // a: level 2, due tomorrow (in the week); b: level 1, due tomorrow after a wrong answer.
    await answer(s, a, true);
    await answer(s, b, false);
    // c: through every level to retired, a day apart each time the card is due.
    for (const wait of [0, 1, 2, 4, 8]) {
      t.clock.now += wait * DAY;
      await answer(s, c, true);
    }
    t.clock.now = START;
    const p = await progress(s);
    expect(p.levels).toEqual([
      { level: 1, cards: 2 },
      { level: 2, cards: 1 },
      { level: 3, cards: 0 },
      { level: 4, cards: 0 },
      { level: 5, cards: 0 },
    ]);
    expect(p.retired).toBe(1);
    expect(p.due_today).toBe(1); // d
    expect(p.due_this_week).toBe(3); // d today, a and b tomorrow
    // A week later: a, b and d are all overdue, so due today and this week.
    t.clock.now = START + 7 * DAY;
    expect(await progress(s)).toMatchObject({ due_today: 3, due_this_week: 3 });
  });

  it('counts this week’s answers from Saturday 00:00 in the academy’s zone', async () => {
    const s = await t.student();
    t.clock.now = START;
    const card = await add(s, 'x');
    // Friday 20 November, 20:29 UTC: 23:59 on Friday in Tehran, the week before.
    t.clock.now = Date.UTC(2026, 10, 20, 20, 29);
    await answer(s, card, false);
    // 20:30 UTC: Saturday 00:00 in Tehran, this week's first minute.
    t.clock.now = Date.UTC(2026, 10, 20, 20, 30);
    await answer(s, card, false);
    t.clock.now = START;
    await answer(s, card, false);
    expect(await progress(s)).toMatchObject({ answered_this_week: 2 });
  });

  it('counts the run of days practised by the academy’s days, kept until today is over', async () => {
    const s = await t.student();
    t.clock.now = START;
    const card = await add(s, 'y');
    // Answers on 20, 21 and 22 November in Tehran (the 22nd twice), and one on the 18th.
    for (const at of [
      Date.UTC(2026, 10, 17, 21, 0), // the 18th, 00:30 in Tehran
      Date.UTC(2026, 10, 19, 20, 31), // the 20th, 00:01
      Date.UTC(2026, 10, 21, 10, 0), // the 21st
      Date.UTC(2026, 10, 21, 20, 29), // the 21st, 23:59
      Date.UTC(2026, 10, 21, 20, 30), // the 22nd, 00:00
    ]) {
      t.clock.now = at;
      await answer(s, card, false);
    }
    // On the 23rd, before any answer: the run up to yesterday holds.
    t.clock.now = START;
    expect(await progress(s)).toMatchObject({ streak_days: 3, practised_today: false });
    await answer(s, card, true);
    expect(await progress(s)).toMatchObject({ streak_days: 4, practised_today: true });
    // On the 25th, a day was missed: the run is over.
    t.clock.now = START + 2 * DAY;
    expect(await progress(s)).toMatchObject({ streak_days: 0, practised_today: false });
  });

  it('a numbered answer sent twice counts once', async () => {
    const s = await t.student();
    t.clock.now = START;
    const card = await add(s, 'z');
    for (let i = 0; i < 2; i++) {
      const res = await t.call('updateCard', s.token, {
        id: card,
        user_id: s.id,
        was_correct: 'true',
        answer_id: 'replayed-answer-1',
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await progress(s)).toMatchObject({ answered_this_week: 1, streak_days: 1 });
  });

  it('an admin reads any student’s; a student only their own (403), and nothing without a token', async () => {
    const s = await t.student();
    const other = await t.student();
    t.clock.now = START;
    await add(s, 'mine');
    expect(await progress(s, admin)).toMatchObject({ due_today: 1 });
    const refused = await t.call('getLeitnerProgress', other.token, { user_id: s.id });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.call('getLeitnerProgress', undefined, { user_id: s.id });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.call('getLeitnerProgress', admin.token, { user_id: 'abc' });
    expect(bad.statusCode).toBe(400);
  });
});
