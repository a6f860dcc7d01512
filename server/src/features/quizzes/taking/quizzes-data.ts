import type { QuizPartInput } from '@academy/contract';
import type { ReviewOptions } from '@academy/contract/quizzes/review';
import { sql } from 'kysely';
import {
  quizzesChangeableBy,
  quizzesSeenBy,
  taughtStudents,
  type Within,
} from '../../../auth/reach.js';
import { dialectOf } from '../../../db/dialect.js';
import type { Db } from '../../../db/index.js';
import { inSlices } from '../../../db/lists.js';
import { quoted, type Tell } from '../../../domain/tell.js';

/**
 * Quizzes as staff build and send them (issue 51, point 2). A teacher's reach over a quiz is
 * auth/reach.ts's (quizzesSeenBy, quizzesChangeableBy): they see the quizzes they made and
 * those sent to any of their students; they change (save, send, delete) only the ones they
 * made while every student it went to is still theirs, as a teacher's speaking questions.
 */

/** Whether the caller (`within`: a teacher's id, or undefined for an administrator) reaches the quiz. */
export async function reachesQuiz(
  db: Db,
  quizId: number,
  within: Within,
  how: 'sees' | 'changes',
): Promise<boolean> {
  let query = db
    .selectFrom('quizzes')
    .select('id')
    .where('id', '=', quizId)
    .where('practice_for', 'is', null);
  if (within !== undefined)
    query = query.where(
      'id',
      'in',
      how === 'sees' ? quizzesSeenBy(db, within) : quizzesChangeableBy(db, within),
    );
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * The quizzes staff run, the latest first, with how many students each went to, started and
 * submitted (a teacher: their students only); `onlyId` narrows it to one (the builder's).
 */
export async function listQuizzes(db: Db, within: Within, onlyId?: number) {
  let query = db
    .selectFrom('quizzes')
    .select((eb) => [
      'quizzes.id',
      'quizzes.title',
      'quizzes.tag',
      'quizzes.kind',
      'quizzes.access_start',
      'quizzes.access_end',
      'quizzes.time_limit_seconds',
      'quizzes.attempts_allowed',
      'quizzes.recipients',
      'quizzes.created_by',
      eb
        .selectFrom('quiz_recipients')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('quiz_recipients.quiz_id', '=', 'quizzes.id')
        .$if(within !== undefined, (q) =>
          q.where('quiz_recipients.user_id', 'in', taughtStudents(db, within ?? 0)),
        )
        .as('sent'),
      eb
        .selectFrom('quiz_attempts')
        .select(sql<number>`count(distinct quiz_attempts.user_id)`.as('n'))
        .whereRef('quiz_attempts.quiz_id', '=', 'quizzes.id')
        .$if(within !== undefined, (q) =>
          q.where('quiz_attempts.user_id', 'in', taughtStudents(db, within ?? 0)),
        )
        .as('started'),
      eb
        .selectFrom('quiz_attempts')
        .select(sql<number>`count(distinct quiz_attempts.user_id)`.as('n'))
        .whereRef('quiz_attempts.quiz_id', '=', 'quizzes.id')
        .where('quiz_attempts.submitted_at', 'is not', null)
        .$if(within !== undefined, (q) =>
          q.where('quiz_attempts.user_id', 'in', taughtStudents(db, within ?? 0)),
        )
        .as('submitted'),
    ])
    .where('quizzes.practice_for', 'is', null)
    .orderBy('quizzes.access_start', 'desc')
    .orderBy('quizzes.id', 'desc')
    .limit(500);
  if (within !== undefined) query = query.where('quizzes.id', 'in', quizzesSeenBy(db, within));
  if (onlyId !== undefined) query = query.where('quizzes.id', '=', onlyId);
  const rows = await query.execute();
  const changeable =
    within === undefined || rows.length === 0
      ? null
      : new Set(
          (
            await quizzesChangeableBy(db, within)
              .where(
                'cq.id',
                'in',
                rows.map((r) => r.id),
              )
              .execute()
          ).map((r) => r.id),
        );
  return rows.map((r) => ({
    ...r,
    sent: Number(r.sent ?? 0),
    started: Number(r.started ?? 0),
    submitted: Number(r.submitted ?? 0),
    can_edit: within === undefined || changeable?.has(r.id) === true,
  }));
}

export function findQuiz(db: Db, id: number) {
  return db.selectFrom('quizzes').selectAll().where('id', '=', id).executeTakeFirst();
}
export type QuizRow = NonNullable<Awaited<ReturnType<typeof findQuiz>>>;

export function listParts(db: Db, quizId: number) {
  return db
    .selectFrom('quiz_parts as p')
    .leftJoin('quiz_items as i', 'i.id', 'p.item_id')
    .leftJoin('quiz_item_versions as v', (join) =>
      join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.current_version'),
    )
    .select([
      'p.position',
      'p.item_id',
      'p.draw_count',
      'p.draw_level',
      'p.draw_skill',
      'p.draw_unit',
      'v.prompt as item_prompt',
      'i.type as item_type',
    ])
    .where('p.quiz_id', '=', quizId)
    .orderBy('p.position')
    .execute();
}
export type PartRow = Awaited<ReturnType<typeof listParts>>[number];

export async function hasAttempts(db: Db, quizId: number): Promise<boolean> {
  const row = await db
    .selectFrom('quiz_attempts')
    .select('id')
    .where('quiz_id', '=', quizId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface DrawTag {
  level: string | null;
  skill: string | null;
  unit: string | null;
}

/** The items of the bank a tag may draw from now: not archived, not among `except`. */
export function drawableItems(db: Db, tag: DrawTag, except: readonly number[]) {
  let query = db.selectFrom('quiz_items').where('archived_at', 'is', null);
  if (tag.level !== null) query = query.where('level', '=', tag.level);
  if (tag.skill !== null) query = query.where('skill', '=', tag.skill);
  if (tag.unit !== null) query = query.where(sql`lower(unit)`, '=', tag.unit.toLowerCase());
  if (except.length > 0) query = query.where('id', 'not in', except);
  return query;
}

export async function countDrawable(db: Db, tag: DrawTag, except: readonly number[]) {
  const row = await drawableItems(db, tag, except)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A tag in words: "B1 · grammar · Unit 3", or "any item". */
export function tagWords(tag: DrawTag): string {
  const parts = [tag.level, tag.skill, tag.unit].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' · ') : 'any level, skill and unit';
}

const tagKey = (tag: DrawTag) => JSON.stringify([tag.level, tag.skill, tag.unit?.toLowerCase()]);

/**
 * What is wrong with a quiz's parts, in words a teacher reads: a fixed item that is not in the
 * bank (or archived), an item named twice, a draw asking more items than the bank has for its
 * tag (the quiz's fixed items are never drawn again, and draws of one tag add up).
 */
export async function partProblems(db: Db, parts: readonly QuizPartInput[]): Promise<string[]> {
  const problems: string[] = [];
  const fixed = parts.flatMap((p) => (p.item_id === undefined ? [] : [p.item_id]));
  if (new Set(fixed).size !== fixed.length) problems.push('An item is in the quiz twice.');
  if (fixed.length > 0) {
    const found = new Set(
      (
        await db
          .selectFrom('quiz_items')
          .select('id')
          .where('id', 'in', fixed)
          .where('archived_at', 'is', null)
          .execute()
      ).map((r) => r.id),
    );
    for (const id of fixed)
      if (!found.has(id)) problems.push(`Item ${id} is not in the bank (or it was archived).`);
  }
  const asked = new Map<string, { tag: DrawTag; count: number }>();
  for (const part of parts) {
    if (!part.draw) continue;
    const key = tagKey(part.draw);
    const before = asked.get(key);
    asked.set(key, { tag: part.draw, count: (before?.count ?? 0) + part.draw.count });
  }
  for (const { tag, count } of asked.values()) {
    const available = await countDrawable(db, tag, fixed);
    if (count > available)
      problems.push(
        available === 0
          ? `The bank has no items for ${tagWords(tag)} to draw from; this quiz asks for ${count}.`
          : `The bank has only ${available} ${available === 1 ? 'item' : 'items'} for ${tagWords(tag)}; this quiz asks for ${count}.`,
      );
  }
  return problems;
}

/** Whether the stored parts are exactly these (a save that keeps them may pass a locked quiz). */
export function sameParts(stored: readonly PartRow[], given: readonly QuizPartInput[]): boolean {
  if (stored.length !== given.length) return false;
  return stored.every((s, i) => {
    const g = given[i];
    if (!g) return false;
    if (g.item_id !== undefined) return s.item_id === g.item_id;
    return (
      s.item_id === null &&
      s.draw_count === g.draw?.count &&
      s.draw_level === g.draw.level &&
      s.draw_skill === g.draw.skill &&
      (s.draw_unit ?? null) === g.draw.unit
    );
  });
}

export interface QuizSettings {
  title: string;
  description: string;
  tag: string | null;
  kind: 'quiz' | 'placement';
  accessStart: number;
  accessEnd: number;
  timeLimitSeconds: number | null;
  attemptsAllowed: number;
  counts: string;
  shuffleItems: boolean;
  shuffleOptions: boolean;
  onePerPage: boolean;
  review: ReviewOptions;
  cards: string;
  outOf: number;
  bands: { level: string; from_percent: number }[] | null;
}

function settingsRow(s: QuizSettings, now: number) {
  return {
    title: s.title,
    description: s.description,
    tag: s.tag,
    kind: s.kind,
    access_start: s.accessStart,
    access_end: s.accessEnd,
    time_limit_seconds: s.timeLimitSeconds,
    attempts_allowed: s.attemptsAllowed,
    counts: s.counts,
    shuffle_items: s.shuffleItems ? 1 : 0,
    shuffle_options: s.shuffleOptions ? 1 : 0,
    one_per_page: s.onePerPage ? 1 : 0,
    review: JSON.stringify(s.review),
    cards: s.cards,
    out_of: s.outOf,
    bands: s.bands && s.bands.length > 0 ? JSON.stringify(s.bands) : null,
    updated_at: now,
  };
}

async function writeParts(trx: Db, quizId: number, parts: readonly QuizPartInput[]) {
  await trx.deleteFrom('quiz_parts').where('quiz_id', '=', quizId).execute();
  await trx
    .insertInto('quiz_parts')
    .values(
      parts.map((p, position) => ({
        quiz_id: quizId,
        position,
        item_id: p.item_id ?? null,
        draw_count: p.draw?.count ?? null,
        draw_level: p.draw?.level ?? null,
        draw_skill: p.draw?.skill ?? null,
        draw_unit: p.draw?.unit ?? null,
      })),
    )
    .execute();
}

/** Creates a quiz with its parts; its id. */
export async function createQuiz(
  db: Db,
  settings: QuizSettings,
  parts: readonly QuizPartInput[],
  createdBy: number,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('quizzes')
      .values({ ...settingsRow(settings, now), created_by: createdBy, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeParts(trx, row.id, parts);
    return row.id;
  });
}

/**
 * Updates a quiz's settings and its parts; 'locked' (nothing saved) when the parts change on a
 * quiz a student has started: its attempts drew from the parts, which stay as they were. The
 * settings may change then; a save naming the same parts passes.
 */
export async function updateQuiz(
  db: Db,
  id: number,
  settings: QuizSettings,
  parts: readonly QuizPartInput[],
  now: number,
): Promise<'saved' | 'locked' | 'gone'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('quizzes')
        .set(settingsRow(settings, now))
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return 'gone' as const;
      const stored = await listParts(trx, id);
      if (sameParts(stored, parts)) return 'saved' as const;
      // A refused save keeps nothing, its settings included: the transaction is undone.
      if (await hasAttempts(trx, id)) throw new PartsLocked();
      await writeParts(trx, id, parts);
      return 'saved' as const;
    });
  } catch (error) {
    if (error instanceof PartsLocked) return 'locked';
    throw error;
  }
}

