import { SPEAKING_MAX_SECONDS } from '@academy/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

/**
 * Issue 27, point 9: a recording's limits hold on the server, not only in the browser. Every
 * place a recording is uploaded (a spoken answer, the administrator's spoken reply, and a
 * correction's recorded comment in corrections/recorded-comments.int.test.ts) measures it: sound only, a length that can be read, and no
 * longer than its limit (the question's own for an answer, 300 s for the others) plus 2 s.
 * Real browser recordings (WebM without a duration, fragmented MP4, Ogg Opus) still pass,
 * and their length is kept and shown.
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

async function question(answerSeconds: number): Promise<number> {
  const res = await t.call('saveSpeakingQuestion', admin, {
    question_text: `Q ${Math.random()}`,
    start_time: iso(t.clock.now - HOUR),
    end_time: iso(t.clock.now + HOUR),
    answer_seconds: answerSeconds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

function answer(student: TestUser, questionId: number, content: Buffer, filename: string) {
  return t.call('sendSpeakingAnswer', student, {
    user_id: String(student.id),
    question_id: String(questionId),
    audio_file: { filename, content },
  });
}

async function storedFileCount(): Promise<number> {
  const row = await t.app.deps.db
    .selectFrom('stored_files')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function answersOf(questionId: number) {
  return (await t.call('speakingAnswers', admin, { question_id: questionId })).json().answers as {
    id: number;
    user_id: number;
    duration_seconds: number | null;
    file_url: string;
    reply: { reply_audio_seconds: number | null } | null;
  }[];
}

describe('a spoken answer', () => {
  it('longer than its question allows is refused with a 400 saying so, and nothing is kept', async () => {
    const student = await t.student();
    const id = await question(10);
    const files = await storedFileCount();
    const res = await answer(student, id, samples.wavOfSeconds(325), 'long.wav');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('The recording is 5:25 long; it may be at most 0:10.');
    expect(await answersOf(id)).toEqual([]);
    expect(await storedFileCount()).toBe(files);

    // Within the two seconds' grace it is taken, and its length is kept.
    const fits = await answer(student, id, samples.wavOfSeconds(11.5), 'fits.wav');
    expect(fits.statusCode, fits.body).toBe(200);
    expect((await answersOf(id))[0]?.duration_seconds).toBe(12);
  });

  it('just past the grace is refused', async () => {
    const student = await t.student();
    const id = await question(10);
    const res = await answer(student, id, samples.wavOfSeconds(12.5), 'over.wav');
    expect(res.statusCode, res.body).toBe(400);
  });

  it('with video in it (a camera recording, MP4 or WebM) is refused with a 415', async () => {
    for (const [content, name] of [
      [samples.mp4Video, 'answer.mp4'],
      [samples.webmVideo, 'answer.webm'],
    ] as const) {
      const student = await t.student();
      const id = await question(120);
      const res = await answer(student, id, content, name);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().message).toBe('Please send a sound recording: this file has video in it.');
      expect(await answersOf(id)).toEqual([]);
    }
  });

  it('whose length cannot be read is refused with a 415 that says what to do', async () => {
    const student = await t.student();
    const id = await question(120);
    // A WebM header and nothing after it: audio by its first bytes, but no recording.
    const broken = samples.webm.subarray(0, 200);
    const res = await answer(student, id, broken, 'broken.webm');
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().message).toMatch(/^The length of this recording cannot be read\./);
  });

  it("made by browsers' recorders is taken and measured: WebM without a duration, fragmented MP4, Ogg Opus", async () => {
    for (const [content, name, seconds, type] of [
      [samples.webm, 'answer.webm', 2, 'audio/webm'],
      [samples.m4a, 'answer.m4a', 2, 'audio/mp4'],
      [samples.oggOpus(3), 'answer.ogg', 3, 'audio/ogg; codecs=opus'],
    ] as const) {
      const student = await t.student();
      const id = await question(10);
      const res = await answer(student, id, content, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const [listed] = await answersOf(id);
      expect(listed?.duration_seconds, name).toBe(seconds);
      // An MP4 or WebM without video is served as sound.
      const file = await t.inject({ method: 'GET', url: `/api/${listed?.file_url}` });
      expect(file.headers['content-type'], name).toBe(type);

      // The student hears it again on the speaking screen, with its length.
      const status = (
        await t.call('getSpeakingQuestionStatus', student, { user_id: student.id, question_id: id })
      ).json();
      expect(status.answer).toEqual({ file_url: expect.any(String), duration_seconds: seconds });
      const own = await t.inject({ method: 'GET', url: `/api/${status.answer?.file_url}` });
      expect(own.rawPayload.equals(content)).toBe(true);
    }
  });
});

describe("the administrator's spoken reply", () => {
  it('is held to 300 s and to sound only, and its length is shown', async () => {
    const student = await t.student();
    const id = await question(120);
    expect((await answer(student, id, samples.webm, 'a.webm')).statusCode).toBe(200);
    const answerId = (await answersOf(id))[0]?.id;
    const reply = (content: Buffer, filename: string) =>
      t.call('replySpeakingAnswer', admin, {
        answer_id: String(answerId),
        reply_audio: { filename, content },
      });

    const long = await reply(samples.wavOfSeconds(SPEAKING_MAX_SECONDS + 3), 'long.wav');
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().message).toBe('The recording is 5:03 long; it may be at most 5:00.');
    const video = await reply(samples.mp4Video, 'reply.mp4');
    expect(video.statusCode, video.body).toBe(415);
    expect((await answersOf(id))[0]?.reply).toBeNull();

    const ok = await reply(samples.oggOpus(4), 'reply.ogg');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await answersOf(id))[0]?.reply?.reply_audio_seconds).toBe(4);
  });
});
