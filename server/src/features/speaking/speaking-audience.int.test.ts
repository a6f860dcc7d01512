import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

/**
 * Issue 29, point 5: a speaking question goes to everyone, a class or chosen students, and a
 * student sees every question open to them, not just one.
 */

const HOUR = 3_600_000;
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let inClass: TestUser;
let outside: TestUser;
let classId: number;
const iso = (ms: number) => new Date(ms).toISOString();
const window = () => ({ start_time: iso(t.clock.now - HOUR), end_time: iso(t.clock.now + HOUR) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  inClass = await t.student({ name: 'In Class' });
  outside = await t.student({ name: 'Outside' });
  classId = (await t.call('createClass', admin.token, { name: 'Speaking Class' })).json().class_id;
  await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [inClass.id] });
  teacher = await t.teacher({ name: 'Speaking Teacher', classIds: [classId] });
});
afterAll(() => t.close());

const openTo = async (student: TestUser) =>
  (await t.call('getOpenSpeakingQuestions', student.token, { user_id: student.id }))
    .json()
    .questions.map((q) => [q.question_text, q.answered]);

describe('who a speaking question is for', () => {
  it('opens a class’s question to its students only, beside everyone’s', async () => {
    const everyone = await t.call('saveSpeakingQuestion', admin.token, {
      question_text: 'For everyone',
      ...window(),
    });
    expect(everyone.json().message).toBe('The question was created for everyone.');
    const forClass = await t.call('saveSpeakingQuestion', teacher.token, {
      question_text: 'For the class',
      ...window(),
      class_id: String(classId),
    });
    expect(forClass.json().message).toBe('The question was created for Speaking Class.');
    const classQuestion = forClass.json().id;

    expect(await openTo(inClass)).toEqual([
      ['For everyone', false],
      ['For the class', false],
    ]);
    expect(await openTo(outside)).toEqual([['For everyone', false]]);

    // Outside the class, the class's question is no question at all.
    const refused = await t.call('sendSpeakingAnswer', outside.token, {
      user_id: String(outside.id),
      question_id: String(classQuestion),
      audio_file: { filename: 'a.wav', content: samples.wav },
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (
        await t.call('getSpeakingQuestionStatus', outside.token, {
          user_id: outside.id,
          question_id: everyone.json().id,
        })
      ).statusCode,
    ).toBe(200);

    const answered = await t.call('sendSpeakingAnswer', inClass.token, {
      user_id: String(inClass.id),
      question_id: String(classQuestion),
      audio_file: { filename: 'a.wav', content: samples.wav },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await openTo(inClass)).toContainEqual(['For the class', true]);

    // The panel says who each is for; a teacher's shows the questions their students have.
    const panel = (await t.call('listSpeakingQuestions', admin.token, {})).json().questions;
    expect(panel.map((q) => [q.question_text, q.audience, q.answers_count])).toEqual(
      expect.arrayContaining([
        ['For everyone', 'Everyone', 0],
        ['For the class', 'Speaking Class', 1],
      ]),
    );
  });

  it('asks chosen students, and keeps who it is for when edited without a choice', async () => {
    const chosen = await t.call('saveSpeakingQuestion', admin.token, {
      question_text: 'For one',
      ...window(),
      user_ids: [outside.id],
    });
    const id = chosen.json().id;
    expect(await openTo(outside)).toContainEqual(['For one', false]);
    expect(await openTo(inClass)).not.toContainEqual(['For one', false]);
    await t.call('saveSpeakingQuestion', admin.token, {
      id,
      question_text: 'For one, reworded',
      ...window(),
    });
    expect(await openTo(outside)).toContainEqual(['For one, reworded', false]);
    expect(await openTo(inClass)).not.toContainEqual(['For one, reworded', false]);
  });

  it('never lets a teacher ask everyone, nor touch another’s question', async () => {
    const noChoice = await t.call('saveSpeakingQuestion', teacher.token, {
      question_text: 'To all?',
      ...window(),
    });
    expect(noChoice.statusCode).toBe(403);
    expect(noChoice.json()).toEqual({
      success: false,
      message: 'Please choose your class or your students: only administrators ask everyone.',
    });
    const admins = (await t.call('listSpeakingQuestions', admin.token, {})).json().questions;
    const forOne = admins.find((q) => q.question_text === 'For one, reworded');
    const everyone = admins.find((q) => q.question_text === 'For everyone');
    for (const id of [forOne?.id, everyone?.id]) {
      const refused = await t.call('deleteSpeakingQuestion', teacher.token, { id: id ?? 0 });
      expect(refused.statusCode).toBe(403);
    }
    // The teacher's panel: everyone's and their class's, not the one for a student not theirs.
    const theirs = (await t.call('listSpeakingQuestions', teacher.token, {})).json().questions;
    expect(theirs.map((q) => [q.question_text, q.can_change]).sort()).toEqual([
      ['For everyone', false],
      ['For the class', true],
    ]);
  });
});
