import type {
  CefrLevel,
  ItemSkill,
  ItemTags,
  ItemType,
  ItemVersion,
} from '@academy/contract/quizzes/items';
import { type Kysely, sql, type Transaction } from 'kysely';
import { heldOnPostgres } from '../../../db/dialect.js';
import type { Db } from '../../../db/index.js';
import { containsText, fetchPage } from '../../../db/lists.js';
import type { Database } from '../../../db/schema.js';
import { deleteFileRows, recordFiles } from '../../../files/files-data.js';
import type { ReceivedFile } from '../../../files/uploads.js';

/**
 * The question bank's rows (issue 51, point 1): items with their versions, and the passages
 * they stand on. Every query of the bank is here; the handlers (routes.ts) decide who may
 * call, this module what is written.
 *
 * An item's `current_version` is a version number (1, 2, …), found with the unique
 * (item_id, version) index. A version answered by any attempt (a quiz_answers row names it)
 * is never changed again: a save then adds the next version and makes it current. The passage
 * an item stands on is its version's (what a student saw is the version): an item's
 * `passage_id`, as the bank answers it, is its current version's.
 */

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** Who is asking: an administrator changes anything, a teacher what they wrote. */
export interface Author {
  id: number;
  isAdmin: boolean;
}

/** Whether `author` may change what `createdBy` wrote. */
export const mayChange = (author: Author, createdBy: number | null) =>
  author.isAdmin || (createdBy !== null && createdBy === author.id);

/** The bank's filters (its list and its GIFT export). */
export interface BankFilter {
  level?: string | undefined;
  skill?: string | undefined;
  unit?: string | undefined;
  type?: string | undefined;
  q?: string | undefined;
  archived: boolean;
  /** Only this author's items. */
  mine?: number | undefined;
}

/** Items with their current version, filtered. */
function filteredItems(db: DbOrTrx, filter: BankFilter) {
  let query = db
    .selectFrom('quiz_items as i')
    .innerJoin('quiz_item_versions as v', (join) =>
      join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.current_version'),
    )
    .where('i.archived_at', filter.archived ? 'is not' : 'is', null);
  if (filter.level) query = query.where('i.level', '=', filter.level);
  if (filter.skill) query = query.where('i.skill', '=', filter.skill);
  if (filter.unit) query = query.where('i.unit', '=', filter.unit);
  if (filter.type) query = query.where('i.type', '=', filter.type);
  if (filter.q) query = query.where(containsText('v.prompt', filter.q));
  if (filter.mine !== undefined) query = query.where('i.created_by', '=', filter.mine);
  return query;
}

/** A page of the bank, the latest changed first. */
export async function listItems(db: Db, filter: BankFilter, page: number, size: number) {
  const query = filteredItems(db, filter)
    .leftJoin('quiz_passages as p', 'p.id', 'v.passage_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .select((eb) => [
      'i.id',
      'i.type',
      'i.level',
      'i.skill',
      'i.unit',
      'v.passage_id',
      'i.current_version',
      'i.archived_at',
      'i.created_by',
      'i.updated_at',
      'v.prompt',
      'v.body',
      'v.points',
      'p.title as passage_title',
      'u.name as created_by_name',
      // Answers naming any of its versions.
      eb
        .selectFrom('quiz_answers as qa')
        .innerJoin('quiz_item_versions as qv', 'qv.id', 'qa.version_id')
        .whereRef('qv.item_id', '=', 'i.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('answers'),
    ])
    .orderBy('i.updated_at', 'desc')
    .orderBy('i.id', 'desc');
  return fetchPage(query, page, size);
}
export type ItemListRow = Awaited<ReturnType<typeof listItems>>['rows'][number];

/** One item with its current version and that version's passage, or undefined. */
export function findItem(db: DbOrTrx, itemId: number) {
  return db
    .selectFrom('quiz_items as i')
    .innerJoin('quiz_item_versions as v', (join) =>
      join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.current_version'),
    )
    .leftJoin('quiz_passages as p', 'p.id', 'v.passage_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .select([
      'i.id',
      'i.type',
      'i.level',
      'i.skill',
      'i.unit',
      'i.archived_at',
      'i.created_by',
      'i.created_at',
      'i.updated_at',
      'u.name as created_by_name',
      'v.id as version_id',
      'v.version',
      'v.prompt',
      'v.body',
      'v.key',
      'v.points',
      'v.general_feedback',
      'p.id as passage_id',
      'p.kind as passage_kind',
      'p.title as passage_title',
    ])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}
