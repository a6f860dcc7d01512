import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_CLASSES } from '../../../http/call.js';
import {
  type CallPayload,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../../test-support/interleave.js';
import {
  classOf,
  everyKindOfItem,
  HOUR,
  insertItem,
  insertRecording,
  iso,
} from './quiz-fixtures.js';
import { findQuiz, sendQuiz } from './quizzes-data.js';

/**
 * Issue 51, point 2 (the staff side): building a quiz from fixed items and draws, sending it
 * like any work, the list's counts, parts locked once a student starts, and a teacher's reach.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let ann: TestUser;
let ben: TestUser;
let cleo: TestUser;
let classId: number;
let otherClassId: number;
let items: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  teacher = await t.teacher({ name: 'Tess Teacher' });
  otherTeacher = await t.teacher({ name: 'Otto Teacher' });
  ann = await t.student({ name: 'Ann Student' });
  ben = await t.student({ name: 'Ben Student' });
  cleo = await t.student({ name: 'Cleo Student' });
  classId = await classOf(t, admin, 'B1 Evening', [ann, ben], [teacher]);
  otherClassId = await classOf(t, admin, 'A2 Morning', [cleo], [otherTeacher]);
  const passage = await insertRecording(t.database.db, admin.id, t.clock.now, 2);
  items = await everyKindOfItem(t.database.db, admin.id, t.clock.now, passage);
});
afterAll(() => t.close());

const quizPayload = (over: Record<string, unknown> = {}): CallPayload<'saveQuiz'> =>
  ({
    title: 'Week 3 check',
    access_start: iso(t.clock.now - HOUR),
    access_end: iso(t.clock.now + 24 * HOUR),
    time_limit_minutes: 20,
    attempts_allowed: 2,
    parts: [
      { item_id: items[0] },
      { draw: { count: 3, level: 'B1', skill: 'grammar', unit: 'unit 9' } },
    ],
    ...over,
  }) as CallPayload<'saveQuiz'>;

describe('building a quiz', () => {
  it('creates a quiz of fixed items and draws and reads it back with what the bank has', async () => {
    const saved = await t.call('saveQuiz', teacher.token, quizPayload());
    expect(saved.statusCode, saved.body).toBe(200);
    const got = await t.call('getQuiz', teacher.token, { id: saved.json().id });
    expect(got.statusCode, got.body).toBe(200);
    const quiz = got.json().quiz;
    expect(quiz).toMatchObject({
      title: 'Week 3 check',
      time_limit_minutes: 20,
      attempts_allowed: 2,
      counts: 'highest',
      parts_locked: false,
      can_edit: true,
      review: {
        when: 'at_once',
        score: true,
        answers: true,
        right_answers: false,
        feedback: false,
      },
    });
    expect(quiz.parts[0]).toMatchObject({ item_id: items[0], item_type: 'choice', draw: null });
    // Ten items carry the tag; the fixed one is never drawn again.
    expect(quiz.parts[1]).toMatchObject({
      item_id: null,
      draw: { count: 3, level: 'B1', skill: 'grammar', unit: 'unit 9' },
      available: 9,
    });
  });

  it('keeps a tag a result sheet averages by, trimmed, and none for a blank one', async () => {
    const saved = await t.call('saveQuiz', teacher.token, quizPayload({ tag: ' Vocabulary ' }));
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().id as number;
    expect((await t.call('getQuiz', teacher.token, { id })).json().quiz.tag).toBe('Vocabulary');
    const listed = (await t.call('listQuizzes', teacher.token, {})).json().quizzes;
    expect(listed.find((q) => q.id === id)?.tag).toBe('Vocabulary');
    await t.call('saveQuiz', teacher.token, quizPayload({ id, tag: '' }));
    expect((await t.call('getQuiz', teacher.token, { id })).json().quiz.tag).toBeNull();
    const long = await t.call('saveQuiz', teacher.token, quizPayload({ tag: 'x'.repeat(41) }));
    expect(long.json().message).toBe('A tag must be at most 40 characters.');
  });

  it('refuses a draw asking more items than the bank has for its tag, in words', async () => {
    const res = await t.call(
      'saveQuiz',
      admin.token,
      quizPayload({ parts: [{ draw: { count: 11, level: 'B1', skill: null, unit: null } }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The bank has only 10 items for B1; this quiz asks for 11.');
    const none = await t.call(
      'saveQuiz',
      admin.token,
      quizPayload({ parts: [{ draw: { count: 1, level: 'C2', skill: null, unit: null } }] }),
    );
    expect(none.json().message).toBe(
      'The bank has no items for C2 to draw from; this quiz asks for 1.',
    );
  });

  it('refuses bad settings with a message naming them', async () => {
    const backwards = await t.call(
      'saveQuiz',
      admin.token,
      quizPayload({ access_end: iso(t.clock.now - 2 * HOUR) }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The end time must be after the start time.');
    const empty = await t.call('saveQuiz', admin.token, quizPayload({ parts: [] }));
    expect(empty.json().message).toBe('Add at least one item or draw to the quiz.');
    const both = await t.callUnchecked('saveQuiz', admin.token, {
      ...quizPayload(),
      parts: [{ item_id: items[1], draw: { count: 1 } }],
    });
    expect(both.json().message).toBe(
      'Each part of a quiz is one item of the bank or a draw from it, not both.',
    );
    const noBands = await t.call('saveQuiz', admin.token, quizPayload({ kind: 'placement' }));
    expect(noBands.json().message).toBe('A placement test needs at least one band.');
    const unknown = await t.call(
      'saveQuiz',
      admin.token,
      quizPayload({ parts: [{ item_id: 999999 }] }),
    );
    expect(unknown.json().message).toBe('Item 999999 is not in the bank (or it was archived).');
  });
});

describe('sending a quiz', () => {
  it('sends to a class, tells its students, and counts sent, started and submitted', async () => {
    const id = (await t.call('saveQuiz', teacher.token, quizPayload({ title: 'Sent quiz' }))).json()
      .id;
    const sent = await t.call('sendQuiz', teacher.token, { quiz_id: id, class_id: classId });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('"Sent quiz" was sent to 2 students.');
    const again = await t.call('sendQuiz', teacher.token, { quiz_id: id, user_id: ann.id });
    expect(again.json().message).toBe('"Sent quiz" had already been sent to this student.');

    const outbox = await t.database.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', ann.id)
      .execute();
    // A new quiz is new work: its list is the notice in the app (as an assignment's).
    expect(outbox.map((n) => n.message)).not.toContain('New quiz: "Sent quiz".');

    const start = await t.call('startQuizAttempt', ann.token, { user_id: ann.id, quiz_id: id });
    expect(start.statusCode, start.body).toBe(200);
    const list = (await t.call('listQuizzes', teacher.token, {})).json().quizzes;
    expect(list.find((q) => q.id === id)).toMatchObject({
      recipients: 'B1 Evening',
      sent: 2,
      started: 1,
      submitted: 0,
      can_edit: true,
    });
    await t.call('submitQuizAttempt', ann.token, {
      user_id: ann.id,
      attempt_id: start.json().attempt_id,
    });
    const after = (await t.call('listQuizzes', admin.token, {})).json().quizzes;
    expect(after.find((q) => q.id === id)).toMatchObject({ sent: 2, started: 1, submitted: 1 });
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'sends once for two taps on Send at once, and tells each student once',
    async () => {
      const db = t.database.db;
      const id = (
        await t.call('saveQuiz', teacher.token, quizPayload({ title: 'Double tap' }))
      ).json().id as number;
      const quiz = await findQuiz(db, id);
      if (!quiz) throw new Error('no quiz');
      const told: number[] = [];
      const send = (on: typeof db) =>
        sendQuiz(
          on,
          quiz,
          { userIds: [ann.id, ben.id], words: 'B1 Evening', many: { classId } },
          async (_trx, news) => {
            for (const one of [news].flat()) told.push(one.userId);
          },
        );
      // The second tap lands just after the first has read who the quiz went to.
      let second: Promise<number[]> = Promise.resolve([]);
      const paused = pausedAfterRead(db, { from: 'quiz_recipients' }, async (trx) => {
        second = send(db);
        await finishedOrBlockedBy(db, second, trx);
      });
      expect(await send(paused)).toEqual([ann.id, ben.id]);
      expect(await second).toEqual([]);
      expect(told.sort()).toEqual([ann.id, ben.id].sort());
    },
  );

  it('locks the parts once a student has started, while the settings stay editable', async () => {
    const id = (await t.call('saveQuiz', admin.token, quizPayload({ title: 'Locking' }))).json().id;
    await t.call('sendQuiz', admin.token, { quiz_id: id, user_id: ben.id });
    await t.call('startQuizAttempt', ben.token, { user_id: ben.id, quiz_id: id });
    const changed = await t.call(
      'saveQuiz',
      admin.token,
      quizPayload({
        id,
        title: 'Locking, new parts',
        attempts_allowed: 9,
        parts: [{ item_id: items[2] }],
      }),
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      'Students have started this quiz, so its questions can no longer change (its settings can): make a new quiz for other questions.',
    );
    // The refused save kept nothing, its new title included.
    expect((await t.call('getQuiz', admin.token, { id })).json().quiz.title).toBe('Locking');
    const settings = await t.call(
      'saveQuiz',
      admin.token,
      quizPayload({ id, title: 'Locking, renamed', attempts_allowed: 3 }),
    );
    expect(settings.statusCode, settings.body).toBe(200);
    const quiz = (await t.call('getQuiz', admin.token, { id })).json().quiz;
    expect(quiz).toMatchObject({
      title: 'Locking, renamed',
      attempts_allowed: 3,
      parts_locked: true,
    });
  });

  it('keeps a teacher to their own classes and quizzes', async () => {
    const id = (await t.call('saveQuiz', teacher.token, quizPayload({ title: 'Mine' }))).json().id;
    // Another class's students are outside the teacher's reach.
    const outside = await t.call('sendQuiz', teacher.token, {
      quiz_id: id,
      class_id: otherClassId,
    });
    expect(outside.statusCode).toBe(403);
    // Another teacher neither sees nor changes it: refused before the handler, as anything
    // outside their classes is (the route's reach 'quiz' / 'ownQuiz').
    for (const call of ['getQuiz', 'deleteQuiz'] as const) {
      const res = await t.call(call, otherTeacher.token, { id });
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body).message).toBe(OUTSIDE_CLASSES);
    }
    const theirs = (await t.call('listQuizzes', otherTeacher.token, {})).json().quizzes;
    expect(theirs.map((q) => q.id)).not.toContain(id);
    // A quiz an administrator sent to the teacher's class is seen but not changed.
    const adminQuiz = (
      await t.call('saveQuiz', admin.token, quizPayload({ title: 'Admin’s' }))
    ).json().id;
    await t.call('sendQuiz', admin.token, { quiz_id: adminQuiz, class_id: classId });
    expect((await t.call('getQuiz', teacher.token, { id: adminQuiz })).statusCode).toBe(200);
    const del = await t.call('deleteQuiz', teacher.token, { id: adminQuiz });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(OUTSIDE_CLASSES);
    // Students do not call staff calls.
    expect((await t.call('listQuizzes', ann.token, {})).statusCode).toBe(403);
  });

  it('deletes a quiz with its attempts', async () => {
    const id = (await t.call('saveQuiz', admin.token, quizPayload({ title: 'Gone soon' }))).json()
      .id;
    await t.call('sendQuiz', admin.token, { quiz_id: id, user_id: cleo.id });
    await t.call('startQuizAttempt', cleo.token, { user_id: cleo.id, quiz_id: id });
    const res = await t.call('deleteQuiz', admin.token, { id });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await t.call('myQuizzes', cleo.token, { user_id: cleo.id })).json().quizzes;
    expect(mine.map((q) => q.id)).not.toContain(id);
    expect((await t.call('deleteQuiz', admin.token, { id })).statusCode).toBe(404);
  });

  it('draws a different set of items on a retake, never repeating one in an attempt', async () => {
    const extra = await insertItem(
      t.database.db,
      {
        prompt: 'Only for drawing',
        body: { type: 'true_false' },
        key: { type: 'true_false', answer: false },
        points: 1,
        level: 'A1',
        skill: 'vocabulary',
        unit: 'Draws',
      },
      admin.id,
      t.clock.now,
    );
    const id = (
      await t.call(
        'saveQuiz',
        admin.token,
        quizPayload({
          title: 'Draws',
          attempts_allowed: 0,
          parts: [{ item_id: extra }, { draw: { count: 5, level: 'B1', skill: null, unit: null } }],
        }),
      )
    ).json().id;
    await t.call('sendQuiz', admin.token, { quiz_id: id, user_id: cleo.id });
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const start = await t.call('startQuizAttempt', cleo.token, { user_id: cleo.id, quiz_id: id });
      const attempt = (
        await t.call('getQuizAttempt', cleo.token, {
          user_id: cleo.id,
          attempt_id: start.json().attempt_id,
        })
      ).json().attempt;
      const prompts = attempt.items.map((item) => item.prompt);
      expect(prompts).toHaveLength(6);
      expect(new Set(prompts).size).toBe(6);
      expect(prompts[0]).toBe('Only for drawing');
      seen.add([...prompts].sort().join('|'));
      await t.call('submitQuizAttempt', cleo.token, {
        user_id: cleo.id,
        attempt_id: start.json().attempt_id,
      });
    }
    // 5 of 10 items: six draws all alike would be a 1-in-250-million chance per repeat.
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('the API document', () => {
  it('describes the quizzes’ calls from their schemas', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/save_quiz.php',
        '/api/quiz_attempt.php',
        '/api/save_quiz_answers.php',
        '/api/quiz_review.php',
        '/api/staff_quiz_attempt.php',
      ]),
    );
  });
});
