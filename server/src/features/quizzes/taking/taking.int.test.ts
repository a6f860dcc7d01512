import { attemptMark } from '@academy/contract/quizzes/attempts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../../test-support/interleave.js';
import { markSpokenAnswer, startAttempt } from './attempts-data.js';
import { quizCloser } from './quiz-closer.js';
import {
  classOf,
  everyKindOfItem,
  HOUR,
  insertItem,
  insertRecording,
  insertStoredFile,
  iso,
  MINUTE,
} from './quiz-fixtures.js';
import { findQuiz } from './quizzes-data.js';
import { TIME_UP } from './routes.js';

/**
 * Issue 51, points 2, 3 and 10: taking a quiz on the server's clock. An attempt is drawn once,
 * answered as the student goes (one answer or a queue of them), limited by the server's time
 * (a save after the deadline writes nothing, and the attempt is closed and marked from what
 * was saved: when next read or written, or by the leased worker), then reviewed as the quiz's
 * options allow. Staff read attempts with the key and mark spoken answers.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let ann: TestUser;
let ben: TestUser;
let cleo: TestUser;
let items: number[];
let classId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  teacher = await t.teacher({ name: 'Tess Teacher' });
  otherTeacher = await t.teacher({ name: 'Otto Teacher' });
  ann = await t.student({ name: 'Ann Student' });
  ben = await t.student({ name: 'Ben Student' });
  cleo = await t.student({ name: 'Cleo Student' });
  classId = await classOf(t, admin, 'B1 Evening', [ann, ben], [teacher]);
  await classOf(t, admin, 'A2 Morning', [cleo], [otherTeacher]);
  const passage = await insertRecording(t.database.db, admin.id, t.clock.now, 2);
  items = await everyKindOfItem(t.database.db, admin.id, t.clock.now, passage);
});
afterAll(() => t.close());

/** A quiz of the given items, sent to A's class by their teacher; its id. */
async function sentQuiz(over: Record<string, unknown> = {}, itemIds = items) {
  const saved = await t.call('saveQuiz', teacher.token, {
    title: 'Timed quiz',
    access_start: iso(t.clock.now - HOUR),
    access_end: iso(t.clock.now + 24 * HOUR),
    time_limit_minutes: 10,
    attempts_allowed: 2,
    parts: itemIds.map((item_id) => ({ item_id })),
    ...over,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json().id as number;
  const sent = await t.call('sendQuiz', teacher.token, { quiz_id: id, class_id: classId });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

const start = async (who: TestUser, quizId: number) => {
  const res = await t.call('startQuizAttempt', who.token, { user_id: who.id, quiz_id: quizId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().attempt_id as number;
};
const read = (who: TestUser, attemptId: number) =>
  t.call('getQuizAttempt', who.token, { user_id: who.id, attempt_id: attemptId });
const answers = async (attemptId: number) =>
  t.database.db
    .selectFrom('quiz_answers')
    .select(['position', 'response', 'saved_at'])
    .where('attempt_id', '=', attemptId)
    .orderBy('position')
    .execute();

describe('taking a quiz', () => {
  it('starts one attempt at a time, shows bodies in the drawn order, and keeps saved answers', async () => {
    const quizId = await sentQuiz({ title: 'First go', shuffle_items: true });
    const attemptId = await start(ann, quizId);
    // Starting again returns the attempt going on.
    const again = await t.call('startQuizAttempt', ann.token, { user_id: ann.id, quiz_id: quizId });
    expect(again.json()).toMatchObject({ attempt_id: attemptId, started: false });

    const attempt = (await read(ann, attemptId)).json().attempt;
    expect(attempt).toMatchObject({
      state: 'open',
      title: 'First go',
      now: '2026-11-22 12:00:00',
      deadline: '2026-11-22 12:10:00',
      one_per_page: true,
    });
    expect(attempt.items).toHaveLength(10);
    const order = attempt.items.find((i) => i.type === 'ordering');
    // The pieces were typed in the right order; the attempt never shows them so.
    expect(order?.body.type === 'ordering' && order.body.pieces.map((p) => p.id)).not.toEqual([
      'a',
      'b',
      'c',
    ]);
    const choice = attempt.items.find((i) => i.prompt === 'The capital of France?');
    if (!choice) throw new Error('no choice item');

    // One answer, then a queue of several (a phone back online), one of them changed.
    const one = await t.call('saveQuizAnswers', ann.token, {
      user_id: ann.id,
      attempt_id: attemptId,
      answers: [{ position: choice.position, response: { type: 'choice', chosen: ['b'] } }],
    });
    expect(one.json()).toMatchObject({
      success: true,
      saved: 1,
      message: 'Your answer was saved.',
    });
    const tf = attempt.items.find((i) => i.type === 'true_false');
    const queue = await t.call('saveQuizAnswers', ann.token, {
      user_id: ann.id,
      attempt_id: attemptId,
      answers: [
        { position: choice.position, response: { type: 'choice', chosen: ['a'] }, seconds: 4 },
        { position: tf?.position ?? 0, response: { type: 'true_false', answer: true } },
      ],
    });
    expect(queue.json()).toMatchObject({ saved: 2, message: '2 answers were saved.' });

    // A reload shows the same order and what was saved.
    const reloaded = (await read(ann, attemptId)).json().attempt;
    expect(reloaded.items.map((i) => i.prompt)).toEqual(attempt.items.map((i) => i.prompt));
    expect(reloaded.items.find((i) => i.position === choice.position)?.response).toEqual({
      type: 'choice',
      chosen: ['a'],
    });
  });

  it('meets the attempt another tab started while this start was reading', async () => {
    const quizId = await sentQuiz({ title: 'Two tabs', attempts_allowed: 0 });
    const quiz = await findQuiz(t.database.db, quizId);
    if (!quiz) throw new Error('no quiz');
    const db = t.database.db;
    // The other tab's whole start lands just after this start's first read of the attempts:
    // the moment two taps at once can meet, made certain rather than left to chance.
    let otherTab: ReturnType<typeof startAttempt> | undefined;
    const slowed = pausedAfterRead(db, { from: 'quiz_attempts' }, async () => {
      otherTab = startAttempt(db, quiz, ben.id, t.clock.now);
      await otherTab;
    });
    const mine = await startAttempt(slowed, quiz, ben.id, t.clock.now);
    const theirs = await otherTab;
    expect(theirs).toMatchObject({ started: true });
    expect(mine).toMatchObject({ started: false });
    expect('attempt' in mine && mine.attempt.id).toBe(
      theirs && 'attempt' in theirs && theirs.attempt.id,
    );
    const rows = await db
      .selectFrom('quiz_attempts')
      .select('number')
      .where('quiz_id', '=', quizId)
      .where('user_id', '=', ben.id)
      .execute();
    expect(rows).toEqual([{ number: 1 }]);
  });

  it('refuses an answer that does not fit its item, in words, and saves nothing of it', async () => {
    const quizId = await sentQuiz({ title: 'Checked answers' });
    const attemptId = await start(ben, quizId);
    const items = (await read(ben, attemptId)).json().attempt.items;
    const tf = items.find((i) => i.type === 'true_false');
    const choice = items.find((i) => i.prompt === 'The capital of France?');
    const save = (answer: unknown) =>
      t.callUnchecked('saveQuizAnswers', ben.token, {
        user_id: ben.id,
        attempt_id: attemptId,
        answers: [answer],
      });
    const wrongKind = await save({
      position: tf?.position,
      response: { type: 'short', text: 'yes' },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe(
      `Question ${(tf?.position ?? 0) + 1} is not answered that way.`,
    );
    const two = await save({
      position: choice?.position,
      response: { type: 'choice', chosen: ['a', 'b'] },
    });
    expect(two.json().message).toBe(
      `Question ${(choice?.position ?? 0) + 1} takes one answer: choose one option.`,
    );
    const missing = await save({ position: 99, response: null });
    expect(missing.json().message).toBe('Question 100 is not in this attempt.');
    const badShape = await save({ position: 0, response: { type: 'choice', chosen: 'a' } });
    expect(badShape.statusCode).toBe(400);
    const spoken = items.find((i) => i.type === 'spoken');
    const notMine = await insertStoredFile(t.database.db, ann.id, t.clock.now);
    const stolen = await save({
      position: spoken?.position,
      response: { type: 'spoken', file: String(notMine.id) },
    });
    expect(stolen.json().message).toBe(
      `Question ${(spoken?.position ?? 0) + 1}'s recording was not found: please record it again.`,
    );
    expect((await answers(attemptId)).every((a) => a.response === null)).toBe(true);
  });

  it('refuses a save after the time limit, writes nothing, and marks the attempt from what was saved', async () => {
    const quizId = await sentQuiz({ title: 'On the clock' });
    const startedAt = t.clock.now;
    const attemptId = await start(ann, quizId);
    const items = (await read(ann, attemptId)).json().attempt.items;
    const choice = items.find((i) => i.prompt === 'The capital of France?');
    const tf = items.find((i) => i.type === 'true_false');
    if (!choice || !tf) throw new Error('items missing');
    t.clock.now = startedAt + 5 * MINUTE;
    const inTime = await t.call('saveQuizAnswers', ann.token, {
      user_id: ann.id,
      attempt_id: attemptId,
      answers: [{ position: choice.position, response: { type: 'choice', chosen: ['a'] } }],
    });
    expect(inTime.statusCode, inTime.body).toBe(200);
    const before = await answers(attemptId);

    // One second past the ten minutes: the server's clock says no.
    t.clock.now = startedAt + 10 * MINUTE + 1000;
    const late = await t.call('saveQuizAnswers', ann.token, {
      user_id: ann.id,
      attempt_id: attemptId,
      answers: [
        { position: choice.position, response: { type: 'choice', chosen: ['b'] } },
        { position: tf.position, response: { type: 'true_false', answer: true } },
      ],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TIME_UP);
    expect(await answers(attemptId)).toEqual(before);

    const row = await t.database.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    // Closed at its deadline, by time; one right answer of 1 point among 15 points, out of 100;
    // the spoken item is unanswered, so nothing awaits a teacher.
    expect(row).toMatchObject({
      closed_by: 'time',
      submitted_at: startedAt + 10 * MINUTE,
      hundredths: 667,
      awaiting_marks: 0,
    });
    const closed = (await read(ann, attemptId)).json().attempt;
    expect(closed).toMatchObject({ state: 'closed', closed_by: 'time', items: [] });
    // The submit button pressed late is told the same.
    const submit = await t.call('submitQuizAttempt', ann.token, {
      user_id: ann.id,
      attempt_id: attemptId,
    });
    expect(submit.json()).toMatchObject({ closed_by: 'time', message: TIME_UP });
    t.clock.now = startedAt;
  });

  it('ends an attempt at the window’s close when that comes before the time limit', async () => {
    const quizId = await sentQuiz({
      title: 'Closing soon',
      access_end: iso(t.clock.now + 3 * MINUTE),
    });
    const attemptId = await start(ben, quizId);
    expect((await read(ben, attemptId)).json().attempt.deadline).toBe('2026-11-22 12:03:00');
  });

  it('closes the attempts nobody came back to with the leased worker', async () => {
    const quizId = await sentQuiz({ title: 'Left behind' });
    const startedAt = t.clock.now;
    const attemptId = await start(ben, quizId);
    const worker = quizCloser({
      db: t.database.db,
      now: () => t.clock.now,
      today: t.app.today,
      everyMs: 0,
      live: t.app.live,
      warn: () => {},
    });
    try {
      expect(await worker.runOnce()).toEqual([]);
      t.clock.now = startedAt + 11 * MINUTE;
      expect(await worker.runOnce()).toContain(ben.id);
      const row = await t.database.db
        .selectFrom('quiz_attempts')
        .select(['closed_by', 'hundredths', 'submitted_at'])
        .where('id', '=', attemptId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        closed_by: 'time',
        hundredths: 0,
        submitted_at: startedAt + 10 * MINUTE,
      });
      // The teacher's list shows it closed, without the student coming back.
      const list = (await t.call('quizAttempts', teacher.token, { quiz_id: quizId })).json();
      expect(list.students.find((s) => s.user_id === ben.id)?.attempts[0]).toMatchObject({
        closed_by: 'time',
        mark: { hundredths: 0, out_of: 100 },
      });
    } finally {
      await worker.stop();
      t.clock.now = startedAt;
    }
  });

  it('counts plays of a recording on the server, and gives its link only through the play call', async () => {
    const quizId = await sentQuiz({ title: 'Listening' }, [items[8] as number]);
    const attemptId = await start(ann, quizId);
    const item = (await read(ann, attemptId)).json().attempt.items[0];
    expect(item?.passage).toMatchObject({ kind: 'recording', text: null, plays_left: 2 });
    expect(JSON.stringify(item)).not.toContain('files/');
    const play = () =>
      t.call('playQuizRecording', ann.token, {
        user_id: ann.id,
        attempt_id: attemptId,
        passage_id: item?.passage?.id ?? 0,
      });
    const first = await play();
    expect(first.json()).toMatchObject({ plays_left: 1 });
    expect(first.json().file_url).toMatch(/^files\/\d+\?exp=/);
    // A reload keeps the count.
    expect((await read(ann, attemptId)).json().attempt.items[0]?.passage?.plays_left).toBe(1);
    expect((await play()).json()).toMatchObject({
      plays_left: 0,
      message: 'This is your last play of the recording.',
    });
    const third = await play();
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      'You have played this recording 2 times, as many as allowed.',
    );
  });

  it('plays the recording of the version an attempt drew, after the item moved to another', async () => {
    const db = t.database.db;
    const fileOf = async (passageId: number) =>
      (
        await db
          .selectFrom('quiz_passages')
          .select('file_id')
          .where('id', '=', passageId)
          .executeTakeFirstOrThrow()
      ).file_id;
    const before = await insertRecording(db, admin.id, t.clock.now, 0);
    const itemId = await insertItem(
      db,
      {
        prompt: 'Where is the train going?',
        body: { type: 'true_false' },
        key: { type: 'true_false', answer: true },
        points: 1,
        passageId: before,
      },
      admin.id,
      t.clock.now,
    );
    const quizId = await sentQuiz({ title: 'Moved recording' }, [itemId]);
    const attemptId = await start(ann, quizId);

    // The bank moves the item, drawn (so answered), to another recording: version 2.
    const after = await insertRecording(db, admin.id, t.clock.now, 0);
    const { current } = (await t.call('getQuizItem', admin.token, { item_id: itemId })).json().item;
    const moved = await t.call('saveQuizItem', admin.token, {
      item_id: itemId,
      passage_id: after,
      version: {
        prompt: current.prompt,
        body: current.body,
        key: current.key,
        points: current.points,
      },
    });
    expect(moved.json(), moved.body).toMatchObject({ version: 2, new_version: true });

    const item = (await read(ann, attemptId)).json().attempt.items[0];
    expect(item?.passage?.id).toBe(before);
    const play = (passageId: number) =>
      t.call('playQuizRecording', ann.token, {
        user_id: ann.id,
        attempt_id: attemptId,
        passage_id: passageId,
      });
    const played = await play(before);
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json().file_url).toMatch(new RegExp(`^files/${await fileOf(before)}\\?`));
    // The new recording is not this attempt's.
    expect((await play(after)).statusCode).toBe(404);
    // A new attempt draws version 2, on the new recording.
    const bens = await start(ben, quizId);
    expect((await read(ben, bens)).json().attempt.items[0]?.passage?.id).toBe(after);
  });

  it('refuses a start outside the window and past the attempts allowed', async () => {
    const later = await sentQuiz({
      title: 'Not yet',
      access_start: iso(t.clock.now + HOUR),
      access_end: iso(t.clock.now + 2 * HOUR),
    });
    const early = await t.call('startQuizAttempt', ann.token, { user_id: ann.id, quiz_id: later });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('This quiz has not opened yet.');
    const once = await sentQuiz({ title: 'Once only', attempts_allowed: 1 });
    const attemptId = await start(ann, once);
    await t.call('submitQuizAttempt', ann.token, { user_id: ann.id, attempt_id: attemptId });
    const twice = await t.call('startQuizAttempt', ann.token, { user_id: ann.id, quiz_id: once });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have used all your attempts at this quiz.');
    const mine = (await t.call('myQuizzes', ann.token, { user_id: ann.id })).json();
    expect(mine.quizzes.find((q) => q.id === once)).toMatchObject({
      state: 'open',
      attempts_used: 1,
      attempts_left: 0,
      open_attempt_id: null,
      counted: { hundredths: 0, out_of: 100 },
    });
    expect(mine.quizzes.find((q) => q.id === later)).toMatchObject({ state: 'upcoming' });
    // A quiz not sent to the student is answered as one that does not exist.
    const notSent = await t.call('startQuizAttempt', cleo.token, {
      user_id: cleo.id,
      quiz_id: once,
    });
    expect(notSent.statusCode).toBe(404);
  });
});

describe('the review', () => {
  it('shows after the window closes what the options allow, and nothing before', async () => {
    const quizId = await sentQuiz({
      title: 'After close',
      access_end: iso(t.clock.now + 2 * HOUR),
      review: {
        when: 'after_close',
        score: true,
        answers: true,
        right_answers: true,
        feedback: true,
      },
    });
    const attemptId = await start(ben, quizId);
    await t.call('submitQuizAttempt', ben.token, { user_id: ben.id, attempt_id: attemptId });
    const now = await t.call('quizReview', ben.token, { user_id: ben.id, attempt_id: attemptId });
    expect(now.json().review).toMatchObject({
      shows: { score: false, answers: false, right_answers: false, feedback: false },
      more_at: '2026-11-22 14:00:00',
    });
    expect(now.json().review.mark).toBeUndefined();
    const list = (await t.call('myQuizzes', ben.token, { user_id: ben.id })).json().quizzes;
    expect(list.find((q) => q.id === quizId)?.counted).toBeUndefined();
    const saved = t.clock.now;
    t.clock.now += 3 * HOUR;
    const later = (
      await t.call('quizReview', ben.token, { user_id: ben.id, attempt_id: attemptId })
    ).json().review;
    expect(later).toMatchObject({
      shows: { score: true, answers: true, right_answers: true, feedback: true },
      more_at: null,
      mark: { hundredths: 0, out_of: 100 },
    });
    const choice = later.items.find((i) => i.prompt === 'The capital of France?');
    expect(choice).toMatchObject({ right_answer: 'Paris', feedback: ['GENERAL-FB-SECRET'] });
    t.clock.now = saved;
  });

  it('refuses the review of an attempt still going on', async () => {
    const quizId = await sentQuiz({ title: 'Still going' });
    const attemptId = await start(ben, quizId);
    const res = await t.call('quizReview', ben.token, { user_id: ben.id, attempt_id: attemptId });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body).message).toBe(
      'This attempt is still going on: submit it to see its review.',
    );
  });
});

describe('staff reading and marking attempts', () => {
  it('reads an attempt with the key, marks a spoken answer, and tells the student', async () => {
    const quizId = await sentQuiz({ title: 'Speak up' }, [items[0] as number, items[9] as number]);
    const attemptId = await start(ann, quizId);
    const recording = await insertStoredFile(t.database.db, ann.id, t.clock.now);
    const items2 = (await read(ann, attemptId)).json().attempt.items;
    const spoken = items2.find((i) => i.type === 'spoken');
    const choice = items2.find((i) => i.type === 'choice');
    await t.call('saveQuizAnswers', ann.token, {
      user_id: ann.id,
      attempt_id: attemptId,
      answers: [
        {
          position: spoken?.position ?? 0,
          response: { type: 'spoken', file: String(recording.id) },
        },
        { position: choice?.position ?? 0, response: { type: 'choice', chosen: ['a'] } },
      ],
    });
    await t.call('submitQuizAttempt', ann.token, { user_id: ann.id, attempt_id: attemptId });

    const list = (await t.call('quizAttempts', teacher.token, { quiz_id: quizId })).json();
    const row = list.students.find((s) => s.user_id === ann.id);
    // 1 of 3 points marked, the spoken answer awaiting: no mark yet.
    expect(row).toMatchObject({ counted: null, attempts: [{ awaiting_marks: 1, mark: null }] });

    const full = await t.call('staffQuizAttempt', teacher.token, {
      attempt_id: attemptId,
      user_id: ann.id,
    });
    expect(full.statusCode, full.body).toBe(200);
    const spokenItem = full.json().attempt.items.find((i) => i.type === 'spoken');
    expect(spokenItem).toMatchObject({
      key: { type: 'spoken', model_answer: 'MODEL-ANSWER-SECRET' },
      outcome: 'awaiting',
      hundredths: null,
    });
    expect(spokenItem?.recording_url).toMatch(/^files\/\d+\?/);

    const marked = await t.call('markQuizAnswer', teacher.token, {
      attempt_id: attemptId,
      user_id: ann.id,
      position: spokenItem?.position ?? 0,
      mark: '1.5',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    // (100 + 150) of 300 hundredths of points, out of 100: 83.33.
    expect(marked.json()).toMatchObject({ mark: { hundredths: 8333, out_of: 100 } });
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['message', 'topic'])
      .where('user_id', '=', ann.id)
      .execute();
    expect(told).toContainEqual({
      message: 'Your teacher marked your spoken answer: "Speak up" is marked.',
      topic: 'quiz_mark',
    });
    const tooMuch = await t.call('markQuizAnswer', teacher.token, {
      attempt_id: attemptId,
      user_id: ann.id,
      position: spokenItem?.position ?? 0,
      mark: '3',
    });
    expect(tooMuch.json().message).toBe('The mark can be at most 2.');
    const notSpoken = await t.call('markQuizAnswer', teacher.token, {
      attempt_id: attemptId,
      user_id: ann.id,
      position: choice?.position ?? 0,
      mark: '1',
    });
    expect(notSpoken.json().message).toBe(
      'Only a spoken answer is marked by hand; the others mark themselves.',
    );
  });
});

describe('two requests at once', () => {
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'keeps both marks of two spoken answers of one attempt marked at once',
    async () => {
      const db = t.database.db;
      const spokenToo = await insertItem(
        db,
        {
          level: 'B1',
          skill: 'speaking',
          unit: 'Unit 9',
          prompt: 'Say what you did today.',
          body: { type: 'spoken', max_seconds: 60 },
          key: { type: 'spoken', model_answer: 'Anything.' },
          points: 2,
        },
        admin.id,
        t.clock.now,
      );
      const quizId = await sentQuiz({ title: 'Two to mark' }, [items[9] as number, spokenToo]);
      const attemptId = await start(ben, quizId);
      const positions = (await read(ben, attemptId)).json().attempt.items.map((i) => i.position);
      const answers = [];
      for (const position of positions) {
        const recording = await insertStoredFile(db, ben.id, t.clock.now);
        answers.push({
          position,
          response: { type: 'spoken' as const, file: String(recording.id) },
        });
      }
      await t.call('saveQuizAnswers', ben.token, {
        user_id: ben.id,
        attempt_id: attemptId,
        answers,
      });
      await t.call('submitQuizAttempt', ben.token, { user_id: ben.id, attempt_id: attemptId });
      const [first, second] = positions as [number, number];
      const tellNobody = async () => undefined;

      // The second mark arrives just after the first has summed the answers, before it wrote
      // the attempt's total: it waits for the first, then sums both.
      let other: Promise<unknown> = Promise.resolve();
      const paused = pausedAfterRead(db, { from: 'quiz_answers as a', nth: 2 }, async (trx) => {
        other = markSpokenAnswer(db, attemptId, second, 150, teacher.id, tellNobody);
        await finishedOrBlockedBy(db, other, trx);
      });
      await markSpokenAnswer(paused, attemptId, first, 100, teacher.id, tellNobody);
      await other;

      const row = await db
        .selectFrom('quiz_attempts')
        .select(['hundredths', 'awaiting_marks', 'out_of'])
        .where('id', '=', attemptId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        awaiting_marks: 0,
        hundredths: attemptMark(
          [
            { hundredths: 100, points: 2 },
            { hundredths: 150, points: 2 },
          ],
          row.out_of,
        ),
      });
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'refuses an edit of the questions that lands while a student is drawn them',
    async () => {
      const db = t.database.db;
      const over = { title: 'Edited while drawn', attempts_allowed: 0 };
      const quizId = await sentQuiz(over, [items[0] as number, items[1] as number]);
      const quiz = await findQuiz(db, quizId);
      if (!quiz) throw new Error('no quiz');
      // The teacher saves other questions just after Ben's start has read the quiz's parts.
      let edit: ReturnType<typeof t.call<'saveQuiz'>> | undefined;
      const paused = pausedAfterRead(db, { from: 'quiz_parts' }, async (trx) => {
        edit = t.call('saveQuiz', teacher.token, {
          id: quizId,
          title: over.title,
          access_start: iso(t.clock.now - HOUR),
          access_end: iso(t.clock.now + 24 * HOUR),
          time_limit_minutes: 10,
          attempts_allowed: 0,
          parts: [{ item_id: items[2] as number }],
        });
        await finishedOrBlockedBy(db, edit, trx);
      });
      expect(await startAttempt(paused, quiz, ben.id, t.clock.now)).toMatchObject({
        started: true,
      });
      expect((await edit)?.statusCode).toBe(409);
      const parts = await db
        .selectFrom('quiz_parts')
        .select('item_id')
        .where('quiz_id', '=', quizId)
        .orderBy('position')
        .execute();
      expect(parts.map((p) => p.item_id)).toEqual([items[0], items[1]]);
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'keeps the version a student was just drawn, an edit of the item making a new one',
    async () => {
      const db = t.database.db;
      const version = (options: string[]) => ({
        prompt: 'Pick the verb.',
        body: {
          type: 'choice' as const,
          multiple: false,
          options: options.map((text, i) => ({ id: String.fromCharCode(97 + i), text })),
        },
        key: { type: 'choice' as const, credit: { a: 100 } },
        points: 1,
      });
      const saved = await t.call('saveQuizItem', teacher.token, {
        version: version(['run', 'table', 'blue']),
      });
      const itemId = saved.json().id as number;
      const quizId = await sentQuiz({ title: 'Item edited while drawn' }, [itemId]);
      const quiz = await findQuiz(db, quizId);
      if (!quiz) throw new Error('no quiz');
      // The teacher edits the item just after Ben's start has read its version.
      let edit: ReturnType<typeof t.call<'saveQuizItem'>> | undefined;
      const paused = pausedAfterRead(db, { from: 'quiz_items as i' }, async (trx) => {
        edit = t.call('saveQuizItem', teacher.token, {
          item_id: itemId,
          version: version(['run', 'chair', 'green', 'slowly']),
        });
        await finishedOrBlockedBy(db, edit, trx);
      });
      await startAttempt(paused, quiz, ben.id, t.clock.now);
      expect((await edit)?.json()).toMatchObject({ version: 2, new_version: true });
    },
  );
});

describe('access (point 10)', () => {
  it('refuses a student asking for the key through the staff read', async () => {
    const quizId = await sentQuiz({ title: 'Key please' });
    const attemptId = await start(ann, quizId);
    const res = await t.call('staffQuizAttempt', ann.token, {
      attempt_id: attemptId,
      user_id: ann.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('KEYFB');
  });

  it("refuses another student's attempt, as one that does not exist", async () => {
    const quizId = await sentQuiz({ title: 'Not yours' });
    const attemptId = await start(ann, quizId);
    for (const call of ['getQuizAttempt', 'quizReview', 'submitQuizAttempt'] as const) {
      const theirs = await t.call(call, ben.token, { user_id: ben.id, attempt_id: attemptId });
      const nobody = await t.call(call, ben.token, { user_id: ben.id, attempt_id: 2_000_000_000 });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(nobody.json());
    }
    const save = await t.call('saveQuizAnswers', ben.token, {
      user_id: ben.id,
      attempt_id: attemptId,
      answers: [{ position: 0, response: null }],
    });
    expect(save.statusCode).toBe(404);
    // Naming Ann as themself is refused by the pipeline.
    const asAnn = await t.call('getQuizAttempt', ben.token, {
      user_id: ann.id,
      attempt_id: attemptId,
    });
    expect(asAnn.statusCode).toBe(403);
  });

  it("refuses a teacher reading another class's attempts", async () => {
    const quizId = await sentQuiz({ title: 'Other class' });
    const attemptId = await start(ann, quizId);
    const one = await t.call('staffQuizAttempt', otherTeacher.token, {
      attempt_id: attemptId,
      user_id: ann.id,
    });
    expect(one.statusCode).toBe(403);
    // The quiz went to Ann's class only: another class's teacher does not reach it (reach 'quiz').
    const list = await t.call('quizAttempts', otherTeacher.token, { quiz_id: quizId });
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain('Ann Student');
    // Naming their own student with another's attempt finds nothing either.
    const mismatched = await t.call('staffQuizAttempt', otherTeacher.token, {
      attempt_id: attemptId,
      user_id: cleo.id,
    });
    expect(mismatched.statusCode).toBe(404);
  });
});
