import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as cleanStoredNames } from '../db/migrations/0007-clean-file-names.js';
import {
  createTestApp,
  listIn,
  present,
  type TestApp,
  type TestUser,
} from '../test-support/harness.js';
import { samples } from '../test-support/samples.js';

/**
 * A stored file's name is what a student's or admin's computer saves it as: it must say what
 * the file is (its sniffed type), and hide nothing (no bidi overrides or other invisible
 * characters that make `\u202Efdp.exe` read as `exe.pdf`).
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

/** The inbox entry of a student's one submission. */
async function submittedFiles(student: TestUser) {
  const inbox = (await t.call('sendToInbox', admin.token, {})).json();
  return present(
    inbox.assignments.find((a) => a.user_id === student.id),
    "the student's work",
  ).files;
}

describe('names of uploaded files', () => {
  it('get the extension of their sniffed type and lose bidi and control characters', async () => {
    const student = await t.student();
    const res = await t.call('uploadAssignment', student.token, {
      user_id: String(student.id),
      subject: 'Names',
      'files[]': [
        { filename: 'homework.html', content: samples.png, type: 'text/html' },
        { filename: '\u202Efdp.exe', content: samples.pdf },
        { filename: 'Photo.JPEG', content: samples.jpg },
        { filename: 'notes', content: samples.pdf },
        { filename: 'a\u200Fb\u2066c\u00ADd\uFEFF.PNG', content: samples.png },
        { filename: 'invoice.pdf\u202E\u2067gpj.', content: samples.jpg },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);

    const files = await submittedFiles(student);
    expect(files.map((f) => f.file_name)).toEqual([
      'homework.png',
      'fdp.pdf',
      'Photo.JPEG',
      'notes.pdf',
      'abcd.PNG',
      'invoice.pdfgpj.jpg',
    ]);

    const download = await t.inject({ method: 'GET', url: `/api/${files[0]?.file_url}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="homework.png"; filename*=UTF-8''homework.png`,
    );
  });

  it('the same for a correction’s files, which the student saves under that name', async () => {
    const student = await t.student();
    const sent = await t.call('sendCorrection', admin.token, {
      user_id: String(student.id),
      title: 'Marked',
      file1: { filename: 'marked.pdf\u202Eexe.', content: samples.png },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const results = (
      await t.call('studentsGetCorrections', student.token, { user_id: student.id })
    ).json();
    expect(listIn(results)[0]?.files.map((f) => f.file_name)).toEqual(['marked.pdfexe.png']);
  });
});

describe('names stored before the rule', () => {
  it('are cleaned by migration 0007, and the download header cleans any that escaped it', async () => {
    const db = t.database.db;
    const rows = [
      ['homework.html', 'image/png', 'homework.png'],
      ['\u202Efdp.exe', 'application/pdf', 'fdp.pdf'],
      ['Scan.jpeg', 'image/jpeg', 'Scan.jpeg'],
      ['voice', 'audio/ogg; codecs=opus', 'voice.opus'],
      [
        'report.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'report.docx',
      ],
      ['odd\u0007.bin', 'application/x-unknown', 'odd.bin'],
    ] as const;
    const ids: number[] = [];
    for (const [name, mime] of rows) {
      const row = await db
        .insertInto('stored_files')
        .values({
          storage_key: `${'0'.repeat(28)}${String(ids.length).padStart(4, '0')}`,
          file_name: name,
          mime_type: mime,
          size_bytes: 1,
          uploaded_by: admin.id,
          created_at: t.clock.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }

    // A row that escaped (written by something that skipped the upload path): the header is clean.
    const link = t.app.deps.fileUrl(ids[0] as number, admin.id);
    await t.app.deps.storage.put(`${'0'.repeat(28)}0000`, Readable.from([samples.png]), 1_000);
    const download = await t.inject({ method: 'GET', url: `/api/${link}` });
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="homework.png"; filename*=UTF-8''homework.png`,
    );

    await cleanStoredNames(db);
    const names = await db
      .selectFrom('stored_files')
      .select(['id', 'file_name'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(names.map((r) => r.file_name)).toEqual(rows.map((r) => r[2]));
  });
});
