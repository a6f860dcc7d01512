import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../../test-support/interleave.js';
import { classOf, HOUR, iso } from '../taking/quiz-fixtures.js';
import { regradeItem } from './regrade-data.js';

/**
 * Issue 51, point 5: a key corrected after students answered. The preview says what a regrade
 * would change and changes nothing; the regrade marks the answers to the earlier version that
 * showed the same question with the current key, works each attempt's mark out again, tells
 * the students whose shown mark changed, and the audit log keeps it. Answers to a version
 * that showed another question keep their marks.
 */
let t: TestApp;
let teacher: TestUser;
let otherTeacher: TestUser;
let ann: TestUser;
let ben: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.admin();
  teacher = await t.teacher({ name: 'Regrade Teacher' });
  otherTeacher = await t.teacher({ name: 'Other Regrade Teacher' });
  ann = await t.student({ name: 'Regrade Ann' });
  ben = await t.student({ name: 'Regrade Ben' });
  await classOf(t, admin, 'Regrade Class', [ann, ben], [teacher]);
});
afterAll(() => t.close());

/** A short-answer item whose key accepts `accepted`. */
const shortItem = (prompt: string, accepted: string) => ({
  prompt,
  body: { type: 'short' as const },
  key: {
    type: 'short' as const,
    accepted: [{ text: accepted, percent: 100 }],
    typo: 'none' as const,
  },
  points: 1,
});