export type ItemRow = NonNullable<Awaited<ReturnType<typeof findItem>>>;

/** Every version of an item, the newest first, with how many answers name each. */
export function listVersions(db: Db, itemId: number) {
  return db
    .selectFrom('quiz_item_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select((eb) => [
      'v.id',
      'v.version',
      'v.prompt',
      'v.points',
      'v.created_at',
      'u.name as created_by_name',
      eb
        .selectFrom('quiz_answers as qa')
        .whereRef('qa.version_id', '=', 'v.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('answers'),
    ])
    .where('v.item_id', '=', itemId)
    .orderBy('v.version', 'desc')
    .execute();
}

/** What an item is saved as: its tags, and the version's content and passage. */
export interface ItemInput extends ItemTags {
  passageId: number | null;
  version: ItemVersion;
}

/** Why an item was not saved. */
export type SaveRefusal =
  | { refused: 'no-item' }
  | { refused: 'not-yours' }
  | { refused: 'no-passage' }
  | { refused: 'answered-as'; type: ItemType };

export type SaveOutcome = { id: number; version: number; newVersion: boolean } | SaveRefusal;

/** A version's columns: its content and the passage it stands on. */
const versionValues = (version: ItemVersion, passageId: number | null) => ({
  prompt: version.prompt,
  body: JSON.stringify(version.body),
  key: JSON.stringify(version.key),
  points: version.points,
  general_feedback: version.general_feedback ?? null,
  passage_id: passageId,
});

