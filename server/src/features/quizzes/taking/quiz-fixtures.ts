import type { Db } from '../../../db/index.js';
import type { TestApp, TestUser } from '../../../test-support/harness.js';
import { insertItem, type NewItem } from '../../../test-support/quiz-world.js';

// Items, stored files and recordings written straight into the tables, shared with the access
// matrix's world (test-support/quiz-world.ts, where they live).
export { insertItem, insertRecording, insertStoredFile } from '../../../test-support/quiz-world.js';

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
