import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { refusingDeletesFrom } from '../../test-support/refusing-db.js';
import { samples } from '../../test-support/samples.js';
import { removeSkillItem, saveSkillItem } from './skill-commands.js';

/**
 * The Skill Builder's writes that remove stored files, called as the handlers call them: the
 * file an item no longer opens goes, row and bytes, and a write the database refuses leaves
 * the item, its file's row and its bytes as they were (docs/decisions.md, "Issue 28, point 5").
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A reading item with an uploaded file: its id, and the file's row id and storage key. */
async function itemWithFile() {
  const saved = await t.call('saveSkillItem', admin, {
    kind: 'reading',
    title: 'With a file',
    access_start: iso(t.clock.now - HOUR),
    access_end: iso(t.clock.now + HOUR),
    file: { filename: 'text.pdf', content: samples.pdf, type: 'application/pdf' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json().id;
  const file = await t.database.db
    .selectFrom('skill_items as i')
    .innerJoin('stored_files as f', 'f.id', 'i.file_id')
    .select(['f.id', 'f.storage_key'])
    .where('i.id', '=', id)
    .executeTakeFirstOrThrow();
  expect(await t.app.deps.storage.exists(file.storage_key)).toBe(true);
  return { id, fileId: file.id, key: file.storage_key };
}

const itemExists = async (id: number) =>
  (await t.database.db
    .selectFrom('skill_items')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;
const fileRowExists = async (id: number) =>
  (await t.database.db
    .selectFrom('stored_files')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

/** What the handler hands saveSkillItem to turn the item into a link. */
const asLink = {
  kind: 'reading' as const,
  title: 'Now a link',
  description: '',
  accessStart: 0,
  accessEnd: Number.MAX_SAFE_INTEGER,
  upload: undefined,
  linkUrl: 'https://files.example.com/linked.pdf',
  studentIds: [],
  markOutOf: undefined,
};

describe('removeSkillItem', () => {
  it("deletes the item with its file's row and bytes, and answers false once it is gone", async () => {
    const item = await itemWithFile();
    expect(await removeSkillItem(t.app.deps, item.id)).toBe(true);
    expect(await itemExists(item.id)).toBe(false);
    expect(await fileRowExists(item.fileId)).toBe(false);
    expect(await t.app.deps.storage.exists(item.key)).toBe(false);
    expect(await removeSkillItem(t.app.deps, item.id)).toBe(false);
  });

  it('leaves the item, its file and the bytes when the database refuses the delete', async () => {
    const item = await itemWithFile();
    const { db, refused } = refusingDeletesFrom(t.database.db, 'stored_files');
    await expect(removeSkillItem({ ...t.app.deps, db }, item.id)).rejects.toThrow('refused');
    expect(refused.count).toBe(1);
    expect(await itemExists(item.id)).toBe(true);
    expect(await fileRowExists(item.fileId)).toBe(true);
    expect(await t.app.deps.storage.exists(item.key)).toBe(true);
  });
});

describe('saveSkillItem', () => {
  it('removes the row and bytes of the file an item no longer opens', async () => {
    const item = await itemWithFile();
    expect(await saveSkillItem(t.app.deps, item.id, asLink, admin.id)).toBe(item.id);
    expect(await fileRowExists(item.fileId)).toBe(false);
    expect(await t.app.deps.storage.exists(item.key)).toBe(false);
    expect(await saveSkillItem(t.app.deps, 987_654, asLink, admin.id)).toBeNull();
  });

  it('leaves the item opening its file, and the bytes, when the database refuses the change', async () => {
    const item = await itemWithFile();
    const { db, refused } = refusingDeletesFrom(t.database.db, 'stored_files');
    await expect(saveSkillItem({ ...t.app.deps, db }, item.id, asLink, admin.id)).rejects.toThrow(
      'refused',
    );
    expect(refused.count).toBe(1);
    const kept = await t.database.db
      .selectFrom('skill_items')
      .select(['title', 'file_id', 'link_url'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ title: 'With a file', file_id: item.fileId, link_url: null });
    expect(await t.app.deps.storage.exists(item.key)).toBe(true);
  });
});
