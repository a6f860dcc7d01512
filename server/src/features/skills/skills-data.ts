import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, SkillKind } from '../../db/schema.js';
import { formatTimestamp } from '../../db/time.js';
import { deleteFileRows, recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';
import { questionWindowsAhead } from '../speaking/speaking-data.js';
import { nextChangeOf } from './skill-window.js';

/** Items of a kind a student may see: meant for everyone, or for them by name. */
function visibleTo(db: Kysely<Database>, kind: SkillKind, userId: number) {
  return db
    .selectFrom('skill_items as i')
    .where('i.kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb('i.for_all_students', '=', 1),
        eb.exists(
          eb
            .selectFrom('skill_item_students as s')
            .select(sql`1`.as('one'))
            .whereRef('s.item_id', '=', 'i.id')
            .where('s.user_id', '=', userId),
        ),
      ]),
    );
}

export interface StudentItemRow {
  id: number;
  title: string;
  description: string;
  access_start: number;
  access_end: number;
  file_id: number | null;
  link_url: string | null;
  started_at: number | null;
}

/** The student's items that have not ended yet, the earliest first (the screen shows the first). */
export function listCurrentItems(
  db: Db,
  kind: SkillKind,
  userId: number,
  now: number,
): Promise<StudentItemRow[]> {
  return visibleTo(db, kind, userId)
    .leftJoin('skill_attempts as a', (join) =>
      join.onRef('a.item_id', '=', 'i.id').on('a.user_id', '=', userId),
    )
    .select([
      'i.id',
      'i.title',
      'i.description',
      'i.access_start',
      'i.access_end',
      'i.file_id',
      'i.link_url',
      'a.started_at',
    ])
    .where('i.access_end', '>=', now)
    .orderBy('i.access_start')
    .orderBy('i.id')
    .limit(50)
    .execute();
}

/** One item, if the student may see it. */
export function findVisibleItem(db: Db, kind: SkillKind, userId: number, itemId: number) {
  return visibleTo(db, kind, userId)
    .select(['i.id', 'i.title', 'i.access_start', 'i.access_end', 'i.file_id', 'i.link_url'])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}