/** Whether any answer names the version `versionId`. */
async function isAnswered(db: DbOrTrx, versionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('quiz_answers')
    .select('attempt_id')
    .where('version_id', '=', versionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates an item with its first version, or saves one (`itemId`): in place while no answer
 * names its current version, else as version N+1, made current. The item's row is locked
 * (PostgreSQL) while this is decided, so two saves cannot both add version N+1; an answer
 * saved meanwhile names the version it drew, which this save then leaves as it was or, having
 * changed it in place a moment before, as the student was shown it (the taking side reads a
 * version when it draws). The passage is part of the version: an answered item moved to
 * another passage gets a new version, and the answered one keeps the passage its students saw.
 * The kind of an answered item cannot change: its analysis and its attempts compare like with
 * like.
 */
export async function saveItem(
  db: Db,
  itemId: number | undefined,
  input: ItemInput,
  author: Author,
  now: number,
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    if (input.passageId !== null) {
      // Shared-locked (PostgreSQL): a deletion of the passage waits for this save, and then
      // counts the version it wrote; a deletion first leaves this save finding none.
      const select = trx.selectFrom('quiz_passages').select('id').where('id', '=', input.passageId);
      const passage = await heldOnPostgres(db, select, (q) => q.forShare()).executeTakeFirst();
      if (!passage) return { refused: 'no-passage' };
    }
    const type = input.version.body.type;
    const itemValues = {
      type,
      level: input.level,
      skill: input.skill,
      unit: input.unit,
      updated_at: now,
    };
    if (itemId === undefined) {
      const item = await trx
        .insertInto('quiz_items')
        .values({ ...itemValues, current_version: 1, created_by: author.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('quiz_item_versions')
        .values({
          item_id: item.id,
          version: 1,
          ...versionValues(input.version, input.passageId),
          created_by: author.id,
          created_at: now,
        })
        .execute();
      return { id: item.id, version: 1, newVersion: false };
    }

    const select = trx
      .selectFrom('quiz_items as i')
      .innerJoin('quiz_item_versions as v', (join) =>
        join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.current_version'),
      )
      .select(['i.type', 'i.created_by', 'i.current_version', 'v.id as version_id'])
      .where('i.id', '=', itemId);
    const current = await heldOnPostgres(db, select, (q) => q.forUpdate('i')).executeTakeFirst();
    if (!current) return { refused: 'no-item' };
    if (!mayChange(author, current.created_by)) return { refused: 'not-yours' };
    const answered = await isAnswered(trx, current.version_id);
    if (answered && current.type !== type)
      return { refused: 'answered-as', type: current.type as ItemType };

    let version = current.current_version;
    if (answered) {
      const last = await trx
        .selectFrom('quiz_item_versions')
        .select((eb) => eb.fn.max('version').as('version'))
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow();
      version = Number(last.version ?? 0) + 1;
      await trx
        .insertInto('quiz_item_versions')
        .values({
          item_id: itemId,
          version,
          ...versionValues(input.version, input.passageId),
          created_by: author.id,
          created_at: now,
        })
        .execute();
    } else {
      await trx
        .updateTable('quiz_item_versions')
        .set(versionValues(input.version, input.passageId))
        .where('id', '=', current.version_id)
        .execute();
    }
    await trx
      .updateTable('quiz_items')
      .set({ ...itemValues, current_version: version })
      .where('id', '=', itemId)
      .execute();
    return { id: itemId, version, newVersion: answered };
  });
}

/** Who wrote an item, or undefined when there is no such item. */
export function itemAuthor(db: DbOrTrx, itemId: number) {
  return db
    .selectFrom('quiz_items')
    .select(['id', 'created_by', 'archived_at'])
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/** Archives an item (out of lists and new draws) or puts it back. */
export async function setArchived(db: Db, itemId: number, archived: boolean, now: number) {
  await db
    .updateTable('quiz_items')
    .set({ archived_at: archived ? now : null, updated_at: now })
    .where('id', '=', itemId)
    .execute();
}

/** Why an item was not deleted: attempts used it, or quizzes name it. */
export type DeleteRefusal =
  | { refused: 'used'; attempts: number }
  | { refused: 'in-quizzes'; quizzes: number };

/**
 * Deletes an item with its versions, unless any attempt used one of them (its answers would
 * go with it: archive it instead) or a quiz names it as a fixed part (the quiz would lose it
 * silently). Checked and deleted in one transaction, the item's row locked (PostgreSQL).
 */
export async function deleteItem(db: Db, itemId: number): Promise<DeleteRefusal | null> {
  return db.transaction().execute(async (trx): Promise<DeleteRefusal | null> => {
    const select = trx.selectFrom('quiz_items').select('id').where('id', '=', itemId);
    await heldOnPostgres(db, select, (q) => q.forUpdate()).executeTakeFirst();
    const used = await trx
      .selectFrom('quiz_answers as qa')
      .innerJoin('quiz_item_versions as qv', 'qv.id', 'qa.version_id')
      .where('qv.item_id', '=', itemId)
      .select(sql<number>`count(distinct qa.attempt_id)`.as('n'))
      .executeTakeFirstOrThrow();
    if (Number(used.n) > 0) return { refused: 'used', attempts: Number(used.n) };
    const parts = await trx
      .selectFrom('quiz_parts')
      .where('item_id', '=', itemId)
      .select(sql<number>`count(distinct quiz_id)`.as('n'))
      .executeTakeFirstOrThrow();
    if (Number(parts.n) > 0) return { refused: 'in-quizzes', quizzes: Number(parts.n) };
    await trx.deleteFrom('quiz_item_versions').where('item_id', '=', itemId).execute();
    await trx.deleteFrom('quiz_items').where('id', '=', itemId).execute();
    return null;
  });
}

/**
 * The bank's tags: every unit, and how many items (not archived) each level × skill × unit
 * holds, so the quiz builder can say how many a random draw has to choose from.
 */
export async function bankTags(db: Db) {
  const counts = await db
    .selectFrom('quiz_items')
    .select((eb) => ['level', 'skill', 'unit', eb.fn.countAll<number>().as('count')])
    .where('archived_at', 'is', null)
    .groupBy(['level', 'skill', 'unit'])
    .orderBy('level')
    .orderBy('skill')
    .orderBy('unit')
    .execute();
  const units = [...new Set(counts.flatMap((c) => (c.unit === null ? [] : [c.unit])))].sort(
    (a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }),
  );
  return {
    units,
    counts: counts.map((c) => ({
      level: c.level as CefrLevel | null,
      skill: c.skill as ItemSkill | null,
      unit: c.unit,
      count: Number(c.count),
    })),
  };
}

// Passages.

/** Passages joined to their recording's stored file. */
function passagesWithFiles(db: DbOrTrx) {
  return db
    .selectFrom('quiz_passages as p')
    .leftJoin('stored_files as f', 'f.id', 'p.file_id')
    .leftJoin('users as u', 'u.id', 'p.created_by');
}

/** A page of passages, the newest first, with how many items (their current versions) stand on each. */
export function listPassages(db: Db, q: string | undefined, page: number, size: number) {
  let query = passagesWithFiles(db).select((eb) => [
    'p.id',
    'p.kind',
    'p.title',
    'p.text',
    'p.play_limit',
    'p.created_by',
    'p.created_at',
    'u.name as created_by_name',
    'f.id as file_id',
    'f.file_name as stored_name',
    'f.duration_ms',
    eb
      .selectFrom('quiz_items as i')
      .innerJoin('quiz_item_versions as v', (join) =>
        join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.current_version'),
      )
      .whereRef('v.passage_id', '=', 'p.id')
      .select(eb.fn.countAll<number>().as('n'))
      .as('items'),
  ]);
  if (q) query = query.where(containsText('p.title', q));
  return fetchPage(query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc'), page, size);
}
export type PassageListRow = Awaited<ReturnType<typeof listPassages>>['rows'][number];

/** The query of a passage's author and what it is (run, or locked and run, by its caller). */
function findPassage(db: DbOrTrx, passageId: number) {
  return db
    .selectFrom('quiz_passages')
    .select(['id', 'kind', 'text', 'created_by', 'file_id'])
    .where('id', '=', passageId);
}

/** Whether any answer names a version standing on the passage. */
async function isPassageAnswered(db: DbOrTrx, passageId: number): Promise<boolean> {
  const row = await db
    .selectFrom('quiz_answers as qa')
    .innerJoin('quiz_item_versions as qv', 'qv.id', 'qa.version_id')
    .select('qa.attempt_id')
    .where('qv.passage_id', '=', passageId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface PassageInput {
  kind: 'text' | 'recording';
  title: string;
  text: string | null;
  playLimit: number;
  /** The recording received with this request, stored; its row is written here. */
  recording: ReceivedFile | undefined;
}

export type PassageOutcome =
  | { id: number; unusedKeys: string[] }
  | { refused: 'no-passage' | 'not-yours' | 'no-recording' | 'answered' };

/**
 * Creates or saves a passage; one that students have answered items on keeps its text or
 * recording (a new passage is made for another). A recording's file gets its stored_files row here, in the same
 * transaction; a recording it no longer plays (replaced, or the passage made a text) loses
 * its row, and its storage key is returned for the bytes to go once committed.
 */
export async function savePassage(
  db: Db,
  passageId: number | undefined,
  input: PassageInput,
  author: Author,
  now: number,
): Promise<PassageOutcome> {
  return db.transaction().execute(async (trx): Promise<PassageOutcome> => {
    const current =
      passageId === undefined ? undefined : await findPassage(trx, passageId).executeTakeFirst();
    if (passageId !== undefined && !current) return { refused: 'no-passage' };
    if (current && !mayChange(author, current.created_by)) return { refused: 'not-yours' };
    // Passages have no versions (the item versions that stand on one share it): what students
    // answered against is not changed under them (its title and play limit may change; the
    // text, the recording and the kind may not).
    const changesContent =
      current !== undefined &&
      (input.kind !== current.kind ||
        (input.kind === 'text' ? input.text !== current.text : input.recording !== undefined));
    if (current && changesContent && (await isPassageAnswered(trx, current.id)))
      return { refused: 'answered' };
    let fileId: number | null = null;
    if (input.kind === 'recording') {
      if (input.recording) {
        const [recorded] = await recordFiles(trx, [input.recording], author.id, now);
        fileId = recorded ?? null;
      } else fileId = current?.kind === 'recording' ? current.file_id : null;
      if (fileId === null) return { refused: 'no-recording' };
    }
    const values = {
      kind: input.kind,
      title: input.title,
      text: input.kind === 'text' ? input.text : null,
      file_id: fileId,
      play_limit: input.kind === 'recording' ? input.playLimit : 0,
    };
    let id: number;
    if (current) {
      await trx.updateTable('quiz_passages').set(values).where('id', '=', current.id).execute();
      id = current.id;
    } else {
      const row = await trx
        .insertInto('quiz_passages')
        .values({ ...values, created_by: author.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    // The passage now points elsewhere (restrict), so the file it played can go.
    const replaced = current?.file_id ?? null;
    const unusedKeys =
      replaced !== null && replaced !== fileId ? await deleteFileRows(trx, [replaced]) : [];
    return { id, unusedKeys };
  });
}

export type PassageDeleteOutcome =
  | { unusedKeys: string[] }
  | { refused: 'no-passage' }
  | { refused: 'not-yours' }
  | { refused: 'has-items'; items: number }
  | { refused: 'earlier-versions'; items: number };

/**
 * Deletes a passage no item stands on (archived ones included: an attempt that drew one may
 * still play it) and no earlier version of an item either (the attempts that drew it show it
 * as it was; the database refuses too), with its recording's row; the storage key to remove
 * once committed.
 */
export async function deletePassage(
  db: Db,
  passageId: number,
  author: Author,
): Promise<PassageDeleteOutcome> {
  return db.transaction().execute(async (trx): Promise<PassageDeleteOutcome> => {
    // Locked (PostgreSQL) so that an item saved meanwhile onto it waits, then finds it gone.
    const select = findPassage(trx, passageId);
    const current = await heldOnPostgres(db, select, (q) => q.forUpdate()).executeTakeFirst();
    if (!current) return { refused: 'no-passage' };
    if (!mayChange(author, current.created_by)) return { refused: 'not-yours' };
    const standing = await trx
      .selectFrom('quiz_item_versions as v')
      .innerJoin('quiz_items as i', 'i.id', 'v.item_id')
      .select([
        sql<number>`count(distinct case when v.version = i.current_version then i.id end)`.as(
          'current',
        ),
        sql<number>`count(distinct i.id)`.as('any'),
      ])
      .where('v.passage_id', '=', passageId)
      .executeTakeFirstOrThrow();
    if (Number(standing.current) > 0)
      return { refused: 'has-items', items: Number(standing.current) };
    if (Number(standing.any) > 0)
      return { refused: 'earlier-versions', items: Number(standing.any) };
    await trx.deleteFrom('quiz_passages').where('id', '=', passageId).execute();
    return {
      unusedKeys: current.file_id === null ? [] : await deleteFileRows(trx, [current.file_id]),
    };
  });
}

// Import and export.

/** A question to write as a new item: its tags and its content. */
export interface NewItem extends ItemTags {
  version: ItemVersion;
}

/**
 * Writes questions as new items, each with its first version, in ONE transaction: a failure
 * at any of them (the database refusing a row) leaves the bank as it was, never half an
 * import. The new items' ids, in order.
 */
export async function insertItems(
  db: Db,
  items: readonly NewItem[],
  authorId: number,
  now: number,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const item of items) {
      const row = await trx
        .insertInto('quiz_items')
        .values({
          type: item.version.body.type,
          level: item.level,
          skill: item.skill,
          unit: item.unit,
          current_version: 1,
          created_by: authorId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('quiz_item_versions')
        .values({
          item_id: row.id,
          version: 1,
          ...versionValues(item.version, null),
          created_by: authorId,
          created_at: now,
        })
        .execute();
      ids.push(row.id);
    }
    return ids;
  });
}

/** The most items one GIFT export writes. */
export const EXPORT_MAX_ITEMS = 10_000;

/** The filtered bank's items with their current versions, by tag, for the GIFT export. */
export function itemsForExport(db: Db, filter: BankFilter) {
  return filteredItems(db, filter)
    .select([
      'i.id',
      'i.level',
      'i.skill',
      'i.unit',
      'v.prompt',
      'v.body',
      'v.key',
      'v.points',
      'v.general_feedback',
    ])
    .orderBy('i.level')
    .orderBy('i.skill')
    .orderBy('i.unit')
    .orderBy('i.id')
    .limit(EXPORT_MAX_ITEMS)
    .execute();
}
