import { ItemVersion } from '@academy/contract/quizzes/items';
import type { z } from 'zod';
import type { Db } from '../db/index.js';
import type { TestApp, TestUser } from './harness.js';

/**
 * The quizzes' part of the access matrix's world (issue 51; world.ts merges it into `ids`):
 * the bank's item and passage A's teacher wrote, and a quiz A's teacher made and sent to A's
 * class with A's attempts at it. Here rather than beside the cases (security/quiz-cases.ts,
 * quiz-bank-cases.ts), which read World's type: world.ts importing them back would be a cycle.
 */

const HOUR = 3_600_000;

/** The world's bank: an item and a passage A's teacher wrote (no item stands on the passage). */
export interface QuizBankIds {
  bankItem: number;
  bankPassage: number;
}

/** An item as the editor saves it: a one-answer choice. */
export const WORLD_BANK_ITEM: ItemVersion = {
  prompt: 'Matrix: she ___ here since 2020.',
  body: {
    type: 'choice',
    multiple: false,
    options: [
      { id: 'a', text: 'has lived' },
      { id: 'b', text: 'lives' },
    ],
  },
  key: { type: 'choice', credit: { a: 100 } },
  points: 1,
};

/**
 * The bank's items and passages A's teacher wrote, made through the API as the world makes
 * everything else. `teacher` is the world's A's teacher.
 */
