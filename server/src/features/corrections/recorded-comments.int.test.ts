import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

/**
 * A correction's recorded comment (issue 21, point 2): sent beside the files, heard only by
 * its student, and held to the limits of every recording (issue 27, point 9): sound only,
 * at most 300 s.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

/** A student's results; a test fails here if the call answered its "none" message instead. */
function resultsOf<T>(answer: T[] | { message: string }): T[] {
  if (!Array.isArray(answer)) throw new Error(`no results: ${answer.message}`);
  return answer;
}
const fetchFile = (link: string | null | undefined) =>
  t.inject({ method: 'GET', url: `/api/${link}` });

describe('a recorded comment on a correction', () => {
  it('is sent beside the files and played by the student in their results', async () => {
    const student = await t.student();
    const sent = await t.call('sendCorrection', admin, {
      user_id: String(student.id),
      title: 'Essay marked',
      file1: { filename: 'essay.pdf', content: samples.pdf },
      comment_audio: { filename: 'comment.webm', content: samples.webm, type: 'audio/webm' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const results = resultsOf(
      (await t.call('studentsGetCorrections', student, { user_id: student.id })).json(),
    );
    expect(results[0]?.files).toHaveLength(1);
    expect(results[0]?.comment_audio_url).toContain(`u=${student.id}&`);
    const heard = await fetchFile(results[0]?.comment_audio_url);
    expect(heard.rawPayload.equals(samples.webm)).toBe(true);

    // Without one, the field is null; the spec's files are unchanged.
    await t.call('sendCorrection', admin, {
      user_id: String(student.id),
      title: 'No voice',
    });
    const again = resultsOf(
      (await t.call('studentsGetCorrections', student, { user_id: student.id })).json(),
    );
    expect(again[0]).toMatchObject({ title: 'No voice', comment_audio_url: null, files: [] });

    // Deleting the correction removes the comment's bytes too.
    const key = (
      await t.database.db
        .selectFrom('corrections as c')
        .innerJoin('stored_files as f', 'f.id', 'c.comment_file_id')
        .select('f.storage_key')
        .where('c.id', '=', results[0]?.id ?? 0)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect((await t.call('deleteCorrection', admin, { id: results[0]?.id ?? 0 })).statusCode).toBe(
      200,
    );
    expect(await t.app.deps.storage.exists(key)).toBe(false);
  });

  it('must be audio, one of it, and the five file slots stay five', async () => {
    const student = await t.student();
    const base = { user_id: String(student.id), title: 'T' };
    const pdfComment = await t.call('sendCorrection', admin, {
      ...base,
      comment_audio: { filename: 'c.pdf', content: samples.pdf },
    });
    expect(pdfComment.statusCode).toBe(415);
    expect(pdfComment.json()).toMatchObject({
      message: 'The recorded comment must be an audio file.',
    });

    const six = await t.call('sendCorrection', admin, {
      ...base,
      file1: Array.from({ length: 6 }, (_, i) => ({ filename: `f${i}.pdf`, content: samples.pdf })),
    });
    expect(six.statusCode).toBe(413);

    const twoComments = await t.call('sendCorrection', admin, {
      ...base,
      comment_audio: [
        { filename: 'a.wav', content: samples.wav },
        { filename: 'b.wav', content: samples.wav },
      ],
    });
    expect(twoComments.statusCode).toBe(413);
    expect(
      (await t.call('studentsGetCorrections', student, { user_id: student.id })).json(),
    ).toEqual({ success: false, message: 'No Results found.' });
  });

  it('is held to 300 s and to sound only, like every recording', async () => {
    const student = await t.student();
    const send = (content: Buffer, filename: string) =>
      t.call('sendCorrection', admin, {
        user_id: String(student.id),
        title: 'Essay marked',
        comment_audio: { filename, content },
      });
    const long = await send(samples.wavOfSeconds(400), 'comment.wav');
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().message).toBe('The recording is 6:40 long; it may be at most 5:00.');
    const video = await send(samples.webmVideo, 'comment.webm');
    expect(video.statusCode, video.body).toBe(415);
    const results = await t.call('studentsGetCorrections', student, { user_id: student.id });
    expect(results.json()).toMatchObject({ message: 'No Results found.' });

    expect((await send(samples.webm, 'comment.webm')).statusCode).toBe(200);
  });
});
