import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  multipart,
  multipartAs,
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
/** A multipart payload sent as the admin. */
function asAdmin(fields: Record<string, string>) {
  const body = multipart(fields);
  return { payload: body.payload, headers: { ...body.headers, ...bearer(admin.token) } };
}
const get = (url: string, token?: string) =>
  t.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string | undefined, payload: object) =>
  t.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });

async function createItem(fields: Record<string, string>) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/save_skill_item.php',
    ...asAdmin({
      description: 'Read it well',
      link_url: 'https://files.example.com/item.pdf',
      ...fields,
    }),
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

    const res = await get(`/api/get_exam.php?user_id=${student.id}`, student.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      exam: {
        id: examId,
        title: 'Final exam',
        description: 'Read it well',
        file_url: 'https://files.example.com/item.pdf',
        attempted: 0,
      },
    });
    expect(res.json().exam.access_start).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const start = await post('/api/update_attempted.php', student.token, {
      user_id: student.id,
      exam_id: examId,
    });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({
      success: true,
      file_url: 'https://files.example.com/item.pdf',
    });
    expect(
      (await get(`/api/get_exam.php?user_id=${student.id}`, student.token)).json().exam.attempted,
    ).toBe(1);

    const again = await post('/api/update_attempted.php', student.token, {
      user_id: student.id,
      exam_id: examId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'You have already started this exam.',
    });

    const attempts = (
      await get(`/api/skill_item_attempts.php?item_id=${examId}`, admin.token)
    ).json();
    expect(attempts.attempts).toEqual([
      { user_id: student.id, user_name: student.name, started_at: expect.any(String) },
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
    const listing = (
      await get(`/api/get_listening.php?user_id=${student.id}`, student.token)
    ).json();
    expect(listing.listenings.find((i: { id: number }) => i.id === later).file_url).toBeNull();
    const early = await post('/api/update_listening_attempted.php', student.token, {
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
    const late = await post('/api/update_listening_attempted.php', student.token, {
      user_id: student.id,
      item_id: past,
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('This listening has closed.');
  });

  it('answers No exam found. when there is none', async () => {
    const lonely = await createTestApp();
    try {
      const student = await lonely.student();
      const res = await lonely.inject({
        method: 'GET',
        url: `/api/get_exam.php?user_id=${student.id}`,
        headers: bearer(student.token),
      });
      expect(res.json()).toEqual({ success: false, exam: null, message: 'No exam found.' });
      const readings = await lonely.inject({
        method: 'GET',
        url: `/api/get_reading.php?user_id=${student.id}`,
        headers: bearer(student.token),
      });
      expect(readings.json()).toEqual({
        success: false,
        readings: [],
        message: 'No readings found.',
      });
      const start = await lonely.inject({
        method: 'POST',
        url: '/api/update_story_attempted.php',
        headers: bearer(student.token),
        payload: { user_id: student.id },
      });
      expect(start.statusCode).toBe(404);
      expect(start.json().message).toBe('No story found.');
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
    const saraStories = (await get(`/api/get_story.php?user_id=${sara.id}`, sara.token)).json()
      .stories;
    const omidStories = (await get(`/api/get_story.php?user_id=${omid.id}`, omid.token)).json()
      .stories;
    expect(saraStories.map((s: { id: number }) => s.id)).toContain(forSara);
    expect(omidStories.map((s: { id: number }) => s.id)).not.toContain(forSara);
    const notHis = await post('/api/update_story_attempted.php', omid.token, {
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
    const start = await post('/api/update_reading_attempted.php', sara.token, { user_id: sara.id });
    expect(start.statusCode).toBe(200);
    const saraReading = (await get(`/api/get_reading.php?user_id=${sara.id}`, sara.token)).json()
      .readings[0];
    const omidReading = (await get(`/api/get_reading.php?user_id=${omid.id}`, omid.token)).json()
      .readings[0];
    expect(saraReading).toMatchObject({ id: everyone, attempted: 1 });
    expect(omidReading).toMatchObject({ id: everyone, attempted: 0 });
  });

  it('keeps students to their own user_id and to student calls', async () => {
    const sara = await t.student();
    const omid = await t.student();
    expect((await get(`/api/get_reading.php?user_id=${omid.id}`, sara.token)).statusCode).toBe(403);
    expect(
      (await post('/api/update_reading_attempted.php', sara.token, { user_id: omid.id }))
        .statusCode,
    ).toBe(403);
    expect((await get(`/api/get_reading.php?user_id=${sara.id}`)).statusCode).toBe(401);
    expect((await get('/api/skill_items.php?kind=exam', sara.token)).statusCode).toBe(403);
    expect((await post('/api/delete_skill_item.php', sara.token, { id: 1 })).statusCode).toBe(403);
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
    const edited = await t.inject({
      method: 'POST',
      url: '/api/save_skill_item.php',
      ...asAdmin({
        id: String(id),
        kind: 'reading',
        title: 'Final',
        description: '',
        access_start: iso(now - HOUR),
        access_end: iso(now + 2 * HOUR),
        link_url: 'https://files.example.com/final.pdf',
        student_ids: '[]',
      }),
    });
    expect(edited.statusCode).toBe(200);
    const items = (await get('/api/skill_items.php?kind=reading', admin.token)).json().items;
    expect(items.find((i: { id: number }) => i.id === id)).toMatchObject({
      title: 'Final',
      student_ids: [],
      attempts_count: 0,
      link_url: 'https://files.example.com/final.pdf',
    });

    const removed = await post('/api/delete_skill_item.php', admin.token, { id });
    expect(removed.statusCode).toBe(200);
    expect((await post('/api/delete_skill_item.php', admin.token, { id })).statusCode).toBe(404);
  });

  it.each([
    [{ title: '' }, 'Please enter a title.'],
    [
      { access_end: '2026-01-01T00:00:00Z', access_start: '2026-02-01T00:00:00Z' },
      'The end time must be after the start time.',
    ],
    [
      { access_start: 'tomorrow' },
      'access_start must be a date and time such as 2026-11-22T09:00:00Z',
    ],
    [{ link_url: 'javascript:alert(1)' }, 'link_url must be an http:// or https:// link'],
    [{ link_url: '' }, 'Please upload a file or add a link.'],
    [{ kind: 'quiz' }, 'kind must be exam, reading, listening or story'],
    [{ student_ids: '[1, "x"]' }, 'student_ids must be a JSON list of student ids'],
    [{ student_ids: '[999999]' }, 'These are not students: 999999.'],
  ])('refuses %o with a clear message and stores nothing', async (override, message) => {
    const before = (await get('/api/skill_items.php?kind=exam', admin.token)).json().items.length;
    const res = await t.inject({
      method: 'POST',
      url: '/api/save_skill_item.php',
      ...asAdmin({
        kind: 'exam',
        title: 'X',
        access_start: '2026-11-22T08:00:00Z',
        access_end: '2026-11-22T10:00:00Z',
        link_url: 'https://x.example.com/a.pdf',
        ...override,
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await get('/api/skill_items.php?kind=exam', admin.token)).json().items.length).toBe(
      before,
    );
  });
});

describe('speaking questions', () => {
  it('serves the active question (window inclusive) and its status', async () => {
    const student = await t.student();
    const now = t.clock.now;
    const save = await post('/api/save_speaking_question.php', admin.token, {
      question_text: 'Describe your city.',
      start_time: iso(now),
      end_time: iso(now + HOUR),
    });
    expect(save.statusCode).toBe(200);
    const questionId = save.json().id;

    const active = (
      await get(`/api/get_speaking_question.php?user_id=${student.id}`, student.token)
    ).json();
    expect(active).toMatchObject({
      success: true,
      data: { id: questionId, question_text: 'Describe your city.' },
    });
    const status = (
      await get(
        `/api/get_speaking_question_status.php?user_id=${student.id}&question_id=${questionId}`,
        student.token,
      )
    ).json();
    expect(status).toMatchObject({ success: true, status: 'not_answered' });

    t.clock.now = now + HOUR + 1;
    const none = (
      await get(`/api/get_speaking_question.php?user_id=${student.id}`, student.token)
    ).json();
    expect(none).toEqual({
      success: false,
      data: null,
      message: 'No active question available at this time.',
    });
    t.clock.now = now;

    const list = (await get('/api/speaking_questions.php', admin.token)).json().questions;
    expect(list.find((q: { id: number }) => q.id === questionId)).toMatchObject({
      answers_count: 0,
    });
    expect(
      (await post('/api/delete_speaking_question.php', admin.token, { id: questionId })).statusCode,
    ).toBe(200);
  });

  it('refuses a question with a blank text or an end before its start', async () => {
    const blank = await post('/api/save_speaking_question.php', admin.token, {
      question_text: ' ',
      start_time: iso(0),
      end_time: iso(1000),
    });
    expect(blank.json().message).toBe('Please enter the question.');
    const backwards = await post('/api/save_speaking_question.php', admin.token, {
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
    const res = await post('/api/save_speaking_question.php', admin.token, {
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
  const send = (token: string, fields: Parameters<typeof multipart>[0]) =>
    t.inject({
      method: 'POST',
      url: '/api/send_speaking_answer.php',
      ...multipartAs(token, fields),
    });

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
      await get(
        `/api/get_speaking_question_status.php?user_id=${student.id}&question_id=${questionId}`,
        student.token,
      )
    ).json();
    expect(status.status).toBe('answered');

    const again = await send(student.token, {
      user_id: String(student.id),
      question_id: String(questionId),
      audio_file: { filename: 'again.wav', content: samples.wav },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already answered this question.');

    const answers = (
      await get(`/api/speaking_answers.php?question_id=${questionId}`, admin.token)
    ).json().answers;
    expect(answers).toEqual([
      {
        id: expect.any(Number),
        user_id: student.id,
        user_name: 'Speaker',
        created_at: expect.any(String),
        file_name: 'answer.wav',
        file_url: expect.stringMatching(/^files\/\d+\?exp=\d+&u=\d+&sig=/),
      },
    ]);
    const download = await t.inject({ method: 'GET', url: `/api/${answers[0].file_url}` });
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
        await get(
          `/api/get_speaking_question_status.php?user_id=${student.id}&question_id=${questionId}`,
          student.token,
        )
      ).json().status,
    ).toBe('not_answered');
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
    expect(
      (await get(`/api/speaking_answers.php?question_id=${questionId}`, sara.token)).statusCode,
    ).toBe(403);
  });
});

describe('items with an uploaded file', () => {
  it('serves the file through a signed link once the item opens, and removes it with the item', async () => {
    const student = await t.student();
    const now = t.clock.now;
    const res = await t.inject({
      method: 'POST',
      url: '/api/save_skill_item.php',
      ...multipartAs(admin.token, {
        kind: 'story',
        title: 'Story with a file',
        access_start: iso(now - HOUR),
        access_end: iso(now + HOUR),
        file: { filename: 'story.pdf', content: samples.pdf, type: 'application/pdf' },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    const story = (await get(`/api/get_story.php?user_id=${student.id}`, student.token))
      .json()
      .stories.find((s: { id: number }) => s.id === id);
    expect(story.file_url).toMatch(/^files\/\d+\?/);
    const file = await t.inject({ method: 'GET', url: `/api/${story.file_url}` });
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
    await post('/api/delete_skill_item.php', admin.token, { id });
    expect(await t.app.deps.storage.exists(key)).toBe(false);
    expect((await t.inject({ method: 'GET', url: `/api/${story.file_url}` })).statusCode).toBe(404);
  });
});
