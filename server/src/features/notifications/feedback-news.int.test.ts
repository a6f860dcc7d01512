import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

/**
 * Issue 27, point 11: a correction, a reply to a speaking answer and a teacher's card each tell
 * the student through a notification naming it, and the home counts corrections and replies
 * on the server until the student opens the screen showing them, so every device agrees.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const notifications = async (s: TestUser) =>
  (await t.call('getNotifications', s.token, { user_id: s.id })).json().notifications as {
    message: string;
    topic: string | null;
    ref_id: number | null;
    is_read: number;
  }[];
const news = async (s: TestUser) =>
  (await t.call('getFeedbackNews', s.token, { user_id: s.id })).json();
const opened = (s: TestUser, screen: string) =>
  t.callUnchecked('markFeedbackOpened', s.token, { screen });
const correct = (s: TestUser, title: string) =>
  t.call('sendCorrection', admin.token, { user_id: String(s.id), title, description: 'Well done' });

async function replyToAnswerOf(s: TestUser): Promise<number> {
  const question = await t.call('saveSpeakingQuestion', admin.token, {
    question_text: `Describe your street ${Math.random()}`,
    start_time: new Date(t.clock.now - HOUR).toISOString(),
    end_time: new Date(t.clock.now + HOUR).toISOString(),
  });
  expect(question.statusCode, question.body).toBe(200);
  const answered = await t.call('sendSpeakingAnswer', s.token, {
    user_id: String(s.id),
    question_id: String(question.json().id),
    audio_file: { filename: 'answer.webm', content: samples.webm, type: 'audio/webm' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const answers = await t.call('speakingAnswers', admin.token, {
    question_id: question.json().id,
  });
  const answerId = present(answers.json().answers[0], 'the answer').id;
  const reply = await t.call('replySpeakingAnswer', admin.token, {
    answer_id: String(answerId),
    reply_text: 'Clear and fluent.',
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return answerId;
}

describe('feedback the student is told of', () => {
  it('a correction is a notification naming it, and Assignment Results counts it until opened', async () => {
    const student = await t.student();
    expect(await news(student)).toEqual({
      success: true,
      assignment_results: 0,
      skill_builder: 0,
      results: 0,
    });
    const sent = await correct(student, 'Essay on travel');
    expect(sent.statusCode, sent.body).toBe(200);

    const [told] = await notifications(student);
    expect(told).toMatchObject({
      message:
        'Your teacher sent you a correction: "Essay on travel". It is in Assignment Results.',
      topic: 'correction',
      ref_id: expect.any(Number),
      is_read: 0,
    });
    // The popup's poll sees it.
    const unread = await t.call('getNotifications', student.token, {
      user_id: student.id,
      only_unread: '1',
    });
    expect(unread.json().notifications).toHaveLength(1);
    expect(await news(student)).toEqual({
      success: true,
      assignment_results: 1,
      skill_builder: 0,
      results: 0,
    });

    // Read in the popup, it is still to be opened: the count stays until Assignment Results.
    const id = present(unread.json().notifications[0], 'the notification').id;
    await t.call('markNotificationRead', student.token, { notification_id: String(id) });
    expect((await news(student)).assignment_results).toBe(1);

    expect((await opened(student, 'assignment_results')).json()).toEqual({ success: true });
    expect(await news(student)).toEqual({
      success: true,
      assignment_results: 0,
      skill_builder: 0,
      results: 0,
    });
  });

  it('a spoken reply counts on Assignment Results and Skill Builder; opening either clears it, on every device', async () => {
    const student = await t.student();
    const answerId = await replyToAnswerOf(student);
    const [told] = await notifications(student);
    expect(told).toMatchObject({ topic: 'spoken_reply', ref_id: answerId, is_read: 0 });
    expect(told?.message).toMatch(/^Your teacher replied to your speaking answer/);
    expect(await news(student)).toEqual({
      success: true,
      assignment_results: 1,
      skill_builder: 1,
      results: 0,
    });

    // Opened on one device; another device's next ask reads the server's state.
    await opened(student, 'skill_builder');
    expect(await news(student)).toEqual({
      success: true,
      assignment_results: 0,
      skill_builder: 0,
      results: 0,
    });
    // Opening the screen reads what told of it.
    expect((await notifications(student))[0]?.is_read).toBe(1);
  });

  it("a teacher's card tells the student, naming it; the student's own card does not", async () => {
    const student = await t.student();
    const add = (token: string, front: string) =>
      t.call('addCard', token, { user_id: student.id, front_text: front, back_text: 'back' });
    expect((await add(student.token, 'my own word')).statusCode).toBe(200);
    expect(await notifications(student)).toEqual([]);
    const card = await add(admin.token, 'apple');
    expect(card.statusCode, card.body).toBe(200);
    expect(await notifications(student)).toMatchObject([
      {
        message: 'Your teacher added a card to your Leitner box: "apple".',
        topic: 'teacher_cards',
        ref_id: card.json().card.id,
      },
    ]);
    // Not a count on the home: the Leitner Box has its own.
    expect(await news(student)).toEqual({
      success: true,
      assignment_results: 0,
      skill_builder: 0,
      results: 0,
    });
  });

  it("opening marks only the caller's own; another student's counts stay", async () => {
    const sara = await t.student();
    const omid = await t.student();
    await correct(sara, 'First');
    await correct(omid, 'Second');
    await opened(omid, 'assignment_results');
    expect((await news(sara)).assignment_results).toBe(1);
    expect((await news(omid)).assignment_results).toBe(0);
    // Another's counts are not the caller's to read.
    const peek = await t.call('getFeedbackNews', omid.token, { user_id: sara.id });
    expect(peek.statusCode).toBe(403);
  });

  it('refuses a screen it does not know, with a 400 naming it', async () => {
    const student = await t.student();
    const res = await opened(student, 'inbox');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('screen');
  });
});
