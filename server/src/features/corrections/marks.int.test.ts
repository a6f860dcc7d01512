import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

/**
 * Issue 30, point 1: a correction and a reply to a spoken answer may carry a mark, out of a
 * maximum (100 unless said), exact; the student sees it with the correction or the reply.
 * What is not a mark is refused in words and writes nothing.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

const resultsOf = async (student: TestUser) => {
  const answer = (await t.call('studentsGetCorrections', student, { user_id: student.id })).json();
  if (!Array.isArray(answer)) throw new Error(`no results: ${answer.message}`);
  return answer as { title: string; mark: unknown }[];
};
const countCorrections = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('corrections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a mark on a correction', () => {
  it('is kept exactly, out of 100 or the maximum given, and shown to the student and the sent list', async () => {
    const student = await t.student();
    const correct = (title: string, mark?: string, outOf?: string) =>
      t.call('sendCorrection', admin, {
        user_id: String(student.id),
        title,
        ...(mark === undefined ? {} : { mark }),
        ...(outOf === undefined ? {} : { mark_out_of: outOf }),
      });
    expect((await correct('Essay', '85.5')).statusCode).toBe(200);
    expect((await correct('Quiz', '17,25', '20')).statusCode).toBe(200);
    expect((await correct('Notes only')).statusCode).toBe(200);

    expect(await resultsOf(student)).toEqual([
      expect.objectContaining({ title: 'Notes only', mark: null }),
      expect.objectContaining({ title: 'Quiz', mark: { hundredths: 1725, out_of: 20 } }),
      expect.objectContaining({ title: 'Essay', mark: { hundredths: 8550, out_of: 100 } }),
    ]);
    const page = (await t.call('getCorrections', admin, { page: 1 })).json();
    if (!('corrections' in page)) throw new Error('the sent list answered no page');
    expect(page.corrections.find((c) => c.title === 'Essay')?.mark).toEqual({
      hundredths: 8550,
      out_of: 100,
    });
  });

  it('refuses what is not a mark, in words, and writes nothing', async () => {
    const student = await t.student();
    const before = await countCorrections();
    for (const [mark, outOf, words] of [
      ['101', '', 'The mark can be at most 100.'],
      ['21', '20', 'The mark can be at most 20.'],
      ['85.555', '', 'The mark must be a number such as 85 or 85.5, with at most two decimals.'],
      ['ninety', '', 'The mark must be a number such as 85 or 85.5, with at most two decimals.'],
      ['5', '0', 'The mark must be out of a whole number from 1 to 1000.'],
      ['5', '5000', 'The mark must be out of a whole number from 1 to 1000.'],
    ] as const) {
      const res = await t.call('sendCorrection', admin, {
        user_id: String(student.id),
        title: 'Marked',
        mark,
        mark_out_of: outOf,
        file1: { filename: 'essay.pdf', content: samples.pdf },
      });
      expect(res.statusCode, `${mark} / ${outOf}`).toBe(400);
      // The spec's correction call says what went wrong in `error`.
      expect((res.json() as unknown as { error: string }).error, `${mark} / ${outOf}`).toBe(words);
    }
    expect(await countCorrections()).toBe(before);
  });

  it("is a teacher's to give their own students", async () => {
    const student = await t.student();
    const classId = (await t.call('createClass', admin, { name: 'Marked class' })).json().class_id;
    await t.call('addClassStudents', admin, { class_id: classId, user_ids: [student.id] });
    const teacher = await t.teacher({ classIds: [classId] });
    const res = await t.call('sendCorrection', teacher, {
      user_id: String(student.id),
      title: 'From the teacher',
      mark: '92',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await resultsOf(student))[0]?.mark).toEqual({ hundredths: 9200, out_of: 100 });
  });
});

describe('a mark on a reply to a spoken answer', () => {
  it('comes with the reply, is replaced when the reply is sent again, and is refused when not a mark', async () => {
    const student = await t.student();
    const question = await t.call('saveSpeakingQuestion', admin, {
      question_text: 'Describe your street.',
      start_time: new Date(t.clock.now - HOUR).toISOString(),
      end_time: new Date(t.clock.now + HOUR).toISOString(),
    });
    const questionId = question.json().id;
    const sent = await t.call('sendSpeakingAnswer', student, {
      user_id: String(student.id),
      question_id: String(questionId),
      audio_file: { filename: 'answer.webm', content: samples.webm, type: 'audio/webm' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const answers = (await t.call('speakingAnswers', admin, { question_id: questionId })).json()
      .answers as { id: number; user_id: number; reply: { mark: unknown } | null }[];
    const answerId = answers.find((a) => a.user_id === student.id)?.id ?? 0;
    const reply = (fields: Record<string, string>) =>
      t.call('replySpeakingAnswer', admin, {
        answer_id: String(answerId),
        reply_text: 'Clear and well paced.',
        ...fields,
      });
    const repliesOf = async () =>
      (await t.call('speakingReplies', student, { user_id: student.id })).json().replies as {
        answer_id: number;
        mark: unknown;
      }[];

    expect((await reply({ mark: '8', mark_out_of: '10' })).statusCode).toBe(200);
    expect((await repliesOf())[0]?.mark).toEqual({ hundredths: 800, out_of: 10 });

    const refused = await reply({ mark: '11', mark_out_of: '10' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The mark can be at most 10.');
    expect((await repliesOf())[0]?.mark).toEqual({ hundredths: 800, out_of: 10 });

    // Sent again without a mark, the reply has none: the form sends what it shows.
    expect((await reply({})).statusCode).toBe(200);
    expect((await repliesOf())[0]?.mark).toBeNull();
  });
});
