import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallPayload,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('speaking questions', () => {
  it('serves the active question (window inclusive) and its status', async () => {
    const student = await t.student();
    const now = t.clock.now;
    const save = await t.call('saveSpeakingQuestion', admin, {
      question_text: 'Describe your city.',
      start_time: iso(now),
      end_time: iso(now + HOUR),
    });
    expect(save.statusCode).toBe(200);
    const questionId = save.json().id;

    const active = (await t.call('getSpeakingQuestion', student, { user_id: student.id })).json();
    expect(active).toMatchObject({
      success: true,
      data: { id: questionId, question_text: 'Describe your city.' },
    });
    const status = (
      await t.call('getSpeakingQuestionStatus', student, {
        user_id: student.id,
        question_id: questionId,
      })
    ).json();
    expect(status).toMatchObject({ success: true, status: 'not_answered' });

    t.clock.now = now + HOUR + 1;
    const none = (await t.call('getSpeakingQuestion', student, { user_id: student.id })).json();
    expect(none).toEqual({
      success: false,
      data: null,
      message: 'No active question available at this time.',
    });
    t.clock.now = now;

    const list = (await t.call('listSpeakingQuestions', admin, {})).json().questions;
    expect(list.find((q: { id: number }) => q.id === questionId)).toMatchObject({
      answers_count: 0,
    });
    expect((await t.call('deleteSpeakingQuestion', admin, { id: questionId })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 No active question found. for the status of a question that does not exist', async () => {
    const student = await t.student();
    const res = await t.call('getSpeakingQuestionStatus', student, {
      user_id: student.id,
      question_id: 987654,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'No active question found.' });
  });

  it('edits a question (Saved.), and answers 404 for editing or deleting one that does not exist', async () => {
    const now = t.clock.now;
    const created = await t.call('saveSpeakingQuestion', admin, {
      question_text: 'Talk about your weekend.',
      start_time: iso(now - HOUR),
      end_time: iso(now + HOUR),
    });
    const id = created.json().id as number;

    const edited = await t.call('saveSpeakingQuestion', admin, {
      id,
      question_text: 'Talk about your last holiday.',
      start_time: iso(now - HOUR),
      end_time: iso(now + 3 * HOUR),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ success: true, message: 'Saved.', id });
    const listed = (await t.call('listSpeakingQuestions', admin, {}))
      .json()
      .questions.find((q: { id: number }) => q.id === id);
    expect(listed).toMatchObject({
      question_text: 'Talk about your last holiday.',
      end_time: iso(now + 3 * HOUR)
        .slice(0, 19)
        .replace('T', ' '),
    });

    const missing = await t.call('saveSpeakingQuestion', admin, {
      id: 987654,
      question_text: 'Nobody asked.',
      start_time: iso(now),
      end_time: iso(now + HOUR),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'No such question.' });
    expect(
      (await t.call('listSpeakingQuestions', admin, {}))
        .json()
        .questions.some((q: { question_text: string }) => q.question_text === 'Nobody asked.'),
    ).toBe(false);

    const gone = await t.call('deleteSpeakingQuestion', admin, { id: 987654 });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      success: false,
      message: 'Nothing to delete: it no longer exists.',
    });
  });

  it('refuses a question with a blank text or an end before its start', async () => {
    const blank = await t.call('saveSpeakingQuestion', admin, {
      question_text: ' ',
      start_time: iso(0),
      end_time: iso(1000),
    });
    expect(blank.json().message).toBe('Please enter the question.');
    const backwards = await t.call('saveSpeakingQuestion', admin, {
      question_text: 'Q',
      start_time: iso(1000),
      end_time: iso(0),
    });
    expect(backwards.json().message).toBe('The end time must be after the start time.');
  });
});

