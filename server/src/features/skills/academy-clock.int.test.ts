import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 27, point 12: the times an administrator types for a speaking question or an item's
 * window are on the academy's clock, whatever zone their browser is in. The academy runs on
 * Tehran time (UTC+03:30, no clock changes), so a wall time read as UTC would open the
 * question 3.5 hours late, as it did.
 */
let t: TestApp;
let admin: TestUser;
const MINUTE = 60_000;
beforeAll(async () => {
  t = await createTestApp({
    env: { ACADEMY_TZ: 'Asia/Tehran' },
    startAt: Date.UTC(2026, 10, 22, 4, 0, 0),
  });
  admin = await t.admin();
});
afterAll(() => t.close());

describe('times typed on the academy clock', () => {
  it('opens a speaking question at the academy time it was given, not at that time in UTC', async () => {
    const student = await t.student();
    const saved = await t.call('saveSpeakingQuestion', admin, {
      question_text: 'Describe your morning.',
      // 09:00 in Tehran is 05:30 UTC.
      start_time: '2026-11-22T09:00',
      end_time: '2026-11-22T11:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const listed = (await t.call('listSpeakingQuestions', admin, {})).json();
    expect(listed.questions).toContainEqual(
      expect.objectContaining({
        id: saved.json().id,
        start_time: '2026-11-22 05:30:00',
        end_time: '2026-11-22 07:30:00',
      }),
    );

    const ask = () => t.call('getSpeakingQuestion', student, { user_id: student.id });
    t.clock.now = Date.UTC(2026, 10, 22, 5, 29, 0);
    expect((await ask()).json().success).toBe(false);
    t.clock.now = Date.UTC(2026, 10, 22, 5, 30, 0) + MINUTE;
    expect((await ask()).json()).toMatchObject({
      success: true,
      data: { question_text: 'Describe your morning.', start_time: '2026-11-22 05:30:00' },
    });
  });

  it('keeps an instant that names its zone as that instant', async () => {
    const saved = await t.call('saveSpeakingQuestion', admin, {
      question_text: 'Named zone',
      start_time: '2026-11-23T05:00:00Z',
      end_time: '2026-11-23T10:00:00+03:30',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = (await t.call('listSpeakingQuestions', admin, {})).json();
    expect(listed.questions).toContainEqual(
      expect.objectContaining({
        question_text: 'Named zone',
        start_time: '2026-11-23 05:00:00',
        end_time: '2026-11-23 06:30:00',
      }),
    );
  });

  it("reads an exam's window on the academy clock too", async () => {
    const res = await t.call('saveSkillItem', admin, {
      kind: 'exam',
      title: 'Tehran exam',
      access_start: '2026-11-24 08:00:00',
      access_end: '2026-11-24T10:30',
      link_url: 'https://files.example.com/exam.pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = (await t.call('listSkillItems', admin, { kind: 'exam' })).json().items;
    expect(items).toContainEqual(
      expect.objectContaining({
        title: 'Tehran exam',
        access_start: '2026-11-24 04:30:00',
        access_end: '2026-11-24 07:00:00',
      }),
    );
  });

  it('refuses a window that ends before it starts once both are read on the same clock', async () => {
    // 10:00 in Tehran is 06:30 UTC, before 07:00 UTC: the right way round only on the
    // academy clock (read as UTC, 10:00 would come after 07:00).
    const fine = await t.call('saveSpeakingQuestion', admin, {
      question_text: 'Mixed ends',
      start_time: '2026-11-25T10:00',
      end_time: '2026-11-25T07:00:00Z',
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const backwards = await t.call('saveSpeakingQuestion', admin, {
      question_text: 'Backwards',
      start_time: '2026-11-25T11:00',
      end_time: '2026-11-25T07:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The end time must be after the start time.');
  });
});
