import { CORRECTIONS_PAGE_SIZE } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  listIn,
  type multipartAs,
  present,
  type TestApp,
  type TestUser,
  withKey,
} from '../../test-support/harness.js';
import { office, samples } from '../../test-support/samples.js';
import { createCorrection } from './corrections-data.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const pdfPart = (filename: string) => ({ filename, content: samples.pdf });

/** What a refused request must not leave: corrections, file rows, stored bytes. */
async function leftovers() {
  const db = t.database.db;
  const count = async (table: 'corrections' | 'correction_files' | 'stored_files') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let bytes = 0;
  for await (const _ of t.app.deps.storage.list()) bytes += 1;
  return {
    corrections: await count('corrections'),
    correctionFiles: await count('correction_files'),
    rows: await count('stored_files'),
    bytes,
  };
}

const send = (fields: Parameters<typeof multipartAs>[1], token = admin.token) =>
  t.callUnchecked('sendCorrection', token, fields);
const results = (student: TestUser, token = student.token) =>
  t.call('studentsGetCorrections', token, { user_id: student.id });

describe('corrections and results', () => {
  it('sends a correction with files; the student reads it as a result and downloads it under its name', async () => {
    const student = await t.student({ name: 'Reader' });
    expect((await results(student)).json()).toEqual({
      success: false,
      message: 'No Results found.',
    });

    const res = await send({
      user_id: String(student.id),
      title: 'Essay feedback',
      description: '',
      file1: { filename: 'feedback.pdf', content: samples.pdf },
      file3: { filename: 'scan.jpg', content: samples.jpg },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Correction sent successfully' });

    const list = (await results(student)).json();
    expect(list).toEqual([
      {
        id: expect.any(Number),
        user_id: student.id,
        user_name: 'Reader',
        title: 'Essay feedback',
        description: '',
        created_at: expect.any(String),
        files: [
          { file_url: expect.stringMatching(/^files\//), file_name: 'feedback.pdf' },
          { file_url: expect.stringMatching(/^files\//), file_name: 'scan.jpg' },
        ],
        submission_id: null,
        submission_subject: null,
        submission_created_at: null,
        assignment_title: null,
        comment_audio_url: null,
        mark: null,
      },
    ]);
    const download = await t.inject({
      method: 'GET',
      url: `/api/${listIn(list)[0]?.files[0]?.file_url}`,
    });
    expect(download.rawPayload.equals(samples.pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain('filename="feedback.pdf"');
  });

  it.each([
    [{ title: 'T' }, 'Please select a user.'],
    [{ user_id: 'STUDENT', title: ' ' }, 'Please enter a title.'],
  ])('refuses %o with the spec message', async (fields, message) => {
    const student = await t.student();
    const withStudent = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v === 'STUDENT' ? String(student.id) : v]),
    );
    const res = await send(withStudent);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: message, message });
  });

  it('takes the five files of one pick in one request, in order (issue 27)', async () => {
    const student = await t.student();
    const names = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'];
    const res = await send({
      user_id: String(student.id),
      title: 'Five files',
      ...Object.fromEntries(names.map((name, i) => [`file${i + 1}`, pdfPart(name)])),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = listIn((await results(student)).json());
    expect(result?.files.map((f) => f.file_name)).toEqual(names);
  });

  it('takes files only in the slots file1..file5', async () => {
    const student = await t.student();
    const before = await leftovers();
    const wrongSlot = await send({
      user_id: String(student.id),
      title: 'T',
      file6: { filename: 'x.pdf', content: samples.pdf },
    });
    expect(wrongSlot.statusCode).toBe(400);
    expect(await leftovers()).toEqual(before);
  });

  it.each([
    [
      'six files',
      {
        file1: [pdfPart('a.pdf'), pdfPart('f.pdf')],
        file2: pdfPart('b.pdf'),
        file3: pdfPart('c.pdf'),
        file4: pdfPart('d.pdf'),
        file5: pdfPart('e.pdf'),
      },
      413,
      'You can send at most 5 files.',
    ],
    [
      'a renamed program after a good file',
      { file1: pdfPart('ok.pdf'), file2: { filename: 'notes.pdf', content: samples.exe } },
      415,
      'Only PDF, Word, PowerPoint, Excel, image or audio files are accepted.',
    ],
    [
      'a file of 5 MB and one byte after a good file',
      {
        file1: pdfPart('ok.pdf'),
        file2: { filename: 'big.pdf', content: samples.pdfOfSize(5_242_881) },
      },
      413,
      'File size cannot be larger than 5 MB.',
    ],
  ])(
    'refuses %s and leaves no correction, row or stored file behind',
    async (_label, files, status, message) => {
      const student = await t.student();
      const before = await leftovers();
      const res = await send({ user_id: String(student.id), title: 'Refused', ...files });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ success: false, error: message, message });
      expect(await leftovers()).toEqual(before);
    },
  );

  it('lists sent corrections for the admin, or a message when there are none, and deletes with the files', async () => {
    const fresh = await createTestApp();
    try {
      const a = await fresh.admin();
      const s = await fresh.student();
      const empty = await fresh.call('getCorrections', a.token, {});
      expect(empty.json()).toEqual({ success: false, message: 'No corrections found.' });
      await fresh.call('sendCorrection', a.token, {
        user_id: String(s.id),
        title: 'Marked',
        file1: { filename: 'm.pdf', content: samples.pdf },
      });
      const list = listIn((await fresh.call('getCorrections', a.token, {})).json());
      expect(list).toHaveLength(1);
      const key = (
        await fresh.database.db
          .selectFrom('stored_files')
          .select('storage_key')
          .executeTakeFirstOrThrow()
      ).storage_key;
      const id = list[0]?.id;
      if (id === undefined) throw new Error('the correction was not listed');
      const removed = await fresh.call('deleteCorrection', a.token, { id });
      expect(removed.json()).toEqual({
        success: true,
        message: 'Assignment removed successfully.',
      });
      expect(await fresh.app.deps.storage.exists(key)).toBe(false);
      expect(await fresh.database.db.selectFrom('stored_files').select('id').execute()).toEqual([]);
      const again = await fresh.call('deleteCorrection', a.token, { id });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: 'Failed to remove assignment.' });
    } finally {
      await fresh.close();
    }
  });

  it('keeps results to their student and the admin calls to admins', async () => {
    const sara = await t.student();
    const omid = await t.student();
    expect((await results(sara, omid.token)).statusCode).toBe(403);
    expect((await send({ user_id: String(sara.id), title: 'T' }, sara.token)).statusCode).toBe(403);
    expect((await t.call('getCorrections', sara.token, {})).statusCode).toBe(403);
    expect((await t.call('deleteCorrection', sara.token, { id: 1 })).statusCode).toBe(403);
  });
});

describe('Office files', () => {
  it('accepts a Word file whose Word parts come late in the archive, and still refuses a plain zip', async () => {
    const student = await t.student();
    const res = await send({
      user_id: String(student.id),
      title: 'Marked in Word',
      file1: { filename: 'essay.docx', content: office.docx(6_000) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = listIn((await results(student)).json());
    const download = await t.inject({ method: 'GET', url: `/api/${result?.files[0]?.file_url}` });
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(download.rawPayload.equals(office.docx(6_000))).toBe(true);

    const before = await leftovers();
    const zip = await send({
      user_id: String(student.id),
      title: 'A zip',
      file1: { filename: 'essay.docx', content: office.plainZip(6_000) },
    });
    expect(zip.statusCode).toBe(415);
    expect(zip.json().message).toBe(
      'Only PDF, Word, PowerPoint, Excel, image or audio files are accepted.',
    );
    const huge = await send({
      user_id: String(student.id),
      title: 'A huge zip',
      file1: { filename: 'big.docx', content: office.plainZip(5_242_881) },
    });
    expect(huge.statusCode).toBe(413);
    expect(await leftovers()).toEqual(before);
  });
});

describe('paging and deleting', () => {
  it('pages the sent list with has_more, keeps the spec shape without a page, and gives a student all their results', async () => {
    const fresh = await createTestApp();
    try {
      const a = await fresh.admin();
      const s = await fresh.student({ name: 'Many Results' });
      for (let i = 1; i <= CORRECTIONS_PAGE_SIZE + 2; i += 1) {
        await createCorrection(
          fresh.database.db,
          { userId: s.id, title: `Result ${i}`, description: '', files: [], adminId: a.id },
          fresh.clock.now + i,
          fresh.app.deps.tell,
        );
      }

      const spec = listIn((await fresh.call('getCorrections', a.token, {})).json());
      expect(spec).toHaveLength(CORRECTIONS_PAGE_SIZE);
      expect(spec[0]?.title).toBe(`Result ${CORRECTIONS_PAGE_SIZE + 2}`);

      const first = (await fresh.call('getCorrections', a.token, { page: '1' })).json();
      expect(first).toMatchObject({ success: true, page: 1, has_more: true });
      expect(withKey(first, 'corrections').corrections).toHaveLength(CORRECTIONS_PAGE_SIZE);
      const second = (await fresh.call('getCorrections', a.token, { page: '2' })).json();
      expect(second).toMatchObject({ success: true, page: 2, has_more: false });
      expect(withKey(second, 'corrections').corrections.map((c) => c.title)).toEqual([
        'Result 2',
        'Result 1',
      ]);
      expect((await fresh.call('getCorrections', a.token, { page: '3' })).json()).toEqual({
        success: true,
        corrections: [],
        page: 3,
        has_more: false,
      });

      const results = (
        await fresh.call('studentsGetCorrections', s.token, { user_id: s.id })
      ).json();
      expect(results).toHaveLength(CORRECTIONS_PAGE_SIZE + 2);
    } finally {
      await fresh.close();
    }
  });

  it('deletes a correction and its files all or nothing; a link to the deleted file is a 404', async () => {
    const student = await t.student();
    const res = await send({
      user_id: String(student.id),
      title: 'To delete',
      file1: pdfPart('keep-or-go.pdf'),
    });
    expect(res.statusCode).toBe(200);
    const correction = present(listIn((await results(student)).json())[0], 'the correction');
    const db = t.database.db;
    const file = await db
      .selectFrom('correction_files as cf')
      .innerJoin('stored_files as f', 'f.id', 'cf.file_id')
      .select(['f.id', 'f.storage_key'])
      .where('cf.correction_id', '=', correction.id)
      .executeTakeFirstOrThrow();

    // Something else still points at the file, so deleting its row fails half-way through:
    // the correction must stay whole (rows and bytes), not lose its files.
    const submission = await db
      .insertInto('submissions')
      .values({ user_id: student.id, subject: 'S', description: '', created_at: t.clock.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('submission_files')
      .values({ submission_id: submission.id, file_id: file.id, position: 0 })
      .execute();
    const failed = await t.call('deleteCorrection', admin.token, { id: correction.id });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect((await results(student)).json()).toEqual([correction]);
    expect(await t.app.deps.storage.exists(file.storage_key)).toBe(true);

    await db.deleteFrom('submissions').where('id', '=', submission.id).execute();
    const removed = await t.call('deleteCorrection', admin.token, { id: correction.id });
    expect(removed.json()).toEqual({ success: true, message: 'Assignment removed successfully.' });
    expect(
      await db.selectFrom('stored_files').select('id').where('id', '=', file.id).execute(),
    ).toEqual([]);
    expect(await t.app.deps.storage.exists(file.storage_key)).toBe(false);

    // The link was signed correctly; the file is simply gone.
    const link = await t.inject({ method: 'GET', url: `/api/${correction.files[0]?.file_url}` });
    expect(link.statusCode).toBe(404);
  });
});
