import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallPayload,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';
import { changesBetween, snapshotData } from '../../test-support/snapshot.js';
import { skillMarksOf } from './skills-data.js';

/**
 * Issue 30, point 1 (the rest): an exam or a Skill Builder item is marked out of a maximum (100
 * unless set), and a student's attempt at it may carry a mark, given, changed or taken away by
 * an administrator or by a teacher of the student's class. The student sees it beside the item,
 * or among their marks once the item has ended. Exact, and never a 500 on bad input.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin({ name: 'Marking Admin' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const NOTHING_TO_MARK = 'There is nothing to mark: this student has not started it.';

async function createItem(fields: Partial<CallPayload<'saveSkillItem'>> = {}) {
  const res = await t.call('saveSkillItem', admin, {
    kind: 'exam',
    title: 'Marked exam',
    access_start: iso(t.clock.now - HOUR),
    access_end: iso(t.clock.now + HOUR),
    link_url: 'https://files.example.com/marked.pdf',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** A student who has started the item. */
async function startedBy(itemId: number, student?: TestUser) {
  const who = student ?? (await t.student());
  const res = await t.call('updateAttempted', who, { user_id: who.id, exam_id: itemId });
  expect(res.statusCode, res.body).toBe(200);
  return who;
}

const mark = (as: TestUser, itemId: number, student: TestUser, typed: string) =>
  t.call('markSkillAttempt', as, { item_id: itemId, user_id: student.id, mark: typed });

const attemptsOf = async (as: TestUser, itemId: number) =>
  (await t.call('skillItemAttempts', as, { item_id: itemId })).json().attempts;