describe('speaking answers', () => {
  async function openQuestion() {
    const now = t.clock.now;
    const res = await t.call('saveSpeakingQuestion', admin, {
      question_text: `Q ${Math.random()}`,
      start_time: iso(now - HOUR),
      end_time: iso(now + HOUR),
    });
    return res.json().id as number;
  }
  const countFiles = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('stored_files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const send = (token: string, fields: CallPayload<'sendSpeakingAnswer'>) =>
    t.call('sendSpeakingAnswer', token, fields);

  it('takes one audio answer per student, which the admin plays back byte for byte', async () => {
    const student = await t.student({ name: 'Speaker' });
    const questionId = await openQuestion();
    const res = await send(student.token, {
      user_id: String(student.id),
      question_id: String(questionId),
      audio_file: { filename: 'answer.wav', content: samples.wav, type: 'audio/wav' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'File uploaded successfully.' });
    const status = (
      await t.call('getSpeakingQuestionStatus', student, {
        user_id: student.id,
        question_id: questionId,
      })
    ).json();
    expect(status.status).toBe('answered');

    const again = await send(student.token, {
      user_id: String(student.id),
      question_id: String(questionId),
      audio_file: { filename: 'again.wav', content: samples.wav },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already answered this question.');

    const answers = (await t.call('speakingAnswers', admin, { question_id: questionId })).json()
      .answers;
    expect(answers).toEqual([
      {
        id: expect.any(Number),
        user_id: student.id,
        user_name: 'Speaker',
        created_at: expect.any(String),
        file_name: 'answer.wav',
        file_url: expect.stringMatching(/^files\/\d+\?exp=\d+&u=\d+&sig=/),
        // A tenth of a second of sound, measured as it arrived.
        duration_seconds: 0,
        reply: null,
        // No card made from it yet (issue 27, point 18).
        cards: [],
      },
    ]);
    const download = await t.inject({ method: 'GET', url: `/api/${answers[0]?.file_url}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('audio/wav');
    expect(download.rawPayload.equals(samples.wav)).toBe(true);
  });

  it('refuses a non-audio file (415), a file over 5 MB (413), no file, and a closed question, storing nothing', async () => {
    const student = await t.student();
    const questionId = await openQuestion();
    const before = await countFiles();
    const base = { user_id: String(student.id), question_id: String(questionId) };

    const pdf = await send(student.token, {
      ...base,
      audio_file: { filename: 'answer.mp3', content: samples.pdf, type: 'audio/mpeg' },
    });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(
      'Only audio files (MP3, M4A, WAV, OGG, WEBM, AAC, FLAC) are accepted.',
    );

    const huge = Buffer.concat([samples.wav, Buffer.alloc(5_242_880)]);
    const big = await send(student.token, {
      ...base,
      audio_file: { filename: 'long.wav', content: huge, type: 'audio/wav' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file size exceeds the 5MB limit.');

    const none = await send(student.token, base);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a file.');

    t.clock.now += 2 * HOUR;
    const late = await send(student.token, {
      ...base,
      audio_file: { filename: 'late.wav', content: samples.wav },
    });
    t.clock.now -= 2 * HOUR;
    expect(late.statusCode).toBe(403);

    expect(await countFiles()).toBe(before);
    expect(
      (
        await t.call('getSpeakingQuestionStatus', student, {
          user_id: student.id,
          question_id: questionId,
        })
      ).json().status,
    ).toBe('not_answered');
  });

  it('takes an answer at exactly the start and end times (inclusive) and refuses one a millisecond outside', async () => {
    const now = t.clock.now;
    const start = now + HOUR;
    const end = now + 2 * HOUR;
    const questionId = (
      await t.call('saveSpeakingQuestion', admin, {
        question_text: 'A question with exact edges.',
        start_time: iso(start),
        end_time: iso(end),
      })
    ).json().id as number;
    const answerAt = async (at: number) => {
      const student = await t.student();
      t.clock.now = at;
      try {
        return await send(student.token, {
          user_id: String(student.id),
          question_id: String(questionId),
          audio_file: { filename: 'edge.wav', content: samples.wav, type: 'audio/wav' },
        });
      } finally {
        t.clock.now = now;
      }
    };

    const tooEarly = await answerAt(start - 1);
    expect(tooEarly.statusCode).toBe(403);
    expect(tooEarly.json()).toEqual({
      success: false,
      message: 'This question is not open for answers now.',
    });
    expect((await answerAt(start)).statusCode).toBe(200);
    const atEnd = await answerAt(end);
    expect(atEnd.statusCode, atEnd.body).toBe(200);
    expect(atEnd.json()).toEqual({ success: true, message: 'File uploaded successfully.' });
    const tooLate = await answerAt(end + 1);
    expect(tooLate.statusCode).toBe(403);
    expect(tooLate.json().message).toBe('This question is not open for answers now.');

    const answers = (await t.call('speakingAnswers', admin, { question_id: questionId })).json()
      .answers;
    expect(answers).toHaveLength(2);
  });

  it('keeps students to their own answers', async () => {
    const sara = await t.student();
    const omid = await t.student();
    const questionId = await openQuestion();
    const res = await send(sara.token, {
      user_id: String(omid.id),
      question_id: String(questionId),
      audio_file: { filename: 'a.wav', content: samples.wav },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.call('speakingAnswers', sara, { question_id: questionId })).statusCode).toBe(
      403,
    );
  });
});
