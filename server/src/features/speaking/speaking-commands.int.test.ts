import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { refusingDeletesFrom } from '../../test-support/refusing-db.js';
import { samples } from '../../test-support/samples.js';
import { removeSpeakingQuestion, replyToAnswer } from './speaking-commands.js';

/**
 * The speaking writes that remove stored files, called as the handlers call them: the
 * recordings nothing plays any more go, rows and bytes, and a write the database refuses
 * leaves the rows and the bytes as they were (docs/decisions.md, "Issue 28, point 5").
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * An open question with a student's recorded answer and the administrator's recorded reply:
 * the ids, and the storage keys of both recordings.
 */
async function answeredAndReplied() {
  const student = await t.student();
  const question = await t.call('saveSpeakingQuestion', admin, {
    question_text: 'Describe your town.',
    start_time: iso(t.clock.now - HOUR),
    end_time: iso(t.clock.now + HOUR),
  });
  expect(question.statusCode, question.body).toBe(200);
  const questionId = question.json().id;
  const answered = await t.call('sendSpeakingAnswer', student, {
    user_id: String(student.id),
    question_id: String(questionId),
    audio_file: { filename: 'answer.webm', content: samples.webm, type: 'audio/webm' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const { id: answerId } = await t.database.db
    .selectFrom('speaking_answers')
    .select('id')
    .where('question_id', '=', questionId)
    .executeTakeFirstOrThrow();
  const replied = await t.call('replySpeakingAnswer', admin, {
    answer_id: String(answerId),
    reply_text: 'Well said.',
    reply_audio: { filename: 'reply.ogg', content: samples.ogg, type: 'audio/ogg' },
  });
  expect(replied.statusCode, replied.body).toBe(200);
  const files = await t.database.db
    .selectFrom('speaking_answers as a')
    .innerJoin('stored_files as recording', 'recording.id', 'a.file_id')
    .innerJoin('stored_files as reply', 'reply.id', 'a.reply_file_id')
    .select(['recording.storage_key as recording', 'reply.storage_key as reply'])
    .where('a.id', '=', answerId)
    .executeTakeFirstOrThrow();
  expect(await stored([files.recording, files.reply])).toEqual([true, true]);
  return { student, questionId, answerId, ...files };
}

const stored = (keys: string[]) => Promise.all(keys.map((key) => t.app.deps.storage.exists(key)));
const rowsOf = async (keys: string[]) =>
  (
    await t.database.db
      .selectFrom('stored_files')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .execute()
  ).length;
const answerOf = (answerId: number) =>
  t.database.db
    .selectFrom('speaking_answers')
    .select(['reply_text', 'reply_file_id'])
    .where('id', '=', answerId)
    .executeTakeFirst();

describe('removeSpeakingQuestion', () => {
  it("deletes the question with its answers and both recordings' rows and bytes", async () => {
    const { questionId, answerId, recording, reply } = await answeredAndReplied();
    expect(await removeSpeakingQuestion(t.app.deps, questionId)).toBe(true);
    expect(await answerOf(answerId)).toBeUndefined();
    expect(await rowsOf([recording, reply])).toBe(0);
    expect(await stored([recording, reply])).toEqual([false, false]);
    expect(await removeSpeakingQuestion(t.app.deps, questionId)).toBe(false);
  });

  it('leaves the question, the answer and both recordings when the database refuses the delete', async () => {
    const { questionId, answerId, recording, reply } = await answeredAndReplied();
    const { db, refused } = refusingDeletesFrom(t.database.db, 'stored_files');
    await expect(removeSpeakingQuestion({ ...t.app.deps, db }, questionId)).rejects.toThrow(
      'refused',
    );
    expect(refused.count).toBe(1);
    expect(await answerOf(answerId)).toMatchObject({ reply_text: 'Well said.' });
    expect(await rowsOf([recording, reply])).toBe(2);
    expect(await stored([recording, reply])).toEqual([true, true]);
  });
});

describe('replyToAnswer', () => {
  const withoutAudio = (answer: { id: number; user_id: number }) => ({
    answer,
    text: 'Text only now.',
    recording: undefined,
    removeAudio: true,
    adminId: admin.id,
    mark: null,
  });

  it("removes the row and bytes of the reply recording it takes away, and keeps the student's", async () => {
    const { student, answerId, recording, reply } = await answeredAndReplied();
    const answer = { id: answerId, user_id: student.id };
    expect(await replyToAnswer(t.app.deps, withoutAudio(answer))).toBe(true);
    expect(await answerOf(answerId)).toEqual({ reply_text: 'Text only now.', reply_file_id: null });
    expect(await rowsOf([reply])).toBe(0);
    expect(await stored([recording, reply])).toEqual([true, false]);
    expect(await replyToAnswer(t.app.deps, withoutAudio({ ...answer, id: 987_654 }))).toBe(false);
  });

  it('leaves the reply and its recording when the database refuses the change', async () => {
    const { student, answerId, reply } = await answeredAndReplied();
    const { db, refused } = refusingDeletesFrom(t.database.db, 'stored_files');
    await expect(
      replyToAnswer({ ...t.app.deps, db }, withoutAudio({ id: answerId, user_id: student.id })),
    ).rejects.toThrow('refused');
    expect(refused.count).toBe(1);
    expect(await answerOf(answerId)).toMatchObject({ reply_text: 'Well said.' });
    expect(await rowsOf([reply])).toBe(1);
    expect(await stored([reply])).toEqual([true]);
  });
});
