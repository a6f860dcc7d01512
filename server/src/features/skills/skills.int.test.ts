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
async function createItem(fields: CallPayload<'saveSkillItem'>) {
  const res = await t.call('saveSkillItem', admin, {
    description: 'Read it well',
    link_url: 'https://files.example.com/item.pdf',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('the exam', () => {
  it('shows the current exam with the spec fields, starts once, then says it was started', async () => {
    const student = await t.student();
    const now = t.clock.now;
    const examId = await createItem({
      kind: 'exam',
      title: 'Final exam',
      access_start: iso(now - HOUR),
      access_end: iso(now + HOUR),
    });

    const res = await t.call('getExam', student, { user_id: student.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      exam: {
        id: examId,
        title: 'Final exam',
        description: 'Read it well',
        // Not started: the paper is handed out by the start call alone.
        file_url: null,
        attempted: 0,
        is_open: 1,
      },
    });
    expect(res.json().exam?.access_start).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const start = await t.call('updateAttempted', student, {
      user_id: student.id,
      exam_id: examId,
    });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({
      success: true,
      file_url: 'https://files.example.com/item.pdf',
    });
    expect((await t.call('getExam', student, { user_id: student.id })).json().exam).toMatchObject({
      attempted: 1,
      file_url: 'https://files.example.com/item.pdf',
    });

    const again = await t.call('updateAttempted', student, {
      user_id: student.id,
      exam_id: examId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'You have already started this exam.',
    });

    const attempts = (await t.call('skillItemAttempts', admin, { item_id: examId })).json();
    // Not marked yet (issue 30): no mark, never marked.
    expect(attempts.attempts).toEqual([
      {
        user_id: student.id,
        user_name: student.name,
        started_at: expect.any(String),
        mark: null,
        marked_at: null,
      },
    ]);
  });

  it('refuses a start before the window opens or after it closes, and hides the file until it opens', async () => {
    const student = await t.student();
    const now = t.clock.now;
    const later = await createItem({
      kind: 'listening',
      title: 'Later',
      access_start: iso(now + HOUR),
      access_end: iso(now + 2 * HOUR),
    });
    const listing = (await t.call('getListening', student, { user_id: student.id })).json();
    expect(listing.listenings.find((i: { id: number }) => i.id === later)?.file_url).toBeNull();
    const early = await t.call('updateListeningAttempted', student, {
      user_id: student.id,
      item_id: later,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('This listening has not opened yet.');

    const past = await createItem({
      kind: 'listening',
      title: 'Past',
      access_start: iso(now - 2 * HOUR),
      access_end: iso(now - HOUR),
    });
    const late = await t.call('updateListeningAttempted', student, {
      user_id: student.id,
      item_id: past,
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('This listening has closed.');
  });

  it('refuses an exam start before the window opens and after it closes, and hides the paper until it opens', async () => {
    const student = await t.student();
    const now = t.clock.now;
    const examId = await createItem({
      kind: 'exam',
      title: 'Next term exam',
      access_start: iso(now + 10 * HOUR),
      access_end: iso(now + 12 * HOUR),
      student_ids: JSON.stringify([student.id]),
    });
    const start = () =>
      t.call('updateAttempted', student, { user_id: student.id, exam_id: examId });

    try {
      // Later in the day, once earlier exams have ended, this one is the student's current exam.
      t.clock.now = now + 5 * HOUR;
      const listed = (await t.call('getExam', student, { user_id: student.id })).json();
      expect(listed.exam).toMatchObject({ id: examId, file_url: null, attempted: 0 });
      const early = await start();
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({ success: false, message: 'This exam has not opened yet.' });

      t.clock.now = now + 12 * HOUR + 1;
      const late = await start();
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual({ success: false, message: 'This exam has closed.' });
    } finally {
      t.clock.now = now;
    }
    // Neither refusal counted as a start.
    const attempts = (await t.call('skillItemAttempts', admin, { item_id: examId })).json();
    expect(attempts.attempts).toEqual([]);
  });

  it('answers the spec\'s "none" messages when there is nothing, and 404 to a start', async () => {
    const lonely = await createTestApp();
    try {
      const student = await lonely.student();
      const read = async (name: 'getExam' | 'getReading' | 'getListening' | 'getStory') =>
        (await lonely.call(name, student, { user_id: student.id })).json();
      expect(await read('getExam')).toEqual({
        success: false,
        exam: null,
        message: 'No exam found.',
      });
      expect(await read('getReading')).toEqual({
        success: false,
        readings: [],
        message: 'No readings found.',
      });
      expect(await read('getListening')).toEqual({
        success: false,
        listenings: [],
        message: 'No listenings found.',
      });
      expect(await read('getStory')).toEqual({
        success: false,
        stories: [],
        message: 'No stories found.',
      });

      for (const [name, payload, message] of [
        ['updateAttempted', { exam_id: 12345 }, 'No exam found.'],
        ['updateReadingAttempted', {}, 'No reading found.'],
        ['updateReadingAttempted', { item_id: 12345 }, 'No reading found.'],
        ['updateListeningAttempted', {}, 'No listening found.'],
        ['updateListeningAttempted', { item_id: 12345 }, 'No listening found.'],
        ['updateStoryAttempted', {}, 'No story found.'],
      ] as const) {
        // The exam's start names its exam; the others may name none (the current one).
        const start = await lonely.call(name, student, {
          user_id: student.id,
          ...payload,
        });
        expect(start.statusCode, name).toBe(404);
        expect(start.json(), name).toEqual({ success: false, message });
      }
    } finally {
      await lonely.close();
    }
  });
});

describe('Skill Builder items', () => {
  it('shows students only the items meant for them, and attempted is per student', async () => {
    const sara = await t.student();
    const omid = await t.student();
    const now = t.clock.now;
    const forSara = await createItem({
      kind: 'story',
      title: 'For Sara',
      access_start: iso(now - HOUR),
      access_end: iso(now + 3 * HOUR),
      student_ids: JSON.stringify([sara.id]),
    });
    const saraStories = (await t.call('getStory', sara, { user_id: sara.id })).json().stories;
    const omidStories = (await t.call('getStory', omid, { user_id: omid.id })).json().stories;
    expect(saraStories.map((s: { id: number }) => s.id)).toContain(forSara);
    expect(omidStories.map((s: { id: number }) => s.id)).not.toContain(forSara);
    const notHis = await t.call('updateStoryAttempted', omid, {
      user_id: omid.id,
      item_id: forSara,
    });
    expect(notHis.statusCode).toBe(404);

    const everyone = await createItem({
      kind: 'reading',
      title: 'For all',
      access_start: iso(now - HOUR),
      access_end: iso(now + HOUR),
    });
    // The spec's call names no item: the first current reading is started.
    const start = await t.call('updateReadingAttempted', sara, { user_id: sara.id });
    expect(start.statusCode).toBe(200);
    const saraReading = (await t.call('getReading', sara, { user_id: sara.id })).json().readings[0];
    const omidReading = (await t.call('getReading', omid, { user_id: omid.id })).json().readings[0];
    expect(saraReading).toMatchObject({ id: everyone, attempted: 1 });
    expect(omidReading).toMatchObject({ id: everyone, attempted: 0 });
  });

  it('keeps students to their own user_id and to student calls', async () => {
    const sara = await t.student();
    const omid = await t.student();
    expect((await t.call('getReading', sara, { user_id: omid.id })).statusCode).toBe(403);
    expect((await t.call('updateReadingAttempted', sara, { user_id: omid.id })).statusCode).toBe(
      403,
    );
    expect((await t.call('getReading', undefined, { user_id: sara.id })).statusCode).toBe(401);
    expect((await t.call('listSkillItems', sara, { kind: 'exam' })).statusCode).toBe(403);
    expect((await t.call('deleteSkillItem', sara, { id: 1 })).statusCode).toBe(403);
  });
});

describe('admin: skill items', () => {
  it('lists, edits and deletes items, with who they are for and how many started', async () => {
    const sara = await t.student();
    const now = t.clock.now;
    const id = await createItem({
      kind: 'reading',
      title: 'Draft',
      access_start: iso(now - HOUR),
      access_end: iso(now + HOUR),
      student_ids: JSON.stringify([sara.id]),
    });
    // The admin's list names whom an item is for.
    const before = (await t.call('listSkillItems', admin, { kind: 'reading' })).json().items;
    expect(before.find((i: { id: number }) => i.id === id)).toMatchObject({
      student_ids: [sara.id],
      students: [{ id: sara.id, name: sara.name }],
    });
    const edited = await t.call('saveSkillItem', admin, {
      id: String(id),
      kind: 'reading',
      title: 'Final',
      description: '',
      access_start: iso(now - HOUR),
      access_end: iso(now + 2 * HOUR),
      link_url: 'https://files.example.com/final.pdf',
      student_ids: '[]',
    });
    expect(edited.statusCode).toBe(200);
    const items = (await t.call('listSkillItems', admin, { kind: 'reading' })).json().items;
    expect(items.find((i: { id: number }) => i.id === id)).toMatchObject({
      title: 'Final',
      student_ids: [],
      students: [],
      attempts_count: 0,
      link_url: 'https://files.example.com/final.pdf',
    });

    // Editing one that is not there (or is another kind) is a 404, and keeps no upload.
    const filesBefore = await t.database.db.selectFrom('stored_files').select('id').execute();
    for (const [missing, kind] of [
      [id + 1000, 'reading'],
      [id, 'story'],
    ] as const) {
      const res = await t.call('saveSkillItem', admin, {
        id: String(missing),
        kind,
        title: 'Ghost',
        access_start: iso(now - HOUR),
        access_end: iso(now + HOUR),
        file: { filename: 'ghost.pdf', content: samples.pdf, type: 'application/pdf' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No such ${kind}.`);
    }
    expect(await t.database.db.selectFrom('stored_files').select('id').execute()).toEqual(
      filesBefore,
    );

    const removed = await t.call('deleteSkillItem', admin, { id });
    expect(removed.statusCode).toBe(200);
    expect((await t.call('deleteSkillItem', admin, { id })).statusCode).toBe(404);
  });

  it.each([
    [{ title: '' }, 'Please enter a title.'],
    [
      { access_end: '2026-01-01T00:00:00Z', access_start: '2026-02-01T00:00:00Z' },
      'The end time must be after the start time.',
    ],
    [{ access_start: 'tomorrow' }, 'access_start must be a date and time such as 2026-12-04T17:00'],
    [{ link_url: 'javascript:alert(1)' }, 'link_url must be an http:// or https:// link'],
    [{ link_url: '' }, 'Please upload a file or add a link.'],
    [{ kind: 'quiz' }, 'kind must be exam, reading, listening or story'],
    [{ student_ids: '[1, "x"]' }, 'student_ids must be a JSON list of student ids'],
    [{ student_ids: '[999999]' }, 'These are not students: 999999.'],
  ])('refuses %o with a clear message and stores nothing', async (override, message) => {
    const before = (await t.call('listSkillItems', admin, { kind: 'exam' })).json().items.length;
    const res = await t.callUnchecked('saveSkillItem', admin, {
      kind: 'exam',
      title: 'X',
      access_start: '2026-11-22T08:00:00Z',
      access_end: '2026-11-22T10:00:00Z',
      link_url: 'https://x.example.com/a.pdf',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.call('listSkillItems', admin, { kind: 'exam' })).json().items.length).toBe(
      before,
    );
  });
});

describe('items with an uploaded file', () => {
  /** The stored file an item opens: its row id and storage key, or undefined for a link. */
  async function storedFileOf(itemId: number) {
    const { file_id } = await t.database.db
      .selectFrom('skill_items')
      .select('file_id')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    if (file_id === null) return undefined;
    const { storage_key } = await t.database.db
      .selectFrom('stored_files')
      .select('storage_key')
      .where('id', '=', file_id)
      .executeTakeFirstOrThrow();
    return { id: file_id, key: storage_key };
  }
  const fileRowExists = async (id: number) =>
    (await t.database.db
      .selectFrom('stored_files')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined;
  const saveWithFile = (fields: CallPayload<'saveSkillItem'>) =>
    t.call('saveSkillItem', admin, fields);

  it('an edit with a new upload replaces the file and deletes the old one (row and bytes); an edit with neither keeps it', async () => {
    const student = await t.student();
    const now = t.clock.now;
    const window = {
      kind: 'reading' as const,
      access_start: iso(now - HOUR),
      access_end: iso(now + HOUR),
      student_ids: JSON.stringify([student.id]),
    };
    const created = await saveWithFile({
      ...window,
      title: 'First version',
      file: { filename: 'first.pdf', content: samples.pdf, type: 'application/pdf' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const first = await storedFileOf(id);
    if (!first) throw new Error('the new item has no stored file');

    // Only the title changes: the file stays.
    const retitled = await saveWithFile({ ...window, id: String(id), title: 'Renamed' });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(await storedFileOf(id)).toEqual(first);

    const second = samples.pdfOfSize(4_000);
    const replaced = await saveWithFile({
      ...window,
      id: String(id),
      title: 'Second version',
      file: { filename: 'second.pdf', content: second, type: 'application/pdf' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ success: true, message: 'Saved.', id });

    const current = await storedFileOf(id);
    if (!current) throw new Error('the edited item lost its file');
    expect(current.id).not.toBe(first.id);
    expect(await fileRowExists(first.id)).toBe(false);
    expect(await t.app.deps.storage.exists(first.key)).toBe(false);
    expect(await t.app.deps.storage.exists(current.key)).toBe(true);

    // The student now gets the new file.
    const started = await t.call('updateReadingAttempted', student, {
      user_id: student.id,
      item_id: id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const file = await t.inject({ method: 'GET', url: `/api/${started.json().file_url}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="second.pdf"');
    expect(file.rawPayload.equals(second)).toBe(true);

    // A link instead of a file: the file goes too.
    const linked = await saveWithFile({
      ...window,
      id: String(id),
      title: 'Linked',
      link_url: 'https://files.example.com/linked.pdf',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await storedFileOf(id)).toBeUndefined();
    expect(await fileRowExists(current.id)).toBe(false);
    expect(await t.app.deps.storage.exists(current.key)).toBe(false);
  });

  it('serves the file through a signed link once the item is started, and removes it with the item', async () => {
    const student = await t.student();
    const now = t.clock.now;
    const res = await t.call('saveSkillItem', admin, {
      kind: 'story',
      title: 'Story with a file',
      access_start: iso(now - HOUR),
      access_end: iso(now + HOUR),
      file: { filename: 'story.pdf', content: samples.pdf, type: 'application/pdf' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    await t.call('updateStoryAttempted', student, {
      user_id: student.id,
      item_id: id,
    });
    const story = (await t.call('getStory', student, { user_id: student.id }))
      .json()
      .stories.find((s: { id: number }) => s.id === id);
    expect(story?.file_url).toMatch(/^files\/\d+\?/);
    const file = await t.inject({ method: 'GET', url: `/api/${story?.file_url}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="story.pdf"');
    expect(file.rawPayload.equals(samples.pdf)).toBe(true);

    const stored = await t.database.db
      .selectFrom('skill_items')
      .select('file_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const key = (
      await t.database.db
        .selectFrom('stored_files')
        .select('storage_key')
        .where('id', '=', stored.file_id as number)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect(await t.app.deps.storage.exists(key)).toBe(true);
    await t.call('deleteSkillItem', admin, { id });
    expect(await t.app.deps.storage.exists(key)).toBe(false);
    expect((await t.inject({ method: 'GET', url: `/api/${story?.file_url}` })).statusCode).toBe(
      404,
    );
  });
});

describe('an item’s file opens only once the student has started it', () => {
  const kinds = [
    { kind: 'exam', list: 'getExam', start: 'updateAttempted', idField: 'exam_id' },
    {
      kind: 'reading',
      list: 'getReading',
      start: 'updateReadingAttempted',
      idField: 'item_id',
    },
    {
      kind: 'listening',
      list: 'getListening',
      start: 'updateListeningAttempted',
      idField: 'item_id',
    },
    {
      kind: 'story',
      list: 'getStory',
      start: 'updateStoryAttempted',
      idField: 'item_id',
    },
  ] as const;

  /** The student's listed item with this id (the exam call answers one, the others a list). */
  async function listed(list: (typeof kinds)[number]['list'], student: TestUser, id: number) {
    const body: Partial<Record<'exam' | 'readings' | 'listenings' | 'stories', unknown>> = (
      await t.call(list, student, { user_id: student.id })
    ).json();
    const items = [body.exam, body.readings, body.listenings, body.stories]
      .flat()
      .filter(Boolean) as { id: number; file_url: string | null }[];
    return items.find((i) => i.id === id);
  }

  it.each(kinds)(
    '$kind: no link in the list before the start, the start answers it, the list keeps it after',
    async ({ kind, list, start, idField }) => {
      for (const source of ['file', 'link'] as const) {
        const student = await t.student();
        const now = t.clock.now;
        // Earlier than any other test's items, so it is this student's first (the exam call
        // answers only the first).
        const fields = {
          kind,
          title: `${kind} with a ${source}`,
          access_start: iso(now - 3 * HOUR),
          access_end: iso(now + HOUR),
          student_ids: JSON.stringify([student.id]),
        };
        const secretLink = `https://files.example.com/${kind}-secret.pdf`;
        let id: number;
        if (source === 'link') id = await createItem({ ...fields, link_url: secretLink });
        else {
          const uploaded = await t.call('saveSkillItem', admin, {
            ...fields,
            file: { filename: `${kind}.pdf`, content: samples.pdf, type: 'application/pdf' },
          });
          expect(uploaded.statusCode, uploaded.body).toBe(200);
          id = uploaded.json().id;
        }

        // Open now, not started: nothing to read without being recorded as starting.
        expect(await listed(list, student, id)).toMatchObject({
          id,
          attempted: 0,
          is_open: 1,
          file_url: null,
        });

        // Each start names its item in its own field (exam_id, item_id).
        const started = await t.call(start, student, {
          user_id: student.id,
          [idField]: id,
        });
        expect(started.statusCode, started.body).toBe(200);
        const link = started.json().file_url as string;
        if (source === 'link') expect(link).toBe(secretLink);
        else {
          expect(link).toMatch(/^files\/\d+\?/);
          const file = await t.inject({ method: 'GET', url: `/api/${link}` });
          expect(file.statusCode).toBe(200);
          expect(file.rawPayload.equals(samples.pdf)).toBe(true);
        }

        // Started: the list answers the link again, so a closed tab can be opened again.
        const after = await listed(list, student, id);
        expect(after).toMatchObject({ id, attempted: 1, is_open: 1 });
        if (source === 'link') expect(after?.file_url).toBe(secretLink);
        else expect(after?.file_url).toMatch(/^files\/\d+\?/);
      }
    },
  );

  it('the download route refuses an item’s file to a student who has not started it, even with a link signed for them', async () => {
    const sara = await t.student();
    const omid = await t.student();
    const now = t.clock.now;
    const res = await t.call('saveSkillItem', admin, {
      kind: 'exam',
      title: 'Signed but not started',
      access_start: iso(now - HOUR),
      access_end: iso(now + HOUR),
      student_ids: JSON.stringify([sara.id, omid.id]),
      file: { filename: 'paper.pdf', content: samples.pdf, type: 'application/pdf' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { file_id } = await t.database.db
      .selectFrom('skill_items')
      .select('file_id')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    const fileId = file_id as number;

    // A link made for Omid (say one issued before this rule, or by some other path) does not open it.
    const forOmid = t.app.deps.fileUrl(fileId, omid.id);
    const refused = await t.inject({ method: 'GET', url: `/api/${forOmid}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This file opens once you have started it.');

    // Sara starts: her link works; Omid's still does not; the admin's always does.
    const started = await t.call('updateAttempted', sara, {
      user_id: sara.id,
      exam_id: res.json().id,
    });
    expect(started.statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: `/api/${started.json().file_url}` })).statusCode,
    ).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/${forOmid}` })).statusCode).toBe(403);
    const forAdmin = t.app.deps.fileUrl(fileId, admin.id);
    expect((await t.inject({ method: 'GET', url: `/api/${forAdmin}` })).statusCode).toBe(200);
  });
});
