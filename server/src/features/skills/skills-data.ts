import { type Mark, markOrNull, markText, readMark } from '@academy/contract/marks';
import { type Kysely, sql } from 'kysely';
import { taughtStudents, type Within } from '../../auth/reach.js';
import { heldOnPostgres } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/lists.js';
import type { Database, SkillKind } from '../../db/schema.js';
import { studentSummary } from '../../db/student-summary.js';
import { formatTimestamp } from '../../db/time.js';
import { quoted, type Tell } from '../../domain/tell.js';
import { deleteFileRows, recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';

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
  /** The student's mark on it (hundredths), out of the item's maximum; null: none. */
  mark_hundredths: number | null;
  mark_out_of: number;
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
      'a.mark_hundredths',
      'i.mark_out_of',
    ])
    .where('i.access_end', '>=', now)
    .orderBy('i.access_start')
    .orderBy('i.id')
    .limit(50)
    .execute();
}

/** How many of a student's marks on ended items a page shows. */
export const PAST_MARKS_SHOWN = 20;

/**
 * The student's marks on their items of a kind that have ended (so are no longer listed), the
 * latest ended first. Read from their attempts, so a mark stays theirs even if the item was
 * later given to other students.
 */
export async function listPastMarks(db: Db, kind: SkillKind, userId: number, now: number) {
  const rows = await db
    .selectFrom('skill_attempts as a')
    .innerJoin('skill_items as i', 'i.id', 'a.item_id')
    .select(['i.id', 'i.title', 'i.access_end', 'i.mark_out_of', 'a.mark_hundredths'])
    .where('a.user_id', '=', userId)
    .where('i.kind', '=', kind)
    .where('i.access_end', '<', now)
    .where('a.mark_hundredths', 'is not', null)
    .orderBy('i.access_end', 'desc')
    .orderBy('i.id', 'desc')
    .limit(PAST_MARKS_SHOWN)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    access_end: formatTimestamp(r.access_end),
    mark: { hundredths: r.mark_hundredths ?? 0, out_of: r.mark_out_of },
  }));
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

// The admin side, and a teacher's to mark their students' attempts (issue 30).

/**
 * The items of a kind, with how many started each. A teacher's (`within`): the items open to
 * any of their students (everyone's, or chosen ones among theirs) or started by one, each
 * counting only their students' attempts.
 */
export function listItemsForAdmin(db: Db, kind: SkillKind, within?: Within) {
  let query = db.selectFrom('skill_items as i').leftJoin('stored_files as f', 'f.id', 'i.file_id');
  if (within !== undefined) {
    const students = taughtStudents(db, within);
    query = query.where((eb) =>
      eb.or([
        eb('i.for_all_students', '=', 1),
        eb.exists(
          eb
            .selectFrom('skill_item_students as s')
            .select(sql`1`.as('one'))
            .whereRef('s.item_id', '=', 'i.id')
            .where('s.user_id', 'in', students),
        ),
        eb.exists(
          eb
            .selectFrom('skill_attempts as a')
            .select(sql`1`.as('one'))
            .whereRef('a.item_id', '=', 'i.id')
            .where('a.user_id', 'in', students),
        ),
      ]),
    );
  }
  return query
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
      'i.mark_out_of',
      'f.file_name',
      (within === undefined
        ? eb.selectFrom('skill_attempts as a')
        : eb.selectFrom('skill_attempts as a').where('a.user_id', 'in', taughtStudents(db, within))
      )
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('a.item_id', '=', 'i.id')
        .as('attempts_count'),
    ])
    .where('i.kind', '=', kind)
    .orderBy('i.access_start', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

/**
 * The students each item is for (none: every student), by name, for the admin's list; a
 * teacher's (`within`) names only their own students.
 */
export async function audienceOf(
  db: Db,
  itemIds: number[],
  within?: Within,
): Promise<Map<number, { id: number; name: string }[]>> {
  const audience = new Map<number, { id: number; name: string }[]>();
  if (itemIds.length === 0) return audience;
  let query = db
    .selectFrom('skill_item_students as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.item_id', 'u.id', 'u.name'])
    .where('s.item_id', 'in', itemIds);
  if (within !== undefined) query = query.where('s.user_id', 'in', taughtStudents(db, within));
  const rows = await query.orderBy('u.name').orderBy('u.id').execute();
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
  /** What attempts are marked out of; undefined: 100 for a new item, unchanged for an edit. */
  markOutOf: number | undefined;
}

