import type { ItemVersion } from '@academy/contract/quizzes/items';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/harness.js';
import { insertItems } from './bank-data.js';

/**
 * GIFT and Aiken into the bank, and the bank out as GIFT (issue 51, point 8), on a real server
 * and database: a preview writes nothing, an import writes every question or none, tags come
 * from the category (or the import's choices), and an exported file reads back as the same
 * items with the same tags.
 */

let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await t.teacher({ name: 'Importing Teacher' });
});
afterAll(() => t.close());

const countItems = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('quiz_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const GIFT = [
  '// A weekly check, as a teacher writes one in Moodle.',
  '$CATEGORY: $course$/top/B1/Grammar/Unit 3',
  '',
  '::Past of go:: Yesterday I {=went ~go ~gone} to school.',
  '',
  '::Capital:: London is the capital of England. {T}',
  '',
  '$CATEGORY: Vocabulary/Food',
  '',
  'Name a fruit that is yellow. {=banana =lemon}',
  '',
].join('\n');

const BROKEN = `${GIFT}\nThis block is a question that never closes { =yes ~no\n`;

describe('the preview', () => {
  it('names each question with its tags from the category, and writes nothing', async () => {
    const before = await countItems();
    const res = await t.call('previewQuestionImport', teacher, { format: 'gift', text: GIFT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      questions: [
        {
          line: 4,
          title: 'Past of go',
          category: 'B1/Grammar/Unit 3',
          // A missing word is a gap fill with one chosen gap.
          type: 'gaps',
          prompt: 'Choose the word that fills the gap. Yesterday I ___ to school.',
          level: 'B1',
          skill: 'grammar',
          unit: 'Unit 3',
          notes: [],
        },
        expect.objectContaining({ line: 6, type: 'true_false', level: 'B1', unit: 'Unit 3' }),
        expect.objectContaining({
          line: 10,
          type: 'short',
          level: null,
          skill: 'vocabulary',
          unit: 'Food',
        }),
      ],
      refused: [],
      message: '3 questions will be added to the bank.',
    });
    expect(await countItems()).toBe(before);
  });

  it('gives the import’s tags to questions whose category names none', async () => {
    const res = await t.call('previewQuestionImport', teacher, {
      format: 'aiken',
      text: 'Which is a verb?\nA. run\nB. red\nC. rapid\nANSWER: A\n',
      level: 'A1',
      skill: 'grammar',
      unit: 'Starter',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().questions).toEqual([
      expect.objectContaining({
        line: 1,
        type: 'choice',
        level: 'A1',
        skill: 'grammar',
        unit: 'Starter',
      }),
    ]);
  });

  it('names each refused block by its line, and never answers a 500 for any text', async () => {
    const res = await t.call('previewQuestionImport', teacher, { format: 'gift', text: BROKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().questions).toHaveLength(3);
    expect(res.json().refused).toEqual([
      expect.objectContaining({ line: 12, reason: expect.any(String) }),
    ]);
    expect(res.json().message).toBe(
      '3 questions will be added to the bank; 1 block is left out: see its line below.',
    );
    for (const text of ['}', '{', '\u0001\u0002garbage', '~'.repeat(10_000), '::t::{']) {
      const odd = await t.call('previewQuestionImport', teacher, { format: 'gift', text });
      expect(odd.statusCode, text.slice(0, 20)).toBe(200);
    }
    const tooLong = await t.callUnchecked('previewQuestionImport', teacher, {
      format: 'gift',
      text: 'x'.repeat(900_001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(
      'The text is too long: at most 900,000 characters. Split it into smaller files.',
    );
  });
});

describe('the import', () => {
  it('writes every question as a new item of the caller’s, with its tags', async () => {
    const before = await countItems();
    const res = await t.call('importQuestions', teacher, { format: 'gift', text: GIFT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: '3 questions were added to the bank.',
      refused: [],
    });
    const ids = res.json().item_ids;
    expect(ids).toHaveLength(3);
    expect(await countItems()).toBe(before + 3);
    const first = (await t.call('getQuizItem', teacher, { item_id: ids[0] as number })).json();
    expect(first.item).toMatchObject({
      type: 'gaps',
      level: 'B1',
      skill: 'grammar',
      unit: 'Unit 3',
      created_by_name: 'Importing Teacher',
      can_edit: true,
      current: { version: 1 },
    });
  });

  it('imports nothing from a text with a refused block unless told to leave it out', async () => {
    const before = await countItems();
    const refused = await t.call('importQuestions', teacher, { format: 'gift', text: BROKEN });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Nothing was imported: 1 block of the text cannot be read. Line 12: A brace { is never closed with }. Fix it, or import the other questions and leave it out.',
    );
    expect(await countItems()).toBe(before);

    const skipping = await t.call('importQuestions', teacher, {
      format: 'gift',
      text: BROKEN,
      skip_refused: true,
    });
    expect(skipping.statusCode, skipping.body).toBe(200);
    expect(skipping.json().message).toBe(
      '3 questions were added to the bank; 1 block is left out: see its line below.',
    );
    expect(await countItems()).toBe(before + 3);

    const nothing = await t.call('importQuestions', teacher, {
      format: 'gift',
      text: 'Just a description, no question.',
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toMatch(/^Nothing was imported: no question in the text/);
  });

  it('is one transaction: a failure at the second half leaves nothing of the first', async () => {
    const before = await countItems();
    const good = (i: number) => ({
      level: 'A2' as const,
      skill: null,
      unit: 'Atomic',
      version: {
        prompt: `Question ${i}`,
        body: { type: 'true_false' },
        key: { type: 'true_false', answer: true },
        points: 1,
      } satisfies ItemVersion,
    });
    // The second half's rows are refused by the database (a version without its points).
    const broken = (i: number) => ({
      ...good(i),
      version: { ...good(i).version, points: null as unknown as number },
    });
    const items = [
      ...Array.from({ length: 10 }, (_, i) => good(i)),
      ...Array.from({ length: 10 }, (_, i) => broken(i + 10)),
    ];
    await expect(insertItems(t.database.db, items, teacher.id, t.clock.now)).rejects.toThrow();
    expect(await countItems()).toBe(before);
  });
});

describe('the export', () => {
  it('writes the filtered bank as GIFT under its tags, which an import reads back alike', async () => {
    await insertItems(
      t.database.db,
      [
        {
          level: 'C1',
          skill: 'vocabulary',
          unit: 'Export unit',
          version: {
            prompt: 'Opposite of generous?',
            body: { type: 'short' },
            key: { type: 'short', accepted: [{ text: 'mean', percent: 100 }], typo: 'none' },
            points: 1,
          },
        },
        {
          level: 'C1',
          skill: 'vocabulary',
          unit: 'Export unit',
          version: {
            prompt: 'Put the words in order.',
            body: {
              type: 'ordering',
              unit: 'words',
              pieces: [
                { id: 'a', text: 'I' },
                { id: 'b', text: 'agree' },
              ],
            },
            key: { type: 'ordering', order: ['a', 'b'] },
            points: 1,
          },
        },
      ],
      teacher.id,
      t.clock.now,
    );
    const res = await t.call('exportQuestionsGift', teacher, { unit: 'Export unit' });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({
      success: true,
      count: 2,
      file_name: 'question-bank-2026-11-22.gift',
    });
    expect(file.gift).toContain('$CATEGORY: C1/Vocabulary/Export unit');
    expect(file.gift).toContain('Opposite of generous?');
    // The ordering item cannot be GIFT: a comment names it rather than dropping it silently.
    expect(file.gift).toMatch(/\/\/.*Put the words in order/);

    const back = await t.call('previewQuestionImport', teacher, {
      format: 'gift',
      text: file.gift,
    });
    expect(back.json().questions).toEqual([
      expect.objectContaining({
        type: 'short',
        prompt: 'Opposite of generous?',
        level: 'C1',
        skill: 'vocabulary',
        unit: 'Export unit',
      }),
    ]);

    const none = await t.call('exportQuestionsGift', teacher, { unit: 'Export unit', level: 'A1' });
    expect(none.json().count).toBe(0);
  });
});