/** Thrown inside updateQuiz's transaction to undo it. */
class PartsLocked extends Error {}

/** The students a quiz went to. */
export async function recipientIds(db: Db, quizId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('quiz_recipients')
    .select('user_id')
    .where('quiz_id', '=', quizId)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Sends a quiz to more students: those not already sent it are added and told. The quiz keeps
 * who it went to in words: the first send's ("B1 Evening", a student's name), then how many.
 */
export async function sendQuiz(
  db: Db,
  quiz: { id: number; title: string; recipients: string; class_id: number | null },
  to: { userIds: number[]; words: string; many: { classId: number | null } | null },
  tell: Tell,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    // Two sends of one quiz take turns (a double tap on Send): on PostgreSQL both read the
    // recipients before either wrote, and the second's insert broke the key (a 500). The quiz's
    // row held, the second reads the first's recipients and adds nobody. SQLite's
    // transactions take turns already.
    if (dialectOf(trx) === 'postgres')
      await trx
        .selectFrom('quizzes')
        .select('id')
        .where('id', '=', quiz.id)
        .forNoKeyUpdate()
        .execute();
    const already = new Set(await recipientIds(trx, quiz.id));
    const added = to.userIds.filter((id) => !already.has(id));
    for (const slice of inSlices(added))
      await trx
        .insertInto('quiz_recipients')
        .values(slice.map((user_id) => ({ quiz_id: quiz.id, user_id })))
        .execute();
    if (added.length === 0) return added;
    const total = already.size + added.length;
    const first = already.size === 0;
    await trx
      .updateTable('quizzes')
      .set({
        recipients: first ? to.words : total === 1 ? '1 student' : `${total} students`,
        class_id: first ? (to.many?.classId ?? null) : null,
      })
      .where('id', '=', quiz.id)
      .execute();
    // A quiz is work like an assignment: its list in the app is the notice; the channels a
    // student chose for new work carry it beyond the app.
    for (const slice of inSlices(added))
      await tell(
        trx,
        slice.map((userId) => ({
          userId,
          topic: 'assignment' as const,
          refId: quiz.id,
          path: '/my-quizzes',
          text: `New quiz: ${quoted(quiz.title)}.`,
        })),
      );
    return added;
  });
}

export async function deleteQuiz(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('quizzes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
