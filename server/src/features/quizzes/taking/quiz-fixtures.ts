import { ItemVersion } from '@academy/contract/quizzes/items';
import type { z } from 'zod';
import type { Db } from '../../../db/index.js';
import type { TestApp, TestUser } from '../../../test-support/harness.js';

/**
 * Items written straight into the bank for the quiz tests (the bank's own calls are another
 * feature's, and these tests are about taking quizzes). Each is checked with the contract's
 * ItemVersion first, so a fixture cannot be an item the bank would refuse.
 */

type NewItem = z.input<typeof ItemVersion> & {
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
 * Texts only the key holds (accepted answers, feedback, the model answer, the dictation's
 * words): none may reach a student before the review allows it.
 */
export const KEY_TEXTS = {
  answers: ['zanzibarite', 'quokkawent', 'quixotic quokka'],
  feedback: [
    'KEYFB-choice-right',
    'KEYFB-choice-wrong',
    'KEYFB-tf-true',
    'KEYFB-tf-false',
    'KEYFB-short',
    'KEYFB-number',
    'GENERAL-FB-SECRET',
  ],
  model: ['MODEL-ANSWER-SECRET'],
} as const;

/** One item of every kind, all tagged B1 · grammar · Unit 9, with the key texts above. */
export async function everyKindOfItem(db: Db, by: number, now: number, passageId: number) {
  const tag = { level: 'B1', skill: 'grammar', unit: 'Unit 9' };
  const items: NewItem[] = [
    {
      prompt: 'The capital of France?',
      body: {
        type: 'choice',
        multiple: false,
        options: [
          { id: 'a', text: 'Paris' },
          { id: 'b', text: 'Rome' },
          { id: 'c', text: 'Madrid' },
        ],
      },
      key: {
        type: 'choice',
        credit: { a: 100 },
        feedback: { a: 'KEYFB-choice-right', b: 'KEYFB-choice-wrong' },
      },
      points: 1,
      general_feedback: 'GENERAL-FB-SECRET',
    },
    {
      prompt: 'Which are colours?',
      body: {
        type: 'choice',
        multiple: true,
        options: [
          { id: 'a', text: 'red' },
          { id: 'b', text: 'blue' },
          { id: 'c', text: 'table' },
        ],
      },
      key: { type: 'choice', credit: { a: 50, b: 50, c: -50 } },
      points: 2,
    },
    {
      prompt: 'The sun is a star.',
      body: { type: 'true_false' },
      key: {
        type: 'true_false',
        answer: true,
        feedback_true: 'KEYFB-tf-true',
        feedback_false: 'KEYFB-tf-false',
      },
      points: 1,
    },
    {
      prompt: 'Name the mineral.',
      body: { type: 'short' },
      key: {
        type: 'short',
        accepted: [{ text: 'zanzibarite', percent: 100, feedback: 'KEYFB-short' }],
        typo: 'half',
      },
      points: 1,
    },
    {
      prompt: 'Half of 85?',
      body: { type: 'numerical' },
      key: {
        type: 'numerical',
        accepted: [{ value: 42.5, tolerance: 0.25, percent: 100, feedback: 'KEYFB-number' }],
      },
      points: 1,
    },
    {
      prompt: 'Fill the gaps.',
      body: {
        type: 'gaps',
        text: 'Yesterday I {g1} to school and she {g2} home.',
        gaps: [{ id: 'g1' }, { id: 'g2', choices: ['walked', 'walks', 'walking'] }],
      },
      key: { type: 'gaps', gaps: { g1: ['quokkawent'], g2: ['walked'] }, typo: 'none' },
      points: 2,
    },
    {
      prompt: 'Match the animal to its sound.',
      body: {
        type: 'matching',
        prompts: [
          { id: 'p1', text: 'dog' },
          { id: 'p2', text: 'cat' },
        ],
        answers: [
          { id: 'x', text: 'bark' },
          { id: 'y', text: 'meow' },
          { id: 'z', text: 'moo' },
        ],
      },
      key: { type: 'matching', pairs: { p1: 'x', p2: 'y' } },
      points: 2,
    },
    {
      prompt: 'Put the words in order.',
      // Typed in the right order, as a teacher often types them.
      body: {
        type: 'ordering',
        unit: 'words',
        pieces: [
          { id: 'a', text: 'I' },
          { id: 'b', text: 'am' },
          { id: 'c', text: 'here' },
        ],
      },
      key: { type: 'ordering', order: ['a', 'b', 'c'] },
      points: 1,
    },
    {
      prompt: 'Write what you hear.',
      body: { type: 'dictation' },
      key: { type: 'dictation', text: 'the quixotic quokka jumps' },
      points: 2,
      passageId,
    },
    {
      prompt: 'Say where you live.',
      body: { type: 'spoken', max_seconds: 60 },
      key: { type: 'spoken', model_answer: 'MODEL-ANSWER-SECRET' },
      points: 2,
    },
  ];
  const ids: number[] = [];
  for (const item of items) ids.push(await insertItem(db, { ...tag, ...item }, by, now));
  return ids;
}

/** A class with these students (and teachers), made through the app's own calls. */
export async function classOf(
  t: TestApp,
  admin: TestUser,
  name: string,
  students: TestUser[],
  teachers: TestUser[] = [],
): Promise<number> {
  const made = await t.call('createClass', admin.token, { name });
  const classId = made.json().class_id as number;
  await t.call('addClassStudents', admin.token, {
    class_id: classId,
    user_ids: students.map((s) => s.id),
  });
  if (teachers.length > 0)
    await t.call('setClassTeachers', admin.token, {
      class_id: classId,
      teacher_ids: teachers.map((x) => x.id),
    });
  return classId;
}

export const iso = (ms: number) => new Date(ms).toISOString();
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
