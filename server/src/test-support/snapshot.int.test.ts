import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { openStream } from './live-stream.js';
import { samples } from './samples.js';
import { changesBetween, snapshotData } from './snapshot.js';

/**
 * The snapshot that tests of refusals take before and after a request ("a refusal changes
 * nothing"): it must see only that request's changes, and say where they are.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A request every call refuses: a NUL in a form field. */
const refused = (token: string) =>
  t.callUnchecked('uploadAssignment', token, {
    subject: 'Home\u0000work',
    'files[]': [{ filename: 'w.pdf', content: samples.pdf }],
  });

describe('a snapshot around a refused request', () => {
  it('holds the last-seen time an accepted ping recorded before it: the batch written a second later is not the refusal’s change', async () => {
    const student = await t.student();
    const ping = await t.call('updateActivity', student.token, {});
    expect(ping.statusCode, ping.body).toBe(200);
    const before = await snapshotData(t);
    // The recorder's timer fires now, between the two snapshots, as it did on a busy machine
    // (CI: "send_assignment.php: … the refusal wrote something"). It writes what it holds.
    await t.app.deps.activity.flush();
    const res = await refused(student.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
  });

  it('so does a live stream that opened (its sign of life is a last-seen time too)', async () => {
    const student = await t.student();
    const stream = await openStream(t, student.token);
    expect(stream.status).toBe(200);
    stream.close();
    const before = await snapshotData(t);
    await t.app.deps.activity.flush();
    const res = await refused(student.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
  });

  it('names the table and the rows that changed, and the stored files', async () => {
    const admin = await t.admin();
    const before = await snapshotData(t);
    const student = await t.student({ name: 'Someone New' });
    const after = await snapshotData(t);
    const changes = changesBetween(before, after);
    expect(changes.some((c) => c.startsWith('users: + ') && c.includes('"Someone New"'))).toBe(
      true,
    );
    expect(changes.some((c) => c.startsWith('auth_tokens: + '))).toBe(true);
    const upload = await t.call('uploadAssignment', admin.token, {
      user_id: String(student.id),
      subject: 'Homework',
      'files[]': [{ filename: 'w.pdf', content: samples.pdf }],
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const withFile = changesBetween(after, await snapshotData(t));
    expect(withFile.filter((c) => c.startsWith('files in storage: + '))).toHaveLength(1);
  });
});
