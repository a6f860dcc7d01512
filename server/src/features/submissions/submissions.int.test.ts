import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type FilePart,
  type multipartAs,
  present,
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

const upload = (token: string, fields: Parameters<typeof multipartAs>[1]) =>
  t.callUnchecked('uploadAssignment', token, fields);
const pdf = (name = 'work.pdf'): FilePart => ({
  filename: name,
  content: samples.pdf,
  type: 'application/pdf',
});
const counts = async () => {
  const db = t.database.db;
  const n = async (table: 'stored_files' | 'submissions') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const files: string[] = [];
  for await (const f of t.app.deps.storage.list()) files.push(f.key);
  return {
    rows: await n('stored_files'),
    submissions: await n('submissions'),
    files: files.length,
  };
};

describe('POST /api/upload_assignment.php', () => {
  it('stores a PDF and an image and the admin downloads them byte for byte from the inbox', async () => {
    const student = await t.student({ name: 'Uploader' });
    const res = await upload(student.token, {
      user_id: String(student.id),
      subject: 'Unit 3 homework',
      description: 'Pages 10–12',
      'files[]': [
        pdf('homework.pdf'),
        { filename: 'photo.png', content: samples.png, type: 'image/png' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Assignment submitted successfully.' });

    const inbox = (await t.call('sendToInbox', admin.token, {})).json();
    const item = present(
      inbox.assignments.find((a) => a.user_id === student.id),
      "the student's work",
    );
    expect(item).toMatchObject({
      user_name: 'Uploader',
      subject: 'Unit 3 homework',
      description: 'Pages 10–12',
      created_at: expect.any(String),
    });
    expect(item.files.map((f) => f.file_name)).toEqual(['homework.pdf', 'photo.png']);
    expect(item.file_url).toBe(item.files[0]?.file_url);

    const download = await t.inject({ method: 'GET', url: `/api/${item.files[1]?.file_url}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(samples.png)).toBe(true);
  });

  it.each([
    ['a missing subject', { subject: '' }, 400, 'Please enter a subject.'],
    ['no file', { files: undefined }, 400, 'Please select at least one file.'],
    [
      'a renamed executable',
      { files: [{ filename: 'essay.pdf', content: samples.exe, type: 'application/pdf' }] },
      415,
      'Only JPG, JPEG, PNG and PDF files are accepted.',
    ],
    [
      'a file of 5 MB and one byte',
      { files: [{ filename: 'big.pdf', content: samples.pdfOfSize(5_242_881) }] },
      413,
      'File size cannot be larger than 5 MB.',
    ],
    [
      'eleven files',
      { files: Array.from({ length: 11 }, (_, i) => pdf(`p${i}.pdf`)) },
      413,
      'You cannot select more than 10 files.',
    ],
    [
      'a good file then a bad one',
      { files: [pdf(), { filename: 'x.png', content: samples.elf }] },
      415,
      'Only JPG, JPEG, PNG and PDF files are accepted.',
    ],
  ])(
    'refuses %s and leaves no row and no file behind',
    async (_label, override, status, message) => {
      const student = await t.student();
      const before = await counts();
      const fields: Parameters<typeof multipartAs>[1] = {
        user_id: String(student.id),
        subject: 'S',
        description: '',
      };
      if ('subject' in override) fields.subject = override.subject as string;
      const files = 'files' in override ? override.files : [pdf()];
      if (files) fields['files[]'] = files as FilePart[];
      const res = await upload(student.token, fields);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
      expect(await counts()).toEqual(before);
    },
  );

  it('accepts exactly 10 files and exactly 5 MB', async () => {
    const student = await t.student();
    const ten = await upload(student.token, {
      user_id: String(student.id),
      subject: 'Ten',
      'files[]': Array.from({ length: 10 }, (_, i) => pdf(`p${i}.pdf`)),
    });
    expect(ten.statusCode, ten.body).toBe(200);
    const exact = await upload(student.token, {
      user_id: String(student.id),
      subject: 'Exact',
      'files[]': [{ filename: 'max.pdf', content: samples.pdfOfSize(5_242_880) }],
    });
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('uploads only as yourself, and a refused upload as someone else leaves nothing behind', async () => {
    const sara = await t.student();
    const omid = await t.student();
    const before = await counts();
    const res = await upload(sara.token, {
      user_id: String(omid.id),
      subject: 'Not mine',
      'files[]': [pdf(), pdf('second.pdf')],
    });
    expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/upload_assignment.php',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.call('sendToInbox', sara.token, {})).statusCode).toBe(403);
  });
});

describe('GET /api/send_to_inbox.php', () => {
  const inbox = (query: string) =>
    t.inject({
      method: 'GET',
      url: `/api/send_to_inbox.php${query}`,
      headers: bearer(admin.token),
    });

  it("finds a student's submissions by part of their name, in any case, newest first", async () => {
    const mina = await t.student({ name: 'Mina 100%_Rahimi' });
    const other = await t.student({ name: 'Mina Other' });
    for (const subject of ['Essay one', 'Essay two'])
      await upload(mina.token, { user_id: String(mina.id), subject, 'files[]': pdf() });
    await upload(other.token, { user_id: String(other.id), subject: 'Not hers', 'files[]': pdf() });

    const found = (await inbox(`?q=${encodeURIComponent('100%_RAHIMI')}`)).json();
    expect(found.assignments.map((a: { subject: string }) => a.subject)).toEqual([
      'Essay two',
      'Essay one',
    ]);
    expect(found.assignments[0].user_name).toBe('Mina 100%_Rahimi');
    expect(found.has_more).toBe(false);
    // % and _ are letters here, not wildcards.
    expect((await inbox(`?q=${encodeURIComponent('Mina 1_0')}`)).json().assignments).toEqual([]);
    expect((await inbox('?q=nobody-has-this-name')).json()).toMatchObject({
      success: true,
      assignments: [],
      has_more: false,
    });
    expect((await inbox('?page=0')).statusCode).toBe(400);
  });
});

describe('signed download links', () => {
  async function linkToNewFile() {
    const student = await t.student();
    await upload(student.token, {
      user_id: String(student.id),
      subject: 'Linked',
      'files[]': [pdf('linked.pdf')],
    });
    const inbox = (await t.call('sendToInbox', admin.token, {})).json();
    return new URL(present(inbox.assignments[0]?.file_url, 'the link'), 'http://x/api/');
  }

  it('refuses a tampered signature, a changed id, an unknown file and an expired link', async () => {
    const url = await linkToNewFile();
    const at = (u: URL) => t.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect((await at(url)).statusCode).toBe(200);

    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${url.searchParams.get('sig')?.slice(0, -2)}xx`);
    expect((await at(tampered)).statusCode).toBe(403);

    const otherId = new URL(url);
    otherId.pathname = otherId.pathname.replace(/\d+$/, (d) => String(Number(d) + 1000));
    expect((await at(otherId)).statusCode).toBe(403);

    const traversal = await t.inject({
      method: 'GET',
      url: `/api/files/..%2F..%2Facademy.db${url.search}`,
    });
    expect([403, 404]).toContain(traversal.statusCode);

    t.clock.now += 3 * 60 * 60_000;
    const expired = await at(url);
    t.clock.now -= 3 * 60 * 60_000;
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(
      'This download link has expired. Open the list again for a fresh one.',
    );
  });

  it('answers 404 to a correctly signed link whose file does not exist', async () => {
    const url = t.app.deps.fileUrl(987_654, admin.id);
    const res = await t.inject({ method: 'GET', url: `/api/${url}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('File not found.');
  });

  it("names the download 'download' with its type's extension when the file has no stored name", async () => {
    const url = await linkToNewFile();
    const fileId = Number(url.pathname.split('/').pop());
    await t.database.db
      .updateTable('stored_files')
      .set({ file_name: '' })
      .where('id', '=', fileId)
      .execute();
    const res = await t.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="download.pdf"; filename*=UTF-8''download.pdf`,
    );
  });

  it('stops working when the user it was signed for is deactivated', async () => {
    const url = await linkToNewFile();
    await t.database.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('id', '=', admin.id)
      .execute();
    const res = await t.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    await t.database.db
      .updateTable('users')
      .set({ is_active: 1 })
      .where('id', '=', admin.id)
      .execute();
    expect(res.statusCode).toBe(403);
  });
});
