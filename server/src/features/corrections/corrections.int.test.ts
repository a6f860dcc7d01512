import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
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

const send = (fields: Parameters<typeof multipartAs>[1], token = admin.token) =>
  t.inject({ method: 'POST', url: '/api/send_correction.php', ...multipartAs(token, fields) });
const results = (student: TestUser, token = student.token) =>
  t.inject({
    method: 'GET',
    url: `/api/students_get_corrections.php?user_id=${student.id}`,
    headers: bearer(token),
  });

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
      },
    ]);
    const download = await t.inject({ method: 'GET', url: `/api/${list[0].files[0].file_url}` });
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

  it('takes at most five files, in the slots file1..file5', async () => {
    const student = await t.student();
    const wrongSlot = await send({
      user_id: String(student.id),
      title: 'T',
      file6: { filename: 'x.pdf', content: samples.pdf },
    });
    expect(wrongSlot.statusCode).toBe(400);
    const before = await t.database.db.selectFrom('corrections').select('id').execute();
    expect(before.some(() => false)).toBe(false);
  });

  it('lists sent corrections for the admin, or a message when there are none, and deletes with the files', async () => {
    const fresh = await createTestApp();
    try {
      const a = await fresh.admin();
      const s = await fresh.student();
      const empty = await fresh.inject({
        method: 'GET',
        url: '/api/get_corrections.php',
        headers: bearer(a.token),
      });
      expect(empty.json()).toEqual({ success: false, message: 'No corrections found.' });
      await fresh.inject({
        method: 'POST',
        url: '/api/send_correction.php',
        ...multipartAs(a.token, {
          user_id: String(s.id),
          title: 'Marked',
          file1: { filename: 'm.pdf', content: samples.pdf },
        }),
      });
      const list = (
        await fresh.inject({
          method: 'GET',
          url: '/api/get_corrections.php',
          headers: bearer(a.token),
        })
      ).json();
      expect(list).toHaveLength(1);
      const key = (
        await fresh.database.db
          .selectFrom('stored_files')
          .select('storage_key')
          .executeTakeFirstOrThrow()
      ).storage_key;
      const removed = await fresh.inject({
        method: 'POST',
        url: '/api/delete_correction.php',
        headers: bearer(a.token),
        payload: { id: list[0].id },
      });
      expect(removed.json()).toEqual({
        success: true,
        message: 'Assignment removed successfully.',
      });
      expect(await fresh.app.deps.storage.exists(key)).toBe(false);
      expect(await fresh.database.db.selectFrom('stored_files').select('id').execute()).toEqual([]);
      const again = await fresh.inject({
        method: 'POST',
        url: '/api/delete_correction.php',
        headers: bearer(a.token),
        payload: { id: list[0].id },
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Failed to remove assignment.');
    } finally {
      await fresh.close();
    }
  });

  it('keeps results to their student and the admin calls to admins', async () => {
    const sara = await t.student();
    const omid = await t.student();
    expect((await results(sara, omid.token)).statusCode).toBe(403);
    expect((await send({ user_id: String(sara.id), title: 'T' }, sara.token)).statusCode).toBe(403);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: '/api/get_corrections.php',
          headers: bearer(sara.token),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/delete_correction.php',
          headers: bearer(sara.token),
          payload: { id: 1 },
        })
      ).statusCode,
    ).toBe(403);
  });
});
