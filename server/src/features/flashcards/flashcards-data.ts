import { randomUUID } from 'node:crypto';
import { ALL_CARDS_PAGE_SIZE, OWNERS_PAGE_SIZE } from '@academy/contract';
import { LEITNER_MAX_PRACTISED_LEVEL, ROLE_ID } from '@academy/contract/constants';
import { taughtStudents, type Within } from '../../auth/reach.js';
import { heldOnPostgres } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import type { FlashcardsTable } from '../../db/schema.js';
import { addDays, dayInZone, startOfDayInZone, weekOf } from '../../db/time.js';
import { answerCard, doneToday, newCard, RETIRED_LEVEL } from '../../domain/leitner.js';
import { quoted, type Tell } from '../../domain/tell.js';
import { STREAK_WINDOW_DAYS, streakOf } from './progress.js';

type Row = Pick<
  FlashcardsTable,
  'user_id' | 'front_text' | 'back_text' | 'level' | 'next_review_date' | 'last_done_date'
> & { id: number; from_teacher: number };

const cardColumns = [
  'id',
  'user_id',
  'front_text',
  'back_text',
  'level',
  'next_review_date',
  'last_done_date',
  'from_teacher',
] as const;

/** A card as the API shows it, with done_today for `today`. */
export function toCard<R extends Row>(
  row: R,
  today: string,
): Omit<R, 'from_teacher'> & { done_today: 0 | 1; from_teacher: 0 | 1 } {
  return { ...row, done_today: doneToday(row, today), from_teacher: row.from_teacher ? 1 : 0 };
}

