import { LIVE_TOPICS, type LiveReady } from '@academy/contract/live';
import type { ItemResponse } from '@academy/contract/quizzes/items';
import type { ReviewOptions } from '@academy/contract/quizzes/review';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/harness.js';
import { openStream, type TestStream } from '../../../test-support/live-stream.js';
import {
  classOf,
  everyKindOfItem,
  HOUR,
  insertRecording,
  insertStoredFile,
  iso,
  KEY_TEXTS,
} from './quiz-fixtures.js';

/**
 * Issue 51, point 3: the answer key never reaches a student's device before the review options
 * allow it. A student takes a quiz of every kind of item through every student call (list,
 * start, read, save, play, submit, review with each review option), and every JSON answer they
 * receive is walked: any key field or key value fails the test, unless the review shows that
 * part now. The student's live stream carries topics, never data.
 */
let t: TestApp;
let admin: TestUser;
let student: TestUser;
let items: number[];
let classId: number;
let stream: TestStream;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  student = await t.student({ name: 'Sam Student' });
  classId = await classOf(t, admin, 'Leak Class', [student]);
  const passage = await insertRecording(t.database.db, admin.id, t.clock.now, 3);
  items = await everyKindOfItem(t.database.db, admin.id, t.clock.now, passage);
  stream = await openStream(t, student.token);
});
afterAll(async () => {
  stream.close();
  await t.close();
});

/** What the review shows, as the walker allows it. */
interface Allowed {
  rightAnswers: boolean;
  feedback: boolean;
}
const NOTHING: Allowed = { rightAnswers: false, feedback: false };

/** Fields only a key has; never in a student's answer, whatever the review shows. */
const KEY_FIELDS = new Set([
  'key',
  'credit',
  'accepted',
  'pairs',
  'order',
  'model_answer',
  'feedback_true',
  'feedback_false',
  'general_feedback',
  'tolerance',
]);
const RIGHT_ORDER = ['a', 'b', 'c'];

/**
 * Every place in `value` that tells the key, as paths. The student's own saved responses
 * (`response`) and what the review says it shows (`shows`) are theirs to have; everything else
 * is walked.
 */
function leaks(value: unknown, allowed: Allowed, path = '$'): string[] {
  const found: string[] = [];
  if (typeof value === 'string') {
    const texts = [
      ...(allowed.rightAnswers ? [] : [...KEY_TEXTS.answers, ...KEY_TEXTS.model]),
      ...(allowed.feedback ? [] : KEY_TEXTS.feedback),
    ];
    for (const text of texts) if (value.includes(text)) found.push(`${path} holds "${text}"`);
    if (!allowed.rightAnswers && value.includes('42.5')) found.push(`${path} holds 42.5`);
    return found;
  }
  if (typeof value === 'number') {
    if (value === 42.5) found.push(`${path} is the numerical key`);
    return found;
  }
  if (Array.isArray(value)) {
    if (value.length === 3 && value.every((v, i) => v === RIGHT_ORDER[i]))
      found.push(`${path} is the right order`);
    value.forEach((v, i) => {
      found.push(...leaks(v, allowed, `${path}[${i}]`));
    });
    return found;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.pieces)) {
      const ids = (record.pieces as { id: string }[]).map((p) => p.id);
      if (ids.join() === RIGHT_ORDER.join()) found.push(`${path}.pieces are in the right order`);
    }
    if (record.p1 === 'x' && record.p2 === 'y') found.push(`${path} is the matching key`);
    for (const [field, inner] of Object.entries(record)) {
      const at = `${path}.${field}`;
      if (field === 'response' || field === 'shows') continue;
      if (KEY_FIELDS.has(field)) found.push(`${at} is a key field`);
      if (
        (field === 'right_answer' || field === 'parts' || field === 'cards') &&
        !allowed.rightAnswers
      )
        found.push(`${at} is shown before the review allows it`);
      if (field === 'feedback' && !allowed.feedback)
        found.push(`${at} is shown before the review allows it`);
      found.push(...leaks(inner, allowed, at));
    }
  }
  return found;
}