describe('what an item is marked out of', () => {
  it('is 100 unless set, set when the item is saved, and refused in words when not a whole number from 1 to 1000', async () => {
    const usual = await createItem({ title: 'Out of the usual' });
    const twenty = await createItem({ title: 'Out of twenty', mark_out_of: '20' });
    const items = (await t.call('listSkillItems', admin, { kind: 'exam' })).json().items;
    expect(items.find((i) => i.id === usual)?.mark_out_of).toBe(100);
    expect(items.find((i) => i.id === twenty)?.mark_out_of).toBe(20);

    for (const outOf of ['0', '1001', '2.5', 'ten']) {
      const res = await t.call('saveSkillItem', admin, {
        kind: 'exam',
        title: 'Refused',
        access_start: iso(t.clock.now),
        access_end: iso(t.clock.now + HOUR),
        link_url: 'https://files.example.com/x.pdf',
        mark_out_of: outOf,
      });
      expect(res.statusCode, outOf).toBe(400);
      expect(res.json().message, outOf).toBe(
        'The mark must be out of a whole number from 1 to 1000.',
      );
    }
  });

  it('keeps its maximum on an edit that does not name one, and refuses a new one once marks are given', async () => {
    const id = await createItem({ title: 'Edited', mark_out_of: '50' });
    const edit = (fields: Partial<CallPayload<'saveSkillItem'>>) =>
      t.call('saveSkillItem', admin, {
        id,
        kind: 'exam',
        title: 'Edited again',
        access_start: iso(t.clock.now - HOUR),
        access_end: iso(t.clock.now + HOUR),
        ...fields,
      });
    const outOf = async () =>
      (await t.call('listSkillItems', admin, { kind: 'exam' }))
        .json()
        .items.find((i) => i.id === id)?.mark_out_of;
    expect((await edit({})).statusCode).toBe(200);
    expect(await outOf()).toBe(50);

    const student = await startedBy(id);
    expect((await mark(admin, id, student, '40')).statusCode).toBe(200);
    const refused = await edit({ mark_out_of: '20' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'This exam has marks out of 50 already: take them away before changing what it is marked out of.',
    );
    expect(await outOf()).toBe(50);
    // The same maximum, or none named, is no change.
    expect((await edit({ mark_out_of: '50' })).statusCode).toBe(200);

    // Taken away, the marks no longer hold it.
    expect((await mark(admin, id, student, '')).statusCode).toBe(200);
    expect((await edit({ mark_out_of: '20' })).statusCode).toBe(200);
    expect(await outOf()).toBe(20);
  });
});

describe('a mark on an attempt', () => {
  it('is given exactly, shown to staff and to the student beside the item, changed and taken away', async () => {
    const student = await t.student();
    // Theirs alone and opened earliest, so the exam page (the first current exam) shows it.
    const id = await createItem({
      title: 'Marked and shown',
      access_start: iso(t.clock.now - 3 * HOUR),
      student_ids: JSON.stringify([student.id]),
    });
    await startedBy(id, student);

    const given = await mark(admin, id, student, '85,5');
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toEqual({
      success: true,
      message: 'The mark was saved.',
      mark: { hundredths: 8550, out_of: 100 },
    });
    expect(await attemptsOf(admin, id)).toEqual([
      {
        user_id: student.id,
        user_name: student.name,
        started_at: expect.any(String),
        mark: { hundredths: 8550, out_of: 100 },
        marked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    ]);
    const exam = (await t.call('getExam', student, { user_id: student.id })).json();
    expect(exam.exam).toMatchObject({ id, attempted: 1, mark: { hundredths: 8550, out_of: 100 } });
    // Stored as integers: no floating point on either database.
    const row = await t.database.db
      .selectFrom('skill_attempts')
      .select('mark_hundredths')
      .where('item_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.mark_hundredths).toBe(8550);

    expect((await mark(admin, id, student, '0.29')).json().mark).toEqual({
      hundredths: 29,
      out_of: 100,
    });

    // The student is told of each mark given, with the mark, and not of one taken away.
    const told = async () =>
      (await t.call('getNotifications', student, { user_id: student.id }))
        .json()
        .notifications.filter((n) => n.topic === 'exam_mark')
        .map((n) => [n.message, n.ref_id]);
    expect(await told()).toEqual([
      ['Your teacher marked "Marked and shown": 0.29 / 100.', id],
      ['Your teacher marked "Marked and shown": 85.5 / 100.', id],
    ]);

    const cleared = await mark(admin, id, student, '');
    expect(cleared.statusCode).toBe(200);
    expect((await told()).length).toBe(2);
    expect(cleared.json()).toEqual({
      success: true,
      message: 'The mark was taken away.',
      mark: null,
    });
    expect((await attemptsOf(admin, id))[0]?.mark).toBeNull();
    // Unmarked, the exam is the spec's shape again: no mark field at all.
    const unmarked = (await t.call('getExam', student, { user_id: student.id })).json();
    expect(unmarked.exam).toMatchObject({ id, attempted: 1 });
    expect(unmarked.exam && 'mark' in unmarked.exam).toBe(false);
    expect('past_marks' in unmarked).toBe(false);
  });

  it('is out of the item’s maximum, and what is not a mark is refused in words, changing nothing', async () => {
    const id = await createItem({ title: 'Out of twenty, refused', mark_out_of: '20' });
    const student = await startedBy(id);
    expect((await mark(admin, id, student, '17.25')).json().mark).toEqual({
      hundredths: 1725,
      out_of: 20,
    });
    const before = await snapshotData(t);
    for (const [typed, words] of [
      ['21', 'The mark can be at most 20.'],
      ['20.01', 'The mark can be at most 20.'],
      ['85.555', 'The mark must be a number such as 85 or 85.5, with at most two decimals.'],
      ['-1', 'The mark must be a number such as 85 or 85.5, with at most two decimals.'],
      ['1e1', 'The mark must be a number such as 85 or 85.5, with at most two decimals.'],
      ['x'.repeat(21), 'The mark must be a number such as 85 or 85.5, with at most two decimals.'],
    ] as const) {
      const res = await mark(admin, id, student, typed);
      expect(res.statusCode, typed).toBe(400);
      expect(res.json().message, typed).toBe(words);
    }
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
    expect((await attemptsOf(admin, id))[0]?.mark).toEqual({ hundredths: 1725, out_of: 20 });
  });

  it('answers bad payloads with a 400 naming the field, never a 500', async () => {
    const id = await createItem({ title: 'Hostile payloads' });
    const student = await startedBy(id);
    for (const payload of [
      { item_id: id, user_id: student.id },
      { item_id: id, user_id: student.id, mark: 85 },
      { item_id: id, user_id: student.id, mark: ['85'] },
      { item_id: id, user_id: student.id, mark: null },
      { item_id: 'abc', user_id: student.id, mark: '85' },
      { item_id: id, user_id: 99_999_999_999, mark: '85' },
      { item_id: -1, user_id: student.id, mark: '85' },
      { user_id: student.id, mark: '85' },
    ]) {
      const res = await t.callUnchecked('markSkillAttempt', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success, JSON.stringify(payload)).toBe(false);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('is refused where there is no attempt to mark: not started, or no such item', async () => {
    const id = await createItem({ title: 'Never started' });
    const student = await t.student();
    const before = await snapshotData(t);
    for (const itemId of [id, 1_999_999_999]) {
      const res = await mark(admin, itemId, student, '50');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: NOTHING_TO_MARK });
    }
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
  });

  it('is not a student’s to give', async () => {
    const id = await createItem({ title: 'Self-marked' });
    const student = await startedBy(id);
    const res = await mark(student, id, student, '100');
    expect(res.statusCode).toBe(403);
    expect((await attemptsOf(admin, id))[0]?.mark).toBeNull();
  });

  it('is recorded in the audit log, on whom and on which item', async () => {
    const id = await createItem({ title: 'Audited exam' });
    const student = await startedBy(id);
    await mark(admin, id, student, '70');
    const [entry] = (await t.call('auditLog', admin, { action: 'markSkillAttempt' })).json()
      .entries;
    expect(entry).toMatchObject({
      action: 'markSkillAttempt',
      actor_name: 'Marking Admin',
      target_user_name: student.name,
      subject: 'Audited exam',
    });
  });
});

describe("a teacher's marks", () => {
  it('are given to their classes’ students only; another student is refused with a 403 and nothing written', async () => {
    const taught = await t.student({ name: 'Taught Pupil' });
    const outsider = await t.student({ name: 'Untaught Pupil' });
    const classId = (await t.call('createClass', admin, { name: 'Marking class' })).json().class_id;
    await t.call('addClassStudents', admin, { class_id: classId, user_ids: [taught.id] });
    const teacher = await t.teacher({ classIds: [classId] });
    const id = await createItem({
      title: 'Marked by a teacher',
      access_start: iso(t.clock.now - 3 * HOUR),
      student_ids: JSON.stringify([taught.id, outsider.id]),
    });
    await startedBy(id, taught);
    await startedBy(id, outsider);

    const given = await mark(teacher, id, taught, '92');
    expect(given.statusCode, given.body).toBe(200);
    expect((await t.call('getExam', taught, { user_id: taught.id })).json().exam?.mark).toEqual({
      hundredths: 9200,
      out_of: 100,
    });

    const before = await snapshotData(t);
    const refused = await mark(teacher, id, outsider, '10');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: 'You can only do this for the students of your classes.',
    });
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);

    // The teacher's lists hold their students only: the item, counted by them, and its attempts.
    const items = (await t.call('listSkillItems', teacher, { kind: 'exam' })).json().items;
    expect(items.find((i) => i.id === id)?.attempts_count).toBe(1);
    const attempts = await attemptsOf(teacher, id);
    expect(attempts.map((a) => a.user_name)).toEqual(['Taught Pupil']);
    expect(JSON.stringify(await attemptsOf(teacher, id))).not.toContain('Untaught Pupil');
    expect((await attemptsOf(admin, id)).length).toBe(2);
  });

  it('see the items open to their students, naming only them, and no uploaded paper', async () => {
    const taught = await t.student({ name: 'Chosen Pupil' });
    const other = await t.student({ name: 'Someone Else' });
    const classId = (await t.call('createClass', admin, { name: 'Reading class' })).json().class_id;
    await t.call('addClassStudents', admin, { class_id: classId, user_ids: [taught.id] });
    const teacher = await t.teacher({ classIds: [classId] });
    const forBoth = await createItem({
      kind: 'reading',
      title: 'For both',
      student_ids: JSON.stringify([taught.id, other.id]),
    });
    const forOther = await createItem({
      kind: 'reading',
      title: 'For the other only',
      student_ids: JSON.stringify([other.id]),
    });
    const uploaded = await t.call('saveSkillItem', admin, {
      kind: 'reading',
      title: 'An uploaded paper',
      access_start: iso(t.clock.now - HOUR),
      access_end: iso(t.clock.now + HOUR),
      file: { filename: 'paper.pdf', content: samples.pdf, type: 'application/pdf' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const items = (await t.call('listSkillItems', teacher, { kind: 'reading' })).json().items;
    const both = items.find((i) => i.id === forBoth);
    expect(both?.students).toEqual([{ id: taught.id, name: 'Chosen Pupil' }]);
    expect(items.some((i) => i.id === forOther)).toBe(false);
    expect(JSON.stringify(items)).not.toContain('Someone Else');
    // The download refuses a teacher an item's paper, so the list offers none.
    expect(items.find((i) => i.id === uploaded.json().id)?.file_url).toBeNull();
    expect(
      (await t.call('listSkillItems', admin, { kind: 'reading' }))
        .json()
        .items.find((i) => i.id === uploaded.json().id)?.file_url,
    ).toMatch(/^files\/\d+\?/);
  });
});

describe('a student’s marks on ended items', () => {
  it('are listed with each kind, the latest ended first, once the item is no longer current', async () => {
    const student = await t.student();
    const start = t.clock.now;
    const story = await createItem({
      kind: 'story',
      title: 'A story that ends',
      access_start: iso(start - HOUR),
      access_end: iso(start + HOUR),
      student_ids: JSON.stringify([student.id]),
    });
    const started = await t.call('updateStoryAttempted', student, {
      user_id: student.id,
      item_id: story,
    });
    expect(started.statusCode).toBe(200);
    expect((await mark(admin, story, student, '64')).statusCode).toBe(200);
    const stories = async () => (await t.call('getStory', student, { user_id: student.id })).json();
    // Current: beside the item, and not among the past ones.
    expect((await stories()).stories.find((s) => s.id === story)?.mark).toEqual({
      hundredths: 6400,
      out_of: 100,
    });
    expect('past_marks' in (await stories())).toBe(false);

    t.clock.now = start + 2 * HOUR;
    try {
      const after = await stories();
      expect(after.stories.some((s) => s.id === story)).toBe(false);
      expect(after.past_marks).toEqual([
        {
          id: story,
          title: 'A story that ends',
          access_end: expect.any(String),
          mark: { hundredths: 6400, out_of: 100 },
        },
      ]);
      // Another kind's page lists none of it.
      expect(
        (await t.call('getReading', student, { user_id: student.id })).json().past_marks,
      ).toBeUndefined();
      // Another student's marks are not theirs.
      const other = await t.student();
      expect(
        (await t.call('getStory', other, { user_id: other.id })).json().past_marks,
      ).toBeUndefined();
    } finally {
      t.clock.now = start;
    }
  });
});

describe('skillMarksOf', () => {
  it('reads each student’s marks on attempts started within the range, from included, to not', async () => {
    const start = t.clock.now;
    const [ana, ben, cyd] = [await t.student(), await t.student(), await t.student()];
    const early = await createItem({ title: 'Range early' });
    const late = await createItem({
      title: 'Range late',
      access_start: iso(start - HOUR),
      access_end: iso(start + 5 * HOUR),
      mark_out_of: '20',
    });
    await startedBy(early, ana);
    await startedBy(early, ben);
    await startedBy(early, cyd);
    t.clock.now = start + 2 * HOUR;
    try {
      await startedBy(late, ana);
    } finally {
      t.clock.now = start;
    }
    await mark(admin, early, ana, '85.5');
    await mark(admin, late, ana, '17');
    await mark(admin, early, ben, '40');
    // cyd started but is not marked: no mark to read.

    const db = t.database.db;
    const all = await skillMarksOf(db, [ana.id, ben.id, cyd.id], {
      from: start,
      to: start + 3 * HOUR,
    });
    expect(all.get(ana.id)).toEqual([
      expect.objectContaining({ hundredths: 8550, out_of: 100, item_id: early, kind: 'exam' }),
      expect.objectContaining({ hundredths: 1700, out_of: 20, item_id: late, title: 'Range late' }),
    ]);
    expect(all.get(ben.id)).toEqual([expect.objectContaining({ hundredths: 4000, out_of: 100 })]);
    expect(all.has(cyd.id)).toBe(false);

    // `to` is not included; `from` is.
    const first = await skillMarksOf(db, [ana.id], { from: start, to: start + 2 * HOUR });
    expect(first.get(ana.id)?.map((m) => m.item_id)).toEqual([early]);
    const second = await skillMarksOf(db, [ana.id], {
      from: start + 2 * HOUR,
      to: start + 3 * HOUR,
    });
    expect(second.get(ana.id)?.map((m) => m.item_id)).toEqual([late]);
    expect((await skillMarksOf(db, [], { from: 0, to: start * 2 })).size).toBe(0);
  });
});
