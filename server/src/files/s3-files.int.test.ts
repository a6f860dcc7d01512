import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage } from '../storage/s3-storage.js';
import {
  createTestApp,
  listIn,
  type multipartAs,
  present,
  type TestApp,
  type TestUser,
} from '../test-support/harness.js';
import { type LocalS3, startS3rver } from '../test-support/s3rver.js';
import { samples } from '../test-support/samples.js';
import { sweepOrphanFiles } from './sweep.js';

/**
 * The real app with FILE_STORAGE=s3 against s3rver: what goes up through a route comes down
 * through a signed link, refusals store nothing, deletions and the start-up sweep reach the bucket.
 */
let s3: LocalS3;
let client: S3Client;
let t: TestApp;
let admin: TestUser;
const prefix = `app-${randomBytes(4).toString('hex')}/`;

beforeAll(async () => {
  s3 = await startS3rver();
  client = s3.client();
  t = await createTestApp({ env: { ...s3.env, S3_PREFIX: prefix } });
  admin = await t.admin();
});
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await s3?.stop();
});

/** The objects in the bucket under this app's prefix, as the bucket itself lists them. */
async function objectsInBucket(): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
}

async function storageKeys(): Promise<string[]> {
  const rows = await t.database.db.selectFrom('stored_files').select('storage_key').execute();
  return rows.map((r) => `${prefix}${r.storage_key}`).sort();
}

const upload = (student: TestUser, files: Parameters<typeof multipartAs>[1][string]) =>
  t.callUnchecked('uploadAssignment', student.token, {
    user_id: String(student.id),
    subject: 'Homework',
    'files[]': files,
  });

describe('FILE_STORAGE=s3', () => {
  it('is the storage the app opened from its configuration', () => {
    expect(t.app.deps.storage).toBeInstanceOf(S3FileStorage);
  });

  it('stores an upload in the bucket and serves it back byte for byte through a signed link', async () => {
    const student = await t.student({ name: 'Bucket Student' });
    const photo = Buffer.concat([samples.png, randomBytes(200_000)]);
    const res = await upload(student, [
      { filename: 'essay.pdf', content: samples.pdf, type: 'application/pdf' },
      { filename: 'photo.png', content: photo, type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await objectsInBucket()).toEqual(await storageKeys());
    expect(await objectsInBucket()).toHaveLength(2);

    const inbox = (await t.call('sendToInbox', admin.token, {})).json();
    const item = present(
      inbox.assignments.find((a) => a.user_id === student.id),
      "the student's work",
    );
    const download = await t.inject({ method: 'GET', url: `/api/${item.files[1]?.file_url}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-length']).toBe(String(photo.length));
    expect(download.rawPayload.equals(photo)).toBe(true);
  });

  it('refuses a file of 5 MB and one byte without putting anything in the bucket', async () => {
    const student = await t.student();
    const before = await objectsInBucket();
    const res = await upload(student, [
      { filename: 'big.pdf', content: samples.pdfOfSize(5_242_881), type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      message: 'File size cannot be larger than 5 MB.',
    });
    expect(await objectsInBucket()).toEqual(before);
  });

  it('removes a refused request’s earlier files from the bucket', async () => {
    const student = await t.student();
    const before = await objectsInBucket();
    const res = await upload(student, [
      { filename: 'good.pdf', content: samples.pdf, type: 'application/pdf' },
      { filename: 'bad.png', content: samples.elf },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await objectsInBucket()).toEqual(before);
  });

  it('deleting a correction deletes its object', async () => {
    const student = await t.student();
    const sent = await t.call('sendCorrection', admin.token, {
      user_id: String(student.id),
      title: 'Marked',
      file1: { filename: 'marked.pdf', content: samples.pdf },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const list = listIn((await t.call('getCorrections', admin.token, {})).json());
    const withFile = await objectsInBucket();
    const id = present(list[0], 'the correction').id;
    const removed = await t.call('deleteCorrection', admin.token, { id });
    expect(removed.statusCode).toBe(200);
    const after = await objectsInBucket();
    expect(after).toHaveLength(withFile.length - 1);
    expect(after).toEqual(await storageKeys());
  });

  it('the start-up sweep removes objects no row names and keeps the rest', async () => {
    const storage = t.app.deps.storage;
    const orphan = randomBytes(16).toString('hex');
    await storage.put(orphan, Readable.from([Buffer.from('left by a crash')]), 100);
    const kept = await storageKeys();
    expect(await objectsInBucket()).toContain(`${prefix}${orphan}`);
    const removed = await sweepOrphanFiles(t.database.db, storage, Date.now() + 60_000);
    expect(removed).toBe(1);
    expect(await objectsInBucket()).toEqual(kept);
  });
});