/** Cards due now (the home screen's count). */
export async function countDue(db: Db, userId: number, today: string): Promise<number> {
  const row = await db
    .selectFrom('flashcards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('level', '<=', LEITNER_MAX_PRACTISED_LEVEL)
    .where('next_review_date', '<=', today)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The cards to practise now: due, level 5 or below, lowest level first (then oldest). */
export function listDue(db: Db, userId: number, today: string) {
  return db
    .selectFrom('flashcards')
    .select(cardColumns)
    .where('user_id', '=', userId)
    .where('level', '<=', LEITNER_MAX_PRACTISED_LEVEL)
    .where('next_review_date', '<=', today)
    .orderBy('level')
    .orderBy('id')
    .limit(500)
    .execute();
}

export function listOwn(db: Db, userId: number) {
  return db
    .selectFrom('flashcards')
    .select(cardColumns)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export async function addCard(
  db: Db,
  userId: number,
  texts: { front: string; back: string },
  today: string,
  now: number,
  tell: Tell,
  origin: {
    /** Added by an administrator for the student (while correcting their work). */
    fromTeacher?: boolean;
    /** The student's speaking answer it is made from (issue 27, point 18). */
    speakingAnswerId?: number;
  } = {},
): Promise<Row | 'no-such-answer'> {
  const fresh = newCard(today);
  return db.transaction().execute(async (trx) => {
    if (origin.speakingAnswerId !== undefined) {
      // The student's own answer only. Another student's is answered as one that does not
      // exist, so nobody learns which answer ids exist (the access matrix checks this).
      const answer = await trx
        .selectFrom('speaking_answers')
        .select('id')
        .where('id', '=', origin.speakingAnswerId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!answer) return 'no-such-answer';
    }
    const row = await trx
      .insertInto('flashcards')
      .values({
        user_id: userId,
        front_text: texts.front,
        back_text: texts.back,
        ...fresh,
        from_teacher: origin.fromTeacher ? 1 : 0,
        speaking_answer_id: origin.speakingAnswerId ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning(cardColumns)
      .executeTakeFirstOrThrow();
    // A teacher's card is news to the student, told with the card (issue 27).
    if (origin.fromTeacher)
      await tell(trx, {
        userId: row.user_id,
        topic: 'teacher_cards',
        refId: row.id,
        text: `Your teacher added a card to your Leitner box: ${quoted(row.front_text)}.`,
      });
    return row;
  });
}

/** The cards a teacher added from these speaking answers, oldest first (the speaking panel). */
export function listAnswerCards(db: Db, answerIds: number[]) {
  if (answerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('flashcards')
    .select(['id', 'speaking_answer_id', 'front_text', 'back_text'])
    .where('speaking_answer_id', 'in', answerIds)
    .orderBy('id')
    .execute();
}

/** Rewrites a student's own card; false if it is not theirs (or does not exist). */
export async function updateOwnCard(
  db: Db,
  cardId: number,
  userId: number,
  texts: { front: string; back: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('flashcards')
    .set({ front_text: texts.front, back_text: texts.back, updated_at: now })
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a student's own card; false if it is not theirs (or does not exist). */
export async function deleteOwnCard(db: Db, cardId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('flashcards')
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type AnswerOutcome = { card: Row } | 'missing';

/**
 * Applies an answer to one of the user's cards, once per answer id: a replayed answer (the
 * offline queue sending again) changes nothing and returns the card as it is. Every answer is
 * kept with its time (one the browser did not number gets a random id): the progress chart
 * counts them.
 */
export async function recordAnswer(
  db: Db,
  answer: { cardId: number; userId: number; wasCorrect: boolean; answerId?: string },
  today: string,
  now: number,
): Promise<AnswerOutcome> {
  return db.transaction().execute(async (trx) => {
    // The card held (PostgreSQL; SQLite's transactions take turns already): two answers at
    // once (two tabs, a queue sent while one was on its way) each move it from where the other
    // left it, and a replay answers the card as the first left it.
    const select = trx
      .selectFrom('flashcards')
      .select(cardColumns)
      .where('id', '=', answer.cardId)
      .where('user_id', '=', answer.userId);
    const card = await heldOnPostgres(trx, select, (q) => q.forNoKeyUpdate()).executeTakeFirst();
    if (!card) return 'missing';
    const inserted = await trx
      .insertInto('flashcard_answers')
      .values({
        answer_id: answer.answerId ?? randomUUID(),
        card_id: card.id,
        user_id: answer.userId,
        at: now,
      })
      .onConflict((oc) => oc.column('answer_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { card };
    const next = answerCard(card, answer.wasCorrect, today);
    await trx
      .updateTable('flashcards')
      .set({ ...next, updated_at: now })
      .where('id', '=', card.id)
      .execute();
    return { card: { ...card, ...next } };
  });
}

/**
 * The students who have cards, by name, a page at a time, with how many cards each has and
 * how many are due: per student two index range counts, never a pass over every card.
 */
export async function listOwners(
  db: Db,
  options: { today: string; q?: string; page: number; within?: Within },
) {
  let query = db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id as user_id',
      'u.name as user_name',
      eb
        .selectFrom('flashcards as f')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('f.user_id', '=', 'u.id')
        .as('cards_count'),
      eb
        .selectFrom('flashcards as f')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('f.user_id', '=', 'u.id')
        .where('f.level', '<=', LEITNER_MAX_PRACTISED_LEVEL)
        .where('f.next_review_date', '<=', options.today)
        .as('due_count'),
    ])
    .where('u.role_id', '=', ROLE_ID.user)
    .where((eb) =>
      eb.exists(eb.selectFrom('flashcards as f').select('f.id').whereRef('f.user_id', '=', 'u.id')),
    )
    .orderBy('u.name')
    .orderBy('u.id');
  if (options.q) query = query.where(containsText('u.name', options.q));
  if (options.within !== undefined)
    query = query.where('u.id', 'in', taughtStudents(db, options.within));
  const { rows, hasMore } = await fetchPage(query, options.page, OWNERS_PAGE_SIZE);
  return {
    owners: rows.map((o) => ({
      ...o,
      cards_count: Number(o.cards_count ?? 0),
      due_count: Number(o.due_count ?? 0),
    })),
    hasMore,
  };
}

/**
 * Every student's cards (or one student's; or, for a teacher, their students'), by student
 * name, a page at a time.
 */
export function listAllCards(db: Db, options: { userId?: number; page: number; within?: Within }) {
  let query = db
    .selectFrom('flashcards as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select([
      'f.id',
      'f.user_id',
      'u.name as user_name',
      'f.front_text',
      'f.back_text',
      'f.level',
      'f.next_review_date',
      'f.last_done_date',
      'f.from_teacher',
    ])
    .orderBy('u.name')
    .orderBy('f.user_id')
    .orderBy('f.id')
    .limit(ALL_CARDS_PAGE_SIZE)
    .offset((options.page - 1) * ALL_CARDS_PAGE_SIZE);
  if (options.userId !== undefined) query = query.where('f.user_id', '=', options.userId);
  if (options.within !== undefined)
    query = query.where('f.user_id', 'in', taughtStudents(db, options.within));
  return query.execute();
}

/**
 * One student's Leitner progress (features/flashcards/progress.ts has the rules): cards per
 * level from one grouped count, due counts by review day, and the answers' times for this
 * week and the run of days practised, read through the (user_id, at) index.
 */
export async function leitnerProgress(
  db: Db,
  userId: number,
  clock: { now: number; timeZone: string },
) {
  const today = dayInZone(clock.now, clock.timeZone);
  const week = weekOf(today);
  const [byLevel, due, answerTimes] = await Promise.all([
    db
      .selectFrom('flashcards')
      .select((eb) => ['level', eb.fn.countAll<number | string>().as('n')])
      .where('user_id', '=', userId)
      .groupBy('level')
      .execute(),
    db
      .selectFrom('flashcards')
      .select((eb) => [
        eb.fn
          .sum<number | string | null>(
            eb.case().when('next_review_date', '<=', today).then(1).else(0).end(),
          )
          .as('today'),
        eb.fn.countAll<number | string>().as('week'),
      ])
      .where('user_id', '=', userId)
      .where('level', '<=', LEITNER_MAX_PRACTISED_LEVEL)
      .where('next_review_date', '<=', week.end)
      .executeTakeFirst(),
    db
      .selectFrom('flashcard_answers')
      .select('at')
      .where('user_id', '=', userId)
      .where('at', '>=', startOfDayInZone(addDays(today, -STREAK_WINDOW_DAYS), clock.timeZone))
      .orderBy('at', 'desc')
      .execute(),
  ]);
  const counted = new Map(byLevel.map((row) => [row.level, Number(row.n)]));
  const weekStart = startOfDayInZone(week.start, clock.timeZone);
  const days = answerTimes.map((row) => dayInZone(Number(row.at), clock.timeZone));
  let retired = 0;
  for (const [level, n] of counted) if (level >= RETIRED_LEVEL) retired += n;
  return {
    levels: Array.from({ length: LEITNER_MAX_PRACTISED_LEVEL }, (_, i) => ({
      level: i + 1,
      cards: counted.get(i + 1) ?? 0,
    })),
    retired,
    due_today: Number(due?.today ?? 0),
    due_this_week: Number(due?.week ?? 0),
    answered_this_week: answerTimes.filter((row) => Number(row.at) >= weekStart).length,
    streak_days: streakOf(days, today),
    practised_today: days[0] === today,
    today,
    week_start: week.start,
    week_end: week.end,
  };
}
