import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/harness.js';
import { samples } from '../../../test-support/samples.js';
import { classOf, everyKindOfItem, HOUR, insertRecording, iso, MINUTE } from './quiz-fixtures.js';
import { TIME_UP } from './routes.js';

/**
 * Issue 51, point 1: a spoken answer recorded in the app. The recording is stored and saved as
 * the item's answer in one call, on the server's clock like every save; staff hear it when
 * they mark it. (Its upload rule is `saveQuizRecording` in contract/src/uploads.ts.)
 */
let t: TestApp;
let admin: TestUser;
let ann: TestUser;
let quizId: number;
let spokenItem: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  ann = await t.student({ name: 'Ann Student' });
  const classId = await classOf(t, admin, 'Speaking class', [ann]);
  const passage = await insertRecording(t.database.db, admin.id, t.clock.now, 0);
  const items = await everyKindOfItem(t.database.db, admin.id, t.clock.now, passage);
  spokenItem = items[9] as number;
  quizId = (
    await t.call('saveQuiz', admin.token, {
      title: 'Speak',
      access_start: iso(t.clock.now - HOUR),
      access_end: iso(t.clock.now + HOUR),
      time_limit_minutes: 5,
      attempts_allowed: 0,
      parts: [{ item_id: items[0] as number }, { item_id: spokenItem }],
    })
  ).json().id;
  await t.call('sendQuiz', admin.token, { quiz_id: quizId, class_id: classId });
});
afterAll(() => t.close());

const record = (attemptId: number, position: number) =>
  t.call('saveQuizRecording', ann.token, {
    user_id: String(ann.id),
    attempt_id: String(attemptId),
    position: String(position),
    audio_file: { filename: 'answer.wav', content: samples.wav },
  });

describe('a spoken answer', () => {
  it('stores the recording as the answer, and staff get a link to it', async () => {
    const attemptId = (
      await t.call('startQuizAttempt', ann.token, { user_id: ann.id, quiz_id: quizId })
    ).json().attempt_id;
    const saved = await record(attemptId, 1);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Your recording was saved.');
    const item = (
      await t.call('getQuizAttempt', ann.token, { user_id: ann.id, attempt_id: attemptId })
    ).json().attempt.items[1];
    expect(item?.response).toMatchObject({ type: 'spoken' });
    const wrong = await record(attemptId, 0);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Question 1 is not answered by a recording.');
    await t.call('submitQuizAttempt', ann.token, { user_id: ann.id, attempt_id: attemptId });
    const full = (
      await t.call('staffQuizAttempt', admin.token, { attempt_id: attemptId, user_id: ann.id })
    ).json().attempt;
    expect(full.items[1]).toMatchObject({ outcome: 'awaiting' });
    expect(full.items[1]?.recording_url).toMatch(/^files\/\d+\?/);
  });

  it('keeps nothing of a recording sent after the time limit', async () => {
    const startedAt = t.clock.now;
    const attemptId = (
      await t.call('startQuizAttempt', ann.token, { user_id: ann.id, quiz_id: quizId })
    ).json().attempt_id;
    const files = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('stored_files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await files();
    t.clock.now = startedAt + 5 * MINUTE + 1000;
    try {
      const late = await record(attemptId, 1);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(TIME_UP);
      expect(await files()).toBe(before);
    } finally {
      t.clock.now = startedAt;
    }
  });
});
