import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function counts() {
  const res = await t.call('getAdminCounts', admin.token, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    success: true;
    new_submissions: number;
    unread_assignments: number;
    students_online: number;
    waiting_speaking_answers: number;
  };
}

/** Each step happens a second after the one before, as it would. */
const later = () => {
  t.clock.now += 1000;
};

async function submit(student: TestUser, subject: string) {
  later();
  const res = await t.call('uploadAssignment', student.token, {
    user_id: student.id,
    subject,
    description: '',
    'files[]': [{ filename: 'work.pdf', content: samples.pdf, type: 'application/pdf' }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function correct(student: TestUser) {
  later();
  const res = await t.call('sendCorrection', admin.token, {
    user_id: student.id,
    title: 'Marked',
    file1: { filename: 'marked.pdf', content: samples.pdf, type: 'application/pdf' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/get_admin_counts.php', () => {
  it('starts at nothing to do', async () => {
    expect(await counts()).toEqual({
      success: true,
      new_submissions: 0,
      unread_assignments: 0,
      students_online: 0,
      waiting_speaking_answers: 0,
    });
  });

  it('counts a submission as new until a correction is sent to its student', async () => {
    const sara = await t.student({ name: 'Sara' });
    const omid = await t.student({ name: 'Omid' });
    await submit(sara, 'Essay');
    await submit(sara, 'Essay, second draft');
    await submit(omid, 'Letter');
    expect((await counts()).new_submissions).toBe(3);

    // A correction to another student leaves Sara's two new.
    await correct(omid);
    expect((await counts()).new_submissions).toBe(2);
    await correct(sara);
    expect((await counts()).new_submissions).toBe(0);

    // Work that arrives after the correction is new again.
    await submit(sara, 'Essay, third draft');
    expect((await counts()).new_submissions).toBe(1);
    await correct(sara);
    expect((await counts()).new_submissions).toBe(0);
  });

  it('counts assignments sent and not yet opened by their student', async () => {
    const student = await t.student();
    const before = (await counts()).unread_assignments;
    for (const title of ['One', 'Two']) {
      const res = await t.call('sendAssignment', admin.token, {
        user_id: student.id,
        title,
        description: 'Due Friday',
        file_links: '[]',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await counts()).unread_assignments).toBe(before + 2);

    const list = (await t.call('getAssignments', admin.token, { user_id: student.id })).json();
    const read = await t.call('markAssignmentAsRead', student.token, {
      user_id: student.id,
      assignment_id: present(list.assignments[0], 'the first assignment').id,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((await counts()).unread_assignments).toBe(before + 1);

    const removed = await t.call('removeAssignment', admin.token, {
      assignment_id: present(list.assignments[1], 'the second assignment').id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await counts()).unread_assignments).toBe(before);
  });

  it('counts active students seen in the last five minutes, not administrators', async () => {
    const student = await t.student();
    const ping = (token: string) => t.call('updateActivity', token, {});
    const before = (await counts()).students_online;
    expect((await ping(admin.token)).statusCode).toBe(200);
    expect((await counts()).students_online).toBe(before);

    expect((await ping(student.token)).statusCode).toBe(200);
    expect((await counts()).students_online).toBe(before + 1);

    t.clock.now += 5 * MINUTE + 1000;
    expect((await counts()).students_online).toBe(0);
  });

  it('counts speaking answers as waiting until a correction is sent to their student', async () => {
    const student = await t.student();
    later();
    const question = await t.call('saveSpeakingQuestion', admin.token, {
      question_text: 'Describe your city.',
      start_time: iso(t.clock.now - MINUTE),
      end_time: iso(t.clock.now + 60 * MINUTE),
    });
    expect(question.statusCode, question.body).toBe(200);
    later();
    const answer = await t.call('sendSpeakingAnswer', student.token, {
      user_id: student.id,
      question_id: question.json().id,
      audio_file: { filename: 'answer.wav', content: samples.wav, type: 'audio/wav' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await counts()).waiting_speaking_answers).toBe(1);

    await correct(student);
    expect((await counts()).waiting_speaking_answers).toBe(0);
  });

  it('answers administrators only', async () => {
    const student = await t.student();
    const res = await t.call('getAdminCounts', student.token, {});
    expect(res.statusCode).toBe(403);
    const anonymous = await t.call('getAdminCounts', undefined, {});
    expect(anonymous.statusCode).toBe(401);
  });
});