/** Every answer the student received, with what the review allowed when it came. */
const received: { call: string; body: unknown; allowed: Allowed }[] = [];
async function asStudent(
  name: Parameters<TestApp['callUnchecked']>[0],
  payload: Record<string, unknown>,
  allowed: Allowed = NOTHING,
) {
  const res = await t.callUnchecked(name, student.token, { user_id: student.id, ...payload });
  const body = res.json();
  received.push({ call: name, body, allowed });
  expect(leaks(body, allowed), `${name} leaked the key`).toEqual([]);
  return { status: res.statusCode, body };
}

/** Wrong answers of every kind, so a key value found in an answer can only be the key's. */
function wrongAnswer(type: string, recording: number): ItemResponse | null {
  switch (type) {
    case 'choice':
      return { type: 'choice', chosen: ['c'] };
    case 'true_false':
      return { type: 'true_false', answer: false };
    case 'short':
      return { type: 'short', text: 'banana' };
    case 'numerical':
      return { type: 'numerical', text: '7' };
    case 'gaps':
      return { type: 'gaps', gaps: { g1: 'went', g2: 'walks' } };
    case 'matching':
      return { type: 'matching', pairs: { p1: 'y', p2: 'x' } };
    case 'ordering':
      return { type: 'ordering', order: ['b', 'a', 'c'] };
    case 'dictation':
      return { type: 'dictation', text: 'the cat jumps' };
    case 'spoken':
      return { type: 'spoken', file: String(recording) };
    default:
      return null;
  }
}