/** Records that a student started an item; false if they already had. */
export async function recordAttempt(
  db: Db,
  itemId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('skill_attempts')
    .values({ item_id: itemId, user_id: userId, started_at: now })
    .onConflict((oc) => oc.columns(['item_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

// The admin side.

export function listItemsForAdmin(db: Db, kind: SkillKind) {
  return db
    .selectFrom('skill_items as i')
    .leftJoin('stored_files as f', 'f.id', 'i.file_id')
    .select((eb) => [
      'i.id',
      'i.kind',
      'i.title',
      'i.description',
      'i.access_start',
      'i.access_end',
      'i.link_url',
      'i.file_id',
      'i.for_all_students',
      'f.file_name',
      eb
        .selectFrom('skill_attempts as a')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('a.item_id', '=', 'i.id')
        .as('attempts_count'),
    ])
    .where('i.kind', '=', kind)
    .orderBy('i.access_start', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

/** The students each item is for (none: every student), by name, for the admin's list. */
export async function audienceOf(
  db: Db,
  itemIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const audience = new Map<number, { id: number; name: string }[]>();
  if (itemIds.length === 0) return audience;
  const rows = await db
    .selectFrom('skill_item_students as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.item_id', 'u.id', 'u.name'])
    .where('s.item_id', 'in', itemIds)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  for (const { item_id, id, name } of rows)
    audience.set(item_id, [...(audience.get(item_id) ?? []), { id, name }]);
  return audience;
}

export interface SkillItemInput {
  kind: SkillKind;
  title: string;
  description: string;
  accessStart: number;
  accessEnd: number;
  /** A file received with this request: the item opens it from now on. */
  upload: ReceivedFile | undefined;
  /** A link the item opens instead of a file. */
  linkUrl: string | null;
  studentIds: number[];
}

/**
 * Creates or updates an item and who it is for, in one transaction: a new upload replaces the
 * item's file, a link replaces a file, and neither keeps what it had; a file it no longer
 * opens loses its row in the same transaction. Returns its id and the storage keys whose bytes
 * can go once committed, or null if `id` does not exist.
 */
export async function saveItem(
  db: Db,
  id: number | undefined,
  input: SkillItemInput,
  adminId: number,
  now: number,
): Promise<{ id: number; unusedKeys: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    const current =
      id === undefined
        ? undefined
        : await trx
            .selectFrom('skill_items')
            .select(['file_id', 'link_url'])
            .where('id', '=', id)
            .where('kind', '=', input.kind)
            .executeTakeFirst();
    if (id !== undefined && !current) return null;
    const [uploadedId] = await recordFiles(trx, input.upload ? [input.upload] : [], adminId, now);
    const source =
      uploadedId !== undefined
        ? { fileId: uploadedId, linkUrl: null }
        : input.linkUrl
          ? { fileId: null, linkUrl: input.linkUrl }
          : { fileId: current?.file_id ?? null, linkUrl: current?.link_url ?? null };
    const values = {
      kind: input.kind,
      title: input.title,
      description: input.description,
      access_start: input.accessStart,
      access_end: input.accessEnd,
      link_url: source.linkUrl,
      file_id: source.fileId,
      for_all_students: input.studentIds.length === 0 ? 1 : 0,
      updated_at: now,
    };
    let itemId: number;
    if (id === undefined) {
      const row = await trx
        .insertInto('skill_items')
        .values({ ...values, created_at: now, created_by: adminId })
        .returning('id')
        .executeTakeFirstOrThrow();
      itemId = row.id;
    } else {
      const result = await trx
        .updateTable('skill_items')
        .set(values)
        .where('id', '=', id)
        .where('kind', '=', input.kind)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return null;
      itemId = id;
      await trx.deleteFrom('skill_item_students').where('item_id', '=', itemId).execute();
    }
    if (input.studentIds.length > 0) {
      await trx
        .insertInto('skill_item_students')
        .values(input.studentIds.map((userId) => ({ item_id: itemId, user_id: userId })))
        .execute();
    }
    const replaced = current?.file_id;
    const unusedKeys =
      replaced && replaced !== source.fileId ? await deleteFileRows(trx, [replaced]) : [];
    return { id: itemId, unusedKeys };
  });
}

/** Ids among `ids` that are not active students. */
export async function unknownStudents(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('role_id', '=', 2)
    .execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export function listAttempts(db: Db, itemId: number) {
  return db
    .selectFrom('skill_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'u.name as user_name', 'a.started_at'])
    .where('a.item_id', '=', itemId)
    .orderBy('a.started_at')
    .execute();
}

/** Deletes an item with its file's row; the storage keys to remove once committed, or null if none. */
export async function deleteItem(db: Db, id: number): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .selectFrom('skill_items')
      .select('file_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!item) return null;
    await trx.deleteFrom('skill_items').where('id', '=', id).execute();
    return item.file_id === null ? [] : deleteFileRows(trx, [item.file_id]);
  });
}

/**
 * The next moment after `now` at which an item or a speaking question opens or closes: the
 * live streams tell students then (live/clock.ts). Null when nothing is ahead.
 */
export async function nextWindowChange(db: Db, now: number): Promise<number | null> {
  const [items, questions] = await Promise.all([
    db
      .selectFrom('skill_items')
      .select((eb) => [
        eb.fn.min('access_start').filterWhere('access_start', '>', now).as('opens'),
        eb.fn.min('access_end').filterWhere('access_end', '>=', now).as('closes'),
      ])
      .executeTakeFirst(),
    questionWindowsAhead(db, now),
  ]);
  return nextChangeOf(items, questions);
}

/** One student's exam and Skill Builder starts, newest first, at most `limit`, and how many. */
export async function summariseStudentAttempts(db: Db, userId: number, limit: number) {
  const [count, latest] = await Promise.all([
    db
      .selectFrom('skill_attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('skill_attempts as a')
      .innerJoin('skill_items as i', 'i.id', 'a.item_id')
      .select(['i.id as item_id', 'i.kind', 'i.title', 'a.started_at'])
      .where('a.user_id', '=', userId)
      .orderBy('a.started_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    latest: latest.map((r) => ({ ...r, started_at: formatTimestamp(r.started_at) })),
  };
}