async function saveItem(version: ReturnType<typeof shortItem>, itemId?: number) {
  const res = await t.call('saveQuizItem', teacher.token, {
    ...(itemId === undefined ? {} : { item_id: itemId }),
    version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A quiz of the items sent to both students; each answers as given and hands it in. */
async function takeQuiz(title: string, items: number[], answers: Record<number, string[]>) {
  const saved = await t.call('saveQuiz', teacher.token, {
    title,
    access_start: iso(t.clock.now - HOUR),
    access_end: iso(t.clock.now + HOUR),
    out_of: 10,
    parts: items.map((item_id) => ({ item_id })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const quizId = saved.json().id as number;
  await t.call('sendQuiz', teacher.token, { quiz_id: quizId, user_ids: [ann.id, ben.id] });
  const attempts: Record<number, number> = {};
  for (const student of [ann, ben]) {
    const started = await t.call('startQuizAttempt', student.token, {
      user_id: student.id,
      quiz_id: quizId,
    });
    const attemptId = started.json().attempt_id as number;
    attempts[student.id] = attemptId;
    await t.call('saveQuizAnswers', student.token, {
      user_id: student.id,
      attempt_id: attemptId,
      answers: (answers[student.id] ?? []).map((text, position) => ({
        position,
        response: { type: 'short' as const, text },
      })),
    });
    const submitted = await t.call('submitQuizAttempt', student.token, {
      user_id: student.id,
      attempt_id: attemptId,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
  }
  return { quizId, attempts };
}

const markOf = async (attemptId: number) =>
  (
    await t.database.db
      .selectFrom('quiz_attempts')
      .select('hundredths')
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow()
  ).hundredths;

describe('a regrade', () => {
  it('previews, then marks the answers to the same question with the corrected key and tells the students', async () => {
    // The key said "gone"; the right past simple is "went".
    const { id: itemId } = await saveItem(shortItem('Yesterday I ___ to the park.', 'gone'));
    const { attempts } = await takeQuiz('Past simple check', [itemId], {
      [ann.id]: ['went'],
      [ben.id]: ['gone'],
    });
    expect(await markOf(attempts[ann.id] ?? 0)).toBe(0);
    expect(await markOf(attempts[ben.id] ?? 0)).toBe(1000);

    const corrected = await saveItem(shortItem('Yesterday I ___ to the park.', 'went'), itemId);
    expect(corrected).toMatchObject({ version: 2, new_version: true });

    const preview = await t.call('previewQuizRegrade', otherTeacher.token, { item_id: itemId });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      message: '2 answers would be marked with the current key; 2 attempts would change.',
      answers: 2,
      changed: 2,
      kept: 0,
    });
    expect(
      preview
        .json()
        .changes.map((c) => [c.student, c.quiz_title, c.before?.hundredths, c.after?.hundredths]),
    ).toEqual([
      ['Regrade Ann', 'Past simple check', 0, 1000],
      ['Regrade Ben', 'Past simple check', 1000, 0],
    ]);
    // Nothing changed yet.
    expect(await markOf(attempts[ann.id] ?? 0)).toBe(0);

    const refused = await t.call('regradeQuizItem', otherTeacher.token, { item_id: itemId });
    expect(refused.statusCode).toBe(403);
    expect(await markOf(attempts[ann.id] ?? 0)).toBe(0);

    const applied = await t.call('regradeQuizItem', teacher.token, { item_id: itemId });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().message).toBe(
      'Regraded: 2 answers marked with the current key; 2 attempts changed.',
    );
    expect(await markOf(attempts[ann.id] ?? 0)).toBe(1000);
    expect(await markOf(attempts[ben.id] ?? 0)).toBe(0);

    // The review shows the score at once: both students are told.
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'message', 'topic'])
      .where('topic', '=', 'quiz_mark')
      .where('user_id', 'in', [ann.id, ben.id])
      .orderBy('user_id')
      .execute();
    expect(told.map((n) => n.message)).toEqual([
      'A corrected answer key changed your mark in "Past simple check": 10 / 10.',
      'A corrected answer key changed your mark in "Past simple check": 0 / 10.',
    ]);
    const logged = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_id', '=', teacher.id)
      .where('action', '=', 'regradeQuizItem')
      .execute();
    expect(logged.map((e) => JSON.parse(e.details ?? '{}'))).toEqual([{ item_id: itemId }]);

    // Done once: the answers now name the current version.
    const again = await t.call('previewQuizRegrade', teacher.token, { item_id: itemId });
    expect(again.json()).toMatchObject({ answers: 0, changed: 0, changes: [] });
    // The review reads the corrected key.
    const review = await t.call('quizReview', ann.token, {
      user_id: ann.id,
      attempt_id: attempts[ann.id] ?? 0,
    });
    expect(review.json().review.mark).toEqual({ hundredths: 1000, out_of: 10 });
  });

  it('keeps the marks of answers to a version that showed another question', async () => {
    const { id: itemId } = await saveItem(shortItem('The capital of Peru is ___.', 'Lima'));
    const { attempts } = await takeQuiz('Capitals', [itemId], {
      [ann.id]: ['Lima'],
      [ben.id]: ['Cusco'],
    });
    // A new question in place of the old one, not a corrected key.
    await saveItem(shortItem('The capital of Chile is ___.', 'Cusco'), itemId);
    const preview = await t.call('previewQuizRegrade', teacher.token, { item_id: itemId });
    expect(preview.json()).toMatchObject({
      message:
        'No answer to regrade: the 2 answers to earlier versions saw another question and keep their marks.',
      answers: 0,
      kept: 2,
      changes: [],
    });
    await t.call('regradeQuizItem', teacher.token, { item_id: itemId });
    expect(await markOf(attempts[ann.id] ?? 0)).toBe(1000);
    expect(await markOf(attempts[ben.id] ?? 0)).toBe(0);
  });

  it('says a spoken item is its teacher’s to mark, and an item that does not exist', async () => {
    const spoken = await t.call('saveQuizItem', teacher.token, {
      version: {
        prompt: 'Describe your home town.',
        body: { type: 'spoken', max_seconds: 60 },
        key: { type: 'spoken' },
        points: 2,
      },
    });
    const res = await t.call('previewQuizRegrade', teacher.token, { item_id: spoken.json().id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'A spoken answer is marked by its teacher from the recording: there is nothing to regrade.',
    );
    const none = await t.call('regradeQuizItem', teacher.token, { item_id: 999_999 });
    expect(none.statusCode).toBe(404);
  });
});

describe('a regrade and an attempt handed in at once', () => {
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'marks the attempt by the corrected key, whichever lands first',
    async () => {
      const db = t.database.db;
      const { id: itemId } = await saveItem(shortItem('The past of "eat" is ___.', 'eated'));
      const saved = await t.call('saveQuiz', teacher.token, {
        title: 'Handed in during a regrade',
        access_start: iso(t.clock.now - HOUR),
        access_end: iso(t.clock.now + HOUR),
        out_of: 10,
        parts: [{ item_id: itemId }],
      });
      const quizId = saved.json().id as number;
      await t.call('sendQuiz', teacher.token, { quiz_id: quizId, user_ids: [ann.id] });
      const started = await t.call('startQuizAttempt', ann.token, {
        user_id: ann.id,
        quiz_id: quizId,
      });
      const attemptId = started.json().attempt_id as number;
      await t.call('saveQuizAnswers', ann.token, {
        user_id: ann.id,
        attempt_id: attemptId,
        answers: [{ position: 0, response: { type: 'short' as const, text: 'ate' } }],
      });
      await saveItem(shortItem('The past of "eat" is ___.', 'ate'), itemId);

      // Ann hands it in just after the regrade has read her attempt as still open.
      let handedIn: Promise<unknown> = Promise.resolve();
      const paused = pausedAfterRead(db, { from: 'quiz_answers as a' }, async (trx) => {
        handedIn = t.call('submitQuizAttempt', ann.token, {
          user_id: ann.id,
          attempt_id: attemptId,
        });
        await finishedOrBlockedBy(db, handedIn, trx);
      });
      await regradeItem(paused, itemId, { apply: true, now: t.clock.now });
      await handedIn;

      const answer = await db
        .selectFrom('quiz_answers as a')
        .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
        .select(['v.version', 'a.hundredths'])
        .where('a.attempt_id', '=', attemptId)
        .executeTakeFirstOrThrow();
      expect(answer).toEqual({ version: 2, hundredths: 100 });
      expect(await markOf(attemptId)).toBe(1000);
    },
  );
});