export async function quizBankWorld(t: TestApp, teacher: TestUser): Promise<QuizBankIds> {
  const ok = async (res: { statusCode: number; body: string }) => {
    if (res.statusCode >= 300) throw new Error(`world setup failed: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as { id: number };
  };
  const item = await ok(
    await t.call('saveQuizItem', teacher, {
      level: 'B1',
      skill: 'grammar',
      unit: 'Matrix unit',
      version: WORLD_BANK_ITEM,
    }),
  );
  const passage = await ok(
    await t.callUnchecked('saveQuizPassage', teacher, {
      kind: 'text',
      title: 'Matrix passage',
      text: 'A text several items may stand on.',
    }),
  );
  return { bankItem: item.id, bankPassage: passage.id };
}

/**
 * A quiz A's teacher made and sent to A's class, of a choice item, a spoken item and a
 * dictation on a recording; A's first attempt submitted (a spoken answer awaiting its mark)
 * and A's second going on; and another quiz of A's teacher's, to delete.
 */
export interface QuizWorldIds {
  quiz: number;
  quizToDelete: number;
  /** A's attempt going on. */
  quizOpenAttempt: number;
  /** A's submitted attempt, with a spoken answer at SPOKEN_POSITION. */
  quizClosedAttempt: number;
  /** The recording of the quiz's dictation. */
  quizPassage: number;
  /** The quiz's items, in order: a choice, a spoken answer, a dictation. */
  quizChoiceItem: number;
  quizSpokenItem: number;
  quizDictationItem: number;
  /**
   * A's submitted attempt at a quiz of the choice item alone whose review shows the right
   * answers at once, answered wrong: a mistake to make a card of and to practise (point 6).
   */
  quizMistakeAttempt: number;
}

/**
 * Where the spoken item stands in the world's attempts (items are not shuffled). A constant,
 * not an id: the matrix swaps every id for one nobody has, and a position is not one.
 */
export const SPOKEN_POSITION = 1;

/**
 * Items written straight into the bank, for the world and the quiz tests (the bank's own calls
 * are another part's, and these are about taking quizzes). Each is checked with the contract's
 * ItemVersion first, so a fixture cannot be an item the bank would refuse. Test support
 * imports no feature, so the world does not go through the bank's code.
 */
export type NewItem = z.input<typeof ItemVersion> & {
  level?: string | null;
  skill?: string | null;
  unit?: string | null;
  passageId?: number | null;
};

export async function insertItem(db: Db, item: NewItem, createdBy: number | null, now: number) {
  const version = ItemVersion.parse(item);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('quiz_items')
      .values({
        type: version.body.type,
        level: item.level ?? null,
        skill: item.skill ?? null,
        unit: item.unit ?? null,
        current_version: 1,
        archived_at: null,
        created_by: createdBy,
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
        prompt: version.prompt,
        body: JSON.stringify(version.body),
        key: JSON.stringify(version.key),
        points: version.points,
        general_feedback: version.general_feedback ?? null,
        passage_id: item.passageId ?? null,
        created_by: createdBy,
        created_at: now,
      })
      .execute();
    return row.id;
  });
}

/** A stored file row (the bytes are not read by these tests), as an upload leaves one. */
export async function insertStoredFile(db: Db, uploadedBy: number, now: number, name = 'a.webm') {
  const key = `quiz-test-${Math.random().toString(36).slice(2)}`;
  const row = await db
    .insertInto('stored_files')
    .values({
      storage_key: key,
      file_name: name,
      mime_type: 'audio/webm',
      size_bytes: 10,
      uploaded_by: uploadedBy,
      created_at: now,
      duration_ms: 1000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

export async function insertRecording(db: Db, adminId: number, now: number, playLimit: number) {
  const file = await insertStoredFile(db, adminId, now, 'listening.webm');
  const row = await db
    .insertInto('quiz_passages')
    .values({
      kind: 'recording',
      title: 'At the station',
      text: null,
      file_id: file.id,
      play_limit: playLimit,
      created_by: adminId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Builds the quizzes' part of the world on top of buildWorld's: call it once A, A's class and
 * A's teacher exist, and merge what it answers into the world's `ids`.
 */
export async function quizWorld(
  t: TestApp,
  w: { admin: TestUser; a: TestUser; teacher: TestUser; schoolClass: number },
): Promise<QuizWorldIds> {
  const db = t.database.db;
  const now = t.clock.now;
  const ok = async (res: { statusCode: number; body: string }) => {
    if (res.statusCode >= 300)
      throw new Error(`quiz world setup failed: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body);
  };
  const passage = await insertRecording(db, w.admin.id, now, 0);
  const quizItems = [
    await insertItem(
      db,
      {
        prompt: 'World quiz question',
        body: {
          type: 'choice',
          multiple: false,
          options: [
            { id: 'a', text: 'yes' },
            { id: 'b', text: 'no' },
          ],
        },
        key: { type: 'choice', credit: { a: 100 } },
        points: 1,
      },
      w.admin.id,
      now,
    ),
    await insertItem(
      db,
      {
        prompt: 'Say hello',
        body: { type: 'spoken', max_seconds: 30 },
        key: { type: 'spoken' },
        points: 2,
      },
      w.admin.id,
      now,
    ),
    await insertItem(
      db,
      {
        prompt: 'Write what you hear',
        body: { type: 'dictation' },
        key: { type: 'dictation', text: 'hello world' },
        points: 1,
        passageId: passage,
      },
      w.admin.id,
      now,
    ),
  ];
  const settings = {
    access_start: new Date(now - HOUR).toISOString(),
    access_end: new Date(now + 48 * HOUR).toISOString(),
    attempts_allowed: 0,
    parts: quizItems.map((item_id) => ({ item_id })),
  };
  const quiz = (
    await ok(await t.call('saveQuiz', w.teacher.token, { title: 'World Quiz', ...settings }))
  ).id as number;
  await ok(await t.call('sendQuiz', w.teacher.token, { quiz_id: quiz, class_id: w.schoolClass }));
  const quizToDelete = (
    await ok(
      await t.call('saveQuiz', w.teacher.token, { title: 'World Quiz to delete', ...settings }),
    )
  ).id as number;
  await ok(
    await t.call('sendQuiz', w.teacher.token, { quiz_id: quizToDelete, class_id: w.schoolClass }),
  );

  const start = async () =>
    (await ok(await t.call('startQuizAttempt', w.a.token, { user_id: w.a.id, quiz_id: quiz })))
      .attempt_id as number;
  const quizClosedAttempt = await start();
  const recording = await insertStoredFile(db, w.a.id, now);
  await ok(
    await t.call('saveQuizAnswers', w.a.token, {
      user_id: w.a.id,
      attempt_id: quizClosedAttempt,
      answers: [
        { position: 0, response: { type: 'choice', chosen: ['a'] } },
        { position: SPOKEN_POSITION, response: { type: 'spoken', file: String(recording.id) } },
      ],
    }),
  );
  await ok(
    await t.call('submitQuizAttempt', w.a.token, {
      user_id: w.a.id,
      attempt_id: quizClosedAttempt,
    }),
  );
  const quizOpenAttempt = await start();

  const reviewed = (
    await ok(
      await t.call('saveQuiz', w.teacher.token, {
        title: 'World Quiz reviewed',
        ...settings,
        review: { right_answers: true },
        parts: [{ item_id: quizItems[0] as number }],
      }),
    )
  ).id as number;
  await ok(
    await t.call('sendQuiz', w.teacher.token, { quiz_id: reviewed, class_id: w.schoolClass }),
  );
  const quizMistakeAttempt = (
    await ok(await t.call('startQuizAttempt', w.a.token, { user_id: w.a.id, quiz_id: reviewed }))
  ).attempt_id as number;
  await ok(
    await t.call('saveQuizAnswers', w.a.token, {
      user_id: w.a.id,
      attempt_id: quizMistakeAttempt,
      answers: [{ position: 0, response: { type: 'choice', chosen: ['b'] } }],
    }),
  );
  await ok(
    await t.call('submitQuizAttempt', w.a.token, {
      user_id: w.a.id,
      attempt_id: quizMistakeAttempt,
    }),
  );
  return {
    quizMistakeAttempt,
    quiz,
    quizToDelete,
    quizOpenAttempt,
    quizClosedAttempt,
    quizPassage: passage,
    quizChoiceItem: quizItems[0] as number,
    quizSpokenItem: quizItems[1] as number,
    quizDictationItem: quizItems[2] as number,
  };
}