describe('keys never leak', () => {
  it('walks every answer a student receives, through every call and review option', async () => {
    const shown = (review: Partial<ReviewOptions>): ReviewOptions => ({
      when: 'at_once',
      score: false,
      answers: false,
      right_answers: false,
      feedback: false,
      ...review,
    });
    const quiz = {
      title: 'Every kind',
      access_start: iso(t.clock.now - HOUR),
      access_end: iso(t.clock.now + 2 * HOUR),
      time_limit_minutes: 30,
      shuffle_items: true,
      shuffle_options: true,
      parts: items.map((item_id) => ({ item_id })),
    };
    const saved = await t.call('saveQuiz', admin.token, { ...quiz, review: shown({}) });
    const quizId = saved.json().id as number;
    await t.call('sendQuiz', admin.token, { quiz_id: quizId, class_id: classId });

    await asStudent('myQuizzes', {});
    const started = await asStudent('startQuizAttempt', { quiz_id: quizId });
    const attemptId = (started.body as { attempt_id: number }).attempt_id;
    await asStudent('startQuizAttempt', { quiz_id: quizId });
    const read = await asStudent('getQuizAttempt', { attempt_id: attemptId });
    const attempt = (
      read.body as {
        attempt: { items: { position: number; type: string; passage: { id: number } | null }[] };
      }
    ).attempt;
    expect(attempt.items).toHaveLength(10);
    const shortPosition = attempt.items.find((i) => i.type === 'short')?.position ?? 0;

    // A refused save (an answer of the wrong kind) is an answer too.
    const refused = await asStudent('saveQuizAnswers', {
      attempt_id: attemptId,
      answers: [{ position: 0, response: { type: 'spoken', file: 'x' } }],
    });
    expect(refused.status).toBe(400);
    const recording = await insertStoredFile(t.database.db, student.id, t.clock.now);
    // One at a time, as answers are given, then all at once, as a phone's queue.
    for (const item of attempt.items)
      await asStudent('saveQuizAnswers', {
        attempt_id: attemptId,
        answers: [{ position: item.position, response: wrongAnswer(item.type, recording.id) }],
      });
    const queue = await asStudent('saveQuizAnswers', {
      attempt_id: attemptId,
      answers: attempt.items.map((item) => ({
        position: item.position,
        response: wrongAnswer(item.type, recording.id),
      })),
    });
    expect(queue.status).toBe(200);
    const listening = attempt.items.find((i) => i.passage !== null);
    const played = await asStudent('playQuizRecording', {
      attempt_id: attemptId,
      passage_id: listening?.passage?.id,
    });
    expect(played.status).toBe(200);
    await asStudent('getQuizAttempt', { attempt_id: attemptId });
    await asStudent('quizReview', { attempt_id: attemptId });
    await asStudent('submitQuizAttempt', { attempt_id: attemptId });
    await asStudent('getQuizAttempt', { attempt_id: attemptId });
    await asStudent('myQuizzes', {});
    const none = await asStudent('quizReview', { attempt_id: attemptId });
    expect((none.body as { review: { items: object[] } }).review.items[0]).not.toHaveProperty(
      'response',
    );

    // Each review option on its own, then all of them; then all of them after the close,
    // before the window has closed.
    const options: [Partial<ReviewOptions>, Allowed][] = [
      [{ score: true }, NOTHING],
      [{ answers: true }, NOTHING],
      [{ right_answers: true }, { rightAnswers: true, feedback: false }],
      [{ feedback: true }, { rightAnswers: false, feedback: true }],
      [
        { score: true, answers: true, right_answers: true, feedback: true },
        { rightAnswers: true, feedback: true },
      ],
      [
        { when: 'after_close', score: true, answers: true, right_answers: true, feedback: true },
        NOTHING,
      ],
    ];
    for (const [review, allowed] of options) {
      const res = await t.call('saveQuiz', admin.token, {
        ...quiz,
        id: quizId,
        review: shown(review),
      });
      expect(res.statusCode, res.body).toBe(200);
      const reviewed = await asStudent('quizReview', { attempt_id: attemptId }, allowed);
      const body = reviewed.body as {
        review: { shows: Record<string, boolean>; items: Record<string, unknown>[] };
      };
      const showsNow = review.when === 'after_close' ? {} : review;
      // What the review says it shows is what it shows, field by field.
      expect(body.review.shows).toEqual({
        score: showsNow.score ?? false,
        answers: showsNow.answers ?? false,
        right_answers: showsNow.right_answers ?? false,
        feedback: showsNow.feedback ?? false,
      });
      for (const item of body.review.items) {
        expect('hundredths' in item).toBe(body.review.shows.score);
        expect('response' in item).toBe(body.review.shows.answers);
        expect('right_answer' in item).toBe(body.review.shows.right_answers);
        expect('feedback' in item).toBe(body.review.shows.feedback);
        // Every answer here is wrong: a text answer's card comes with the right answers only.
        if (item.type === 'short') expect('cards' in item).toBe(body.review.shows.right_answers);
      }
      await asStudent('myQuizzes', {}, allowed);
      // A card's back is the right answer (point 6): made only once the review shows it; and a
      // practice of mistakes draws only from reviews that show them.
      const card = await asStudent(
        'makeQuizCard',
        { attempt_id: attemptId, position: shortPosition, part: null },
        allowed,
      );
      expect(card.status).toBe(allowed.rightAnswers ? 200 : 409);
      if (!allowed.rightAnswers) await asStudent('practiseQuizMistakes', {}, allowed);
    }
    // A practice of the mistakes, going on, shows its items' bodies and never their keys.
    const reviewed = await t.call('saveQuiz', admin.token, {
      ...quiz,
      id: quizId,
      review: shown({ right_answers: true }),
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const practice = await asStudent('practiseQuizMistakes', {});
    expect(practice.status).toBe(200);
    const practiceAttempt = (practice.body as { attempt_id: number }).attempt_id;
    await asStudent('getQuizAttempt', { attempt_id: practiceAttempt });
    await asStudent('myQuizzes', {});
    // Everything on: the right answers and the feedback do reach the review (so the walker
    // would have found them had they come earlier).
    const all = received.filter((r) => r.allowed.rightAnswers && r.allowed.feedback);
    expect(
      leaks(
        all.map((r) => r.body),
        NOTHING,
      ).length,
    ).toBeGreaterThan(0);
  });

  it("gives the student's live stream topics, never data", async () => {
    // The calls above changed things the student hears of.
    await stream.change('quizzes');
    for (const event of stream.events) {
      if (event.event === 'change') {
        const data = JSON.parse(event.data) as Record<string, unknown>;
        expect(Object.keys(data).filter((k) => k !== 'spreadMs')).toEqual(['topic']);
      } else if (event.event === 'ready') {
        // Its name, and the recap: topics and times only (LiveRecap).
        const { stream: name, recap, ...rest } = JSON.parse(event.data) as LiveReady;
        expect(typeof name).toBe('string');
        expect(rest).toEqual({});
        if (recap) {
          expect(Object.keys(recap).sort()).toEqual(['at', 'changedAt', 'knownSince']);
          for (const [topic, at] of Object.entries(recap.changedAt)) {
            expect(LIVE_TOPICS).toContain(topic);
            expect(typeof at).toBe('number');
          }
        }
      }
      expect(leaks(event.data, NOTHING)).toEqual([]);
    }
  });
});