/** Why an item was not saved: it does not exist, or its attempts are marked out of another maximum. */
export type ItemRefusal = null | { refused: 'marked'; outOf: number };

/**
 * Creates or updates an item and who it is for, in one transaction: a new upload replaces the
 * item's file, a link replaces a file, and neither keeps what it had; a file it no longer
 * opens loses its row in the same transaction. Returns its id and the storage keys whose bytes
 * can go once committed; null if `id` does not exist; a refusal when its maximum would change
 * under marks already given (a mark's meaning never changes silently: 85 out of 100 is not
 * 85 out of 50), checked with the item's row locked as a mark is written (markAttempt).
 */
export async function saveItem(
  db: Db,
  id: number | undefined,
  input: SkillItemInput,
  adminId: number,
  now: number,
): Promise<{ id: number; unusedKeys: string[] } | ItemRefusal> {
  return db.transaction().execute(async (trx) => {
    const select = trx
      .selectFrom('skill_items')
      .select(['file_id', 'link_url', 'mark_out_of'])
      .where('id', '=', id ?? 0)
      .where('kind', '=', input.kind);
    const current =
      id === undefined
        ? undefined
        : await heldOnPostgres(db, select, (q) => q.forUpdate()).executeTakeFirst();
    if (id !== undefined && !current) return null;
    if (current && input.markOutOf !== undefined && input.markOutOf !== current.mark_out_of) {
      const marked = await trx
        .selectFrom('skill_attempts')
        .select('item_id')
        .where('item_id', '=', id ?? 0)
        .where('mark_hundredths', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      if (marked) return { refused: 'marked', outOf: current.mark_out_of };
    }
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
      ...(input.markOutOf === undefined ? {} : { mark_out_of: input.markOutOf }),
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

/** Who started an item, and when, with each attempt's mark; a teacher's students only. */
export async function listAttempts(db: Db, itemId: number, within?: Within) {
  let query = db
    .selectFrom('skill_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('skill_items as i', 'i.id', 'a.item_id')
    .select([
      'a.user_id',
      'u.name as user_name',
      'a.started_at',
      'a.mark_hundredths',
      'a.marked_at',
      'i.mark_out_of',
    ])
    .where('a.item_id', '=', itemId);
  if (within !== undefined) query = query.where('a.user_id', 'in', taughtStudents(db, within));
  const rows = await query.orderBy('a.started_at').orderBy('a.user_id').execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    user_name: r.user_name,
    started_at: r.started_at,
    mark: markOrNull(r.mark_hundredths, r.mark_out_of),
    marked_at: r.marked_at,
  }));
}

/** A mark given, changed or taken away; or why not. */
export type MarkOutcome =
  | { marked: Mark | null }
  | { refused: 'not-started' }
  | { refused: 'not-a-mark'; problem: string };

/**
 * Gives a student's attempt at an item the mark typed in `points` ('' takes it away), read
 * against the item's maximum by the rule the forms use (contract/src/marks.ts). Only an
 * attempt that exists is marked: a student who never started the item has nothing to mark.
 * The item's row is locked (PostgreSQL) while the mark is read and written, so its maximum
 * cannot change in between (saveItem).
 */
export async function markAttempt(
  db: Db,
  itemId: number,
  userId: number,
  points: string,
  now: number,
  tell: Tell,
): Promise<MarkOutcome> {
  return db.transaction().execute(async (trx): Promise<MarkOutcome> => {
    const select = trx
      .selectFrom('skill_items as i')
      .innerJoin('skill_attempts as a', 'a.item_id', 'i.id')
      .select(['i.mark_out_of', 'i.kind', 'i.title'])
      .where('i.id', '=', itemId)
      .where('a.user_id', '=', userId);
    const attempt = await heldOnPostgres(db, select, (q) => q.forUpdate()).executeTakeFirst();
    if (!attempt) return { refused: 'not-started' };
    const read = readMark(points, String(attempt.mark_out_of));
    if ('problem' in read) return { refused: 'not-a-mark', problem: read.problem };
    await trx
      .updateTable('skill_attempts')
      .set({ mark_hundredths: read.mark?.hundredths ?? null, marked_at: now })
      .where('item_id', '=', itemId)
      .where('user_id', '=', userId)
      .execute();
    // A mark given (not one taken away) is told, with the mark, as a correction's is.
    if (read.mark)
      await tell(trx, {
        userId,
        topic: attempt.kind === 'exam' ? 'exam_mark' : 'skill_mark',
        refId: itemId,
        text: `Your teacher marked ${quoted(attempt.title)}: ${markText(read.mark)}.`,
      });
    return { marked: read.mark };
  });
}

/** A student's mark on an exam or Skill Builder item, with the item it is on. */
export interface SkillMark extends Mark {
  item_id: number;
  kind: SkillKind;
  title: string;
  /** When the student started the item (epoch ms): the moment the range is read by. */
  started_at: number;
}

/**
 * The marks each of `studentIds` has on exams and Skill Builder items they started within
 * `range` (epoch ms, `from` included, `to` not): the attempt's start decides, not when it was
 * marked, so work done in a term counts in that term even when marked after it ended. Only
 * marked attempts; by student, each student's in the order they started them. For the result
 * sheet and anything else that sums a student's marks (issue 30).
 */
export async function skillMarksOf(
  db: Db,
  studentIds: number[],
  range: { from: number; to: number },
): Promise<Map<number, SkillMark[]>> {
  const marks = new Map<number, SkillMark[]>();
  for (const slice of inSlices([...new Set(studentIds)])) {
    const rows = await db
      .selectFrom('skill_attempts as a')
      .innerJoin('skill_items as i', 'i.id', 'a.item_id')
      .select([
        'a.user_id',
        'a.item_id',
        'a.started_at',
        'a.mark_hundredths',
        'i.kind',
        'i.title',
        'i.mark_out_of',
      ])
      .where('a.user_id', 'in', slice)
      .where('a.started_at', '>=', range.from)
      .where('a.started_at', '<', range.to)
      .where('a.mark_hundredths', 'is not', null)
      .orderBy('a.user_id')
      .orderBy('a.started_at')
      .orderBy('a.item_id')
      .execute();
    for (const r of rows) {
      const mark: SkillMark = {
        hundredths: r.mark_hundredths ?? 0,
        out_of: r.mark_out_of,
        item_id: r.item_id,
        kind: r.kind,
        title: r.title,
        started_at: r.started_at,
      };
      const ofStudent = marks.get(r.user_id);
      if (ofStudent) ofStudent.push(mark);
      else marks.set(r.user_id, [mark]);
    }
  }
  return marks;
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

/** One student's exam and Skill Builder starts, newest first, at most `limit`, and how many. */
export function summariseStudentAttempts(db: Db, userId: number, limit: number) {
  const newest = db
    .selectFrom('skill_attempts as a')
    .innerJoin('skill_items as i', 'i.id', 'a.item_id')
    .select(['i.id as item_id', 'i.kind', 'i.title', 'a.started_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.started_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
  return studentSummary(db, 'skill_attempts', userId, newest, 'started_at');
}
