import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFileUrl } from '../../files/signing.js';
import {
  type CallPayload,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

/**
 * Issue 21, points 1 and 2: the time limit of a speaking question, the recorded types the
 * browsers make, and the administrator's reply (text and voice) to an answer, which only the
 * student it is for (and admins) can hear (a correction's recorded comment:
 * corrections/recorded-comments.int.test.ts).
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

async function saveQuestion(fields: object) {
  return t.call('saveSpeakingQuestion', admin, {
    question_text: `Q ${Math.random()}`,
    start_time: iso(t.clock.now - HOUR),
    end_time: iso(t.clock.now + HOUR),
    ...fields,
  });
}

async function answer(student: TestUser, questionId: number, content: Buffer = samples.webm) {
  return t.call('sendSpeakingAnswer', student, {
    user_id: String(student.id),
    question_id: String(questionId),
    audio_file: { filename: 'answer.webm', content, type: 'audio/webm' },
  });
}

async function answerIdOf(questionId: number, userId: number): Promise<number> {
  const res = await t.call('speakingAnswers', admin, { question_id: questionId });
  const answer = res.json().answers.find((a) => a.user_id === userId);
  if (!answer) throw new Error(`no answer of user ${userId}`);
  return answer.id;
}

const fetchFile = (link: string | null | undefined) =>
  t.inject({ method: 'GET', url: `/api/${link}` });

describe('the time limit of a speaking question', () => {
  it('is 120 seconds unless set, is kept as set, and travels to the student', async () => {
    const plain = await saveQuestion({});
    expect(plain.statusCode, plain.body).toBe(200);
    const timed = await saveQuestion({ answer_seconds: 45 });
    expect(timed.statusCode, timed.body).toBe(200);

    const list = (await t.call('listSpeakingQuestions', admin, {})).json().questions;
    const byId = (id: number) => list.find((q: { id: number }) => q.id === id);
    expect(byId(plain.json().id)?.answer_seconds).toBe(120);
    expect(byId(timed.json().id)?.answer_seconds).toBe(45);

    // An edit changes it.
    const edit = await saveQuestion({ id: timed.json().id, answer_seconds: 300 });
    expect(edit.statusCode, edit.body).toBe(200);
    const student = await t.student();
    // The student's question is the earliest open one: each of this file's starts an hour ago,
    // and ids break the tie, so the first one made is shown.
    const shown = (await t.call('getSpeakingQuestion', student, { user_id: student.id })).json()
      .data;
    expect(shown?.answer_seconds).toEqual(expect.any(Number));
    const again = (await t.call('listSpeakingQuestions', admin, {})).json().questions;
    expect(again.find((q: { id: number }) => q.id === timed.json().id)?.answer_seconds).toBe(300);
  });

  it('refuses a limit under 10 s, over 300 s, or not a whole number, with a 400 naming it', async () => {
    for (const [value, words] of [
      [5, 'must be at least 10'],
      [301, 'must be at most 300 seconds'],
      [12.5, 'has a value of the wrong kind'],
      ['two minutes', 'has a value of the wrong kind'],
    ] as const) {
      const res = await saveQuestion({ answer_seconds: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('answer_seconds');
      expect(res.json().message).toContain(words);
    }
  });
});

describe('recorded answers', () => {
  // Real recordings (test-support/recordings/); an MP4 or WebM without video is served as sound.
  it("takes what browsers' recorders make: WebM, Ogg Opus and MP4 audio", async () => {
    for (const [content, type] of [
      [samples.webm, 'audio/webm'],
      [samples.ogg, 'audio/ogg; codecs=opus'],
      [samples.m4a, 'audio/mp4'],
    ] as [Buffer, string][]) {
      const student = await t.student();
      const question = (await saveQuestion({})).json().id as number;
      const res = await answer(student, question, content);
      expect(res.statusCode, res.body).toBe(200);
      const listed = (await t.call('speakingAnswers', admin, { question_id: question })).json()
        .answers[0];
      const file = await fetchFile(listed?.file_url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
    }
  });
});

describe("the administrator's reply to a speaking answer", () => {
  it('is text and a recording the student hears on the speaking screen and in their results', async () => {
    const student = await t.student({ name: 'Replied Student' });
    const question = (await saveQuestion({ question_text: 'Describe your street.' })).json()
      .id as number;
    expect((await answer(student, question)).statusCode).toBe(200);
    const answerId = await answerIdOf(question, student.id);

    // Nothing yet.
    const before = await t.call('getSpeakingQuestionStatus', student, {
      user_id: student.id,
      question_id: question,
    });
    expect(before.json()).toMatchObject({ status: 'answered', reply: null });
    expect((await t.call('speakingReplies', student, { user_id: student.id })).json()).toEqual({
      success: true,
      replies: [],
    });

    const reply = await t.call('replySpeakingAnswer', admin, {
      answer_id: String(answerId),
      reply_text: 'Good pace. Watch the "th".',
      reply_audio: { filename: 'reply.ogg', content: samples.ogg, type: 'audio/ogg' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: 'Your reply was sent.' });

    // The admin's list shows it beside the answer.
    const listed = (await t.call('speakingAnswers', admin, { question_id: question })).json()
      .answers[0];
    expect(listed?.reply).toEqual({
      reply_text: 'Good pace. Watch the "th".',
      reply_audio_url: expect.stringMatching(/^files\/\d+\?exp=\d+&u=\d+&sig=/),
      reply_audio_seconds: 2,
      replied_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      mark: null,
    });

    // The speaking screen's status call carries it, signed for the student.
    const status = (
      await t.call('getSpeakingQuestionStatus', student, {
        user_id: student.id,
        question_id: question,
      })
    ).json();
    expect(status.reply?.reply_text).toBe('Good pace. Watch the "th".');
    expect(status.reply?.reply_audio_url).toContain(`u=${student.id}&`);
    const heard = await fetchFile(status.reply?.reply_audio_url);
    expect(heard.statusCode).toBe(200);
    expect(heard.rawPayload.equals(samples.ogg)).toBe(true);

    // Assignment Results lists it with the question and the student's own answer.
    const replies = (await t.call('speakingReplies', student, { user_id: student.id })).json()
      .replies;
    expect(replies).toEqual([
      {
        answer_id: answerId,
        question_text: 'Describe your street.',
        answered_at: expect.any(String),
        answer_url: expect.stringMatching(/^files\/\d+\?/),
        answer_seconds: 2,
        reply_text: 'Good pace. Watch the "th".',
        reply_audio_url: expect.stringMatching(/^files\/\d+\?/),
        reply_audio_seconds: 2,
        replied_at: expect.any(String),
        mark: null,
      },
    ]);
    expect((await fetchFile(replies[0]?.answer_url)).rawPayload.equals(samples.webm)).toBe(true);
  });

  it('replaces the text and the recording when sent again, removing the old recording', async () => {
    const student = await t.student();
    const question = (await saveQuestion({})).json().id as number;
    await answer(student, question);
    const answerId = await answerIdOf(question, student.id);
    const send = (fields: Omit<CallPayload<'replySpeakingAnswer'>, 'answer_id'>) =>
      t.call('replySpeakingAnswer', admin, {
        answer_id: String(answerId),
        ...fields,
      });
    const fileOf = async () =>
      (
        await t.database.db
          .selectFrom('speaking_answers')
          .select('reply_file_id')
          .where('id', '=', answerId)
          .executeTakeFirstOrThrow()
      ).reply_file_id;

    expect(
      (await send({ reply_audio: { filename: 'a.wav', content: samples.wav } })).statusCode,
    ).toBe(200);
    const first = await fileOf();
    expect(first).not.toBeNull();
    const firstKey = (
      await t.database.db
        .selectFrom('stored_files')
        .select('storage_key')
        .where('id', '=', first as number)
        .executeTakeFirstOrThrow()
    ).storage_key;

    // Only the text changes: the recording stays.
    expect((await send({ reply_text: 'Better now.' })).statusCode).toBe(200);
    expect(await fileOf()).toBe(first);

    // A new recording replaces the old one, whose row and bytes go.
    expect(
      (await send({ reply_audio: { filename: 'b.webm', content: samples.webm } })).statusCode,
    ).toBe(200);
    const second = await fileOf();
    expect(second).not.toBe(first);
    expect(
      await t.database.db
        .selectFrom('stored_files')
        .select('id')
        .where('id', '=', first as number)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await t.app.deps.storage.exists(firstKey)).toBe(false);

    // And it can be taken away, keeping the text.
    expect((await send({ reply_text: 'Text only.', remove_audio: '1' })).statusCode).toBe(200);
    expect(await fileOf()).toBeNull();
    const status = (
      await t.call('getSpeakingQuestionStatus', student, {
        user_id: student.id,
        question_id: question,
      })
    ).json();
    expect(status.reply).toMatchObject({ reply_text: 'Text only.', reply_audio_url: null });
  });

  it('refuses an empty reply, a reply that is not audio, and an answer that does not exist, storing nothing', async () => {
    const student = await t.student();
    const question = (await saveQuestion({})).json().id as number;
    await answer(student, question);
    const answerId = await answerIdOf(question, student.id);
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('stored_files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();

    const empty = await t.call('replySpeakingAnswer', admin, {
      answer_id: String(answerId),
      reply_text: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please write a reply or record one.');

    const pdf = await t.call('replySpeakingAnswer', admin, {
      answer_id: String(answerId),
      reply_audio: { filename: 'r.mp3', content: samples.pdf, type: 'audio/mpeg' },
    });
    expect(pdf.statusCode).toBe(415);

    const gone = await t.call('replySpeakingAnswer', admin, {
      answer_id: '2000000000',
      reply_text: 'Hello',
      reply_audio: { filename: 'r.wav', content: samples.wav },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This answer no longer exists.');

    const long = await t.call('replySpeakingAnswer', admin, {
      answer_id: String(answerId),
      reply_text: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('is heard by no other student: they are refused its lists and cannot sign its link', async () => {
    const owner = await t.student();
    const other = await t.student();
    const question = (await saveQuestion({})).json().id as number;
    await answer(owner, question);
    await answer(other, question);
    const answerId = await answerIdOf(question, owner.id);
    await t.call('replySpeakingAnswer', admin, {
      answer_id: String(answerId),
      reply_text: 'Owner-only words',
      reply_audio: { filename: 'r.wav', content: samples.wav },
    });

    // The owner's lists, asked by another student, are refused.
    for (const res of [
      await t.call('speakingReplies', other, { user_id: owner.id }),
      await t.call('getSpeakingQuestionStatus', other, {
        user_id: owner.id,
        question_id: question,
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('Owner-only words');
    }
    // Their own lists hold nothing of it.
    const own = await t.call('speakingReplies', other, { user_id: other.id });
    expect(own.json()).toEqual({ success: true, replies: [] });
    const ownStatus = await t.call('getSpeakingQuestionStatus', other, {
      user_id: other.id,
      question_id: question,
    });
    expect(ownStatus.json().reply).toBeNull();
    // Nor can a student reply.
    const reply = await t.call('replySpeakingAnswer', other, {
      answer_id: String(answerId),
      reply_text: 'Mine now',
    });
    expect(reply.statusCode).toBe(403);

    // The owner's link names the owner; the same file with the other student's id in it (or
    // any signature but the server's) is refused.
    const link = (await t.call('speakingReplies', owner, { user_id: owner.id })).json().replies[0]
      ?.reply_audio_url as string;
    const fileId = Number(/^files\/(\d+)/.exec(link)?.[1]);
    const swapped = link.replace(`u=${owner.id}&`, `u=${other.id}&`);
    expect((await fetchFile(swapped)).statusCode).toBe(403);
    const forged = signFileUrl('not-the-secret', fileId, other.id, t.clock.now);
    expect((await fetchFile(forged)).statusCode).toBe(403);
    expect((await fetchFile(link)).statusCode).toBe(200);
  });

  it('removes the recordings with the question', async () => {
    const student = await t.student();
    const question = (await saveQuestion({})).json().id as number;
    await answer(student, question);
    const answerId = await answerIdOf(question, student.id);
    await t.call('replySpeakingAnswer', admin, {
      answer_id: String(answerId),
      reply_audio: { filename: 'r.wav', content: samples.wav },
    });
    const keys = await t.database.db
      .selectFrom('speaking_answers as a')
      .innerJoin('stored_files as f', (join) =>
        join.on((eb) =>
          eb.or([eb('f.id', '=', eb.ref('a.file_id')), eb('f.id', '=', eb.ref('a.reply_file_id'))]),
        ),
      )
      .select('f.storage_key')
      .where('a.id', '=', answerId)
      .execute();
    expect(keys).toHaveLength(2);
    const res = await t.call('deleteSpeakingQuestion', admin, { id: question });
    expect(res.statusCode, res.body).toBe(200);
    for (const { storage_key } of keys)
      expect(await t.app.deps.storage.exists(storage_key)).toBe(false);
  });
});
