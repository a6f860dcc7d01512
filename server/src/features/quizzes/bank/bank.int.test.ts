import { quizBankSchemas } from '@academy/contract';
import type { ItemVersion } from '@academy/contract/quizzes/items';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/harness.js';
import { samples } from '../../../test-support/samples.js';
import { insertItems } from './bank-data.js';

/**
 * The question bank's calls on a real server and database (issue 51, points 1, 8 and 10):
 * items and their versions, archive and delete, tags, passages with a recording, GIFT and
 * Aiken import and GIFT export, and who may do what.
 */

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin({ name: 'Bank Admin' });
  teacher = await t.teacher({ name: 'Teacher Tess' });
  otherTeacher = await t.teacher({ name: 'Teacher Otto' });
  student = await t.student();
});
afterAll(() => t.close());

const choice = (prompt: string, right = 'b'): ItemVersion => ({
  prompt,
  body: {
    type: 'choice',
    multiple: false,
    options: [
      { id: 'a', text: 'go' },
      { id: 'b', text: 'went' },
      { id: 'c', text: 'gone' },
    ],
  },
  key: { type: 'choice', credit: { [right]: 100 } },
  points: 1,
});
const short = (prompt: string, answer: string): ItemVersion => ({
  prompt,
  body: { type: 'short' },
  key: { type: 'short', accepted: [{ text: answer, percent: 100 }], typo: 'half' },
  points: 2,
});

async function saveItem(
  as: TestUser,
  fields: {
    item_id?: number;
    level?: string | null;
    skill?: string | null;
    unit?: string | null;
    passage_id?: number | null;
    version: ItemVersion;
  },
) {
  const res = await t.callUnchecked('saveQuizItem', as, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; version: number; new_version: boolean; message: string };
}

/**
 * An answer in an attempt at a quiz, naming `versionId`, written as the taking side writes
 * one: what makes a version "answered".
 */
async function answerWith(versionId: number, by: TestUser = student) {
  const db = t.database.db;
  const now = t.clock.now;
  const quiz = await db
    .insertInto('quizzes')
    .values({
      title: 'Weekly check',
      kind: 'quiz',
      access_start: now - 3_600_000,
      access_end: now + 3_600_000,
      time_limit_seconds: null,
      attempts_allowed: 1,
      counts: 'highest',
      shuffle_items: 0,
      shuffle_options: 0,
      one_per_page: 1,
      review: '{}',
      cards: 'offer',
      out_of: 100,
      bands: null,
      class_id: null,
      practice_for: null,
      created_by: teacher.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attempt = await db
    .insertInto('quiz_attempts')
    .values({
      quiz_id: quiz.id,
      user_id: by.id,
      number: 1,
      layout: '[]',
      started_at: now,
      deadline: now + 3_600_000,
      submitted_at: null,
      closed_by: null,
      hundredths: null,
      out_of: 100,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('quiz_answers')
    .values({
      attempt_id: attempt.id,
      position: 1,
      version_id: versionId,
      response: JSON.stringify({ type: 'choice', chosen: ['a'] }),
      saved_at: now,
      hundredths: 0,
      marked_by: null,
      card_id: null,
    })
    .execute();
  return quiz.id;
}

const getItem = async (as: TestUser, id: number) => {
  const res = await t.call('getQuizItem', as, { item_id: id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item;
};

describe('items and their versions', () => {
  it('creates an item, lists it with its tags and reads it whole, key included', async () => {
    const saved = await saveItem(teacher, {
      level: 'B1',
      skill: 'grammar',
      unit: 'Unit 3',
      version: choice('Yesterday I ___ to school.'),
    });
    expect(saved).toMatchObject({ version: 1, new_version: false });
    expect(saved.message).toBe('The item was added to the bank.');

    const list = await t.call('listQuizItems', otherTeacher, { level: 'B1', q: 'to SCHOOL' });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().items.find((i) => i.id === saved.id);
    expect(row).toMatchObject({
      type: 'choice',
      level: 'B1',
      skill: 'grammar',
      unit: 'Unit 3',
      prompt: 'Yesterday I ___ to school.',
      version: 1,
      archived: false,
      answers: 0,
      created_by_name: 'Teacher Tess',
      // The bank is the academy's: another teacher reads it, and cannot change it.
      can_edit: false,
    });

    const item = await getItem(teacher, saved.id);
    expect(item).toMatchObject({
      can_edit: true,
      current: { version: 1, key: { type: 'choice', credit: { b: 100 } } },
      versions: [{ version: 1, answers: 0 }],
    });
    expect((await getItem(admin, saved.id)).can_edit).toBe(true);
  });

  it('filters by level, skill, unit, type, words and archived, and pages the list', async () => {
    const unit = 'Paging unit';
    await insertItems(
      t.database.db,
      Array.from({ length: 51 }, (_, i) => ({
        level: 'A2' as const,
        skill: 'vocabulary' as const,
        unit,
        version: short(`Paging word ${i}`, `word${i}`),
      })),
      teacher.id,
      t.clock.now,
    );
    const first = await t.call('listQuizItems', teacher, { unit });
    expect(first.json().items).toHaveLength(50);
    expect(first.json()).toMatchObject({ has_more: true, page: 1, page_size: 50 });
    const second = await t.call('listQuizItems', teacher, { unit, page: 2 });
    expect(second.json().items).toHaveLength(1);
    expect(second.json().has_more).toBe(false);

    const byType = await t.call('listQuizItems', teacher, { unit, type: 'choice' });
    expect(byType.json().items).toEqual([]);
    const bySkill = await t.call('listQuizItems', teacher, { unit, skill: 'grammar' });
    expect(bySkill.json().items).toEqual([]);
    const byWords = await t.call('listQuizItems', teacher, { unit, q: 'word 50' });
    expect(byWords.json().items.map((i) => i.prompt)).toEqual(['Paging word 50']);
    // LIKE's own characters are taken literally.
    const percent = await t.call('listQuizItems', teacher, { unit, q: '%' });
    expect(percent.json().items).toEqual([]);
    const mine = await t.call('listQuizItems', otherTeacher, { unit, mine: '1' });
    expect(mine.json().items).toEqual([]);

    const bad = await t.callUnchecked('listQuizItems', teacher, { level: 'Z9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('level must be a CEFR level from A1 to C2');
  });

  it('refuses a key that does not fit its body, in the editor’s words', async () => {
    const version = choice('Which is right?');
    const res = await t.callUnchecked('saveQuizItem', teacher, {
      version: { ...version, key: { type: 'choice', credit: { a: 50, z: 100 } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The key gives credit to an option the item lacks.');

    const wrongKind = await t.callUnchecked('saveQuizItem', teacher, {
      version: { ...version, key: { type: 'true_false', answer: true } },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe('The answer key is for another kind of item.');

    const noFull = await t.callUnchecked('saveQuizItem', teacher, {
      version: short('Spell it', 'colour'),
      level: 'B7',
    });
    expect(noFull.statusCode).toBe(400);
    expect(noFull.json().message).toBe('level must be a CEFR level from A1 to C2');
  });

  it('saves in place while no answer names the current version', async () => {
    const { id } = await saveItem(teacher, { version: choice('Past of go?') });
    const saved = await saveItem(teacher, {
      item_id: id,
      level: 'A2',
      version: choice('The past of go?', 'b'),
    });
    expect(saved).toMatchObject({ id, version: 1, new_version: false, message: 'Saved.' });
    const item = await getItem(teacher, id);
    expect(item).toMatchObject({ level: 'A2', current: { version: 1, prompt: 'The past of go?' } });
    expect(item.versions).toHaveLength(1);
  });

  it('saves as a new version once an answer names the current one; the attempt keeps its own', async () => {
    const { id } = await saveItem(teacher, { version: choice('Past of see?', 'a') });
    const first = await getItem(teacher, id);
    await answerWith(first.current.id);

    const saved = await saveItem(teacher, { item_id: id, version: choice('Past of see?', 'c') });
    expect(saved).toMatchObject({ id, version: 2, new_version: true });
    expect(saved.message).toBe(
      'Saved as version 2: attempts that answered version 1 keep it, and new quizzes draw this one.',
    );
    const item = await getItem(teacher, id);
    expect(item.current).toMatchObject({ version: 2, key: { credit: { c: 100 } } });
    expect(
      item.versions.map((v: { version: number; answers: number }) => [v.version, v.answers]),
    ).toEqual([
      [2, 0],
      [1, 1],
    ]);
    // The answered version is as it was.
    const old = await t.database.db
      .selectFrom('quiz_item_versions')
      .select('key')
      .where('id', '=', first.current.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(old.key)).toEqual({ type: 'choice', credit: { a: 100 } });

    // Version 2 is not answered yet: the next save changes it in place.
    const again = await saveItem(teacher, { item_id: id, version: choice('Past of see?', 'b') });
    expect(again).toMatchObject({ version: 2, new_version: false });

    // An answered item keeps its kind.
    const otherKind = await t.callUnchecked('saveQuizItem', teacher, {
      item_id: id,
      version: short('Past of see?', 'saw'),
    });
    expect(otherKind.statusCode).toBe(200);
    await answerWith((await getItem(teacher, id)).current.id);
    const refused = await t.callUnchecked('saveQuizItem', teacher, {
      item_id: id,
      version: choice('Past of see?'),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Students have answered this item as short answer: to ask it as another kind of question, make a new item.',
    );
  });

  it('lets a teacher change only their own items; an administrator any', async () => {
    const { id } = await saveItem(teacher, { version: choice('Whose item?') });
    const res = await t.callUnchecked('saveQuizItem', otherTeacher, {
      item_id: id,
      version: choice('Mine now?'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Only the teacher who wrote this item, or an administrator, can change it. You can copy it into a new item of your own.',
    );
    for (const call of ['archiveQuizItem', 'deleteQuizItem'] as const) {
      const refused = await t.callUnchecked(call, otherTeacher, { item_id: id, archived: true });
      expect(refused.statusCode, call).toBe(403);
    }
    expect((await getItem(teacher, id)).current.prompt).toBe('Whose item?');
    await saveItem(admin, { item_id: id, version: choice('An admin edits anything.') });
    expect((await getItem(teacher, id)).current.prompt).toBe('An admin edits anything.');

    const gone = await t.callUnchecked('saveQuizItem', teacher, {
      item_id: 2_000_000_000,
      version: choice('Nothing'),
    });
    expect(gone.statusCode).toBe(404);
    const noPassage = await t.callUnchecked('saveQuizItem', teacher, {
      passage_id: 2_000_000_000,
      version: choice('On nothing'),
    });
    expect(noPassage.statusCode).toBe(400);
    expect(noPassage.json().message).toBe(
      'That passage no longer exists: choose another, or none.',
    );
  });

  it('archives and restores; archived items leave the list and the tag counts', async () => {
    const unit = 'Archive unit';
    const { id } = await saveItem(teacher, {
      level: 'C1',
      skill: 'reading',
      unit,
      version: choice('To archive'),
    });
    const counted = async () =>
      (await t.call('quizBankTags', teacher, {})).json().counts.find((c) => c.unit === unit)
        ?.count ?? 0;
    expect(await counted()).toBe(1);

    const archived = await t.call('archiveQuizItem', teacher, { item_id: id, archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await t.call('listQuizItems', teacher, { unit })).json().items).toEqual([]);
    const inArchive = await t.call('listQuizItems', teacher, { unit, archived: '1' });
    expect(inArchive.json().items.map((i) => [i.id, i.archived])).toEqual([[id, true]]);
    expect(await counted()).toBe(0);
    expect((await t.call('quizBankTags', teacher, {})).json().units).not.toContain(unit);

    await t.call('archiveQuizItem', teacher, { item_id: id, archived: false });
    expect((await t.call('listQuizItems', teacher, { unit })).json().items).toHaveLength(1);
    expect(await counted()).toBe(1);
  });

  it('counts items per level × skill × unit for the quiz builder’s draws', async () => {
    await insertItems(
      t.database.db,
      [
        ...Array.from({ length: 3 }, (_, i) => ({
          level: 'B2' as const,
          skill: 'grammar' as const,
          unit: 'Tags unit',
          version: short(`Tag ${i}`, 'x'),
        })),
        {
          level: 'B2' as const,
          skill: 'listening' as const,
          unit: 'Tags unit',
          version: short('T', 'y'),
        },
      ],
      teacher.id,
      t.clock.now,
    );
    const tags = (await t.call('quizBankTags', otherTeacher, {})).json();
    expect(tags.units).toContain('Tags unit');
    expect(tags.counts.filter((c) => c.unit === 'Tags unit')).toEqual([
      { level: 'B2', skill: 'grammar', unit: 'Tags unit', count: 3 },
      { level: 'B2', skill: 'listening', unit: 'Tags unit', count: 1 },
    ]);
  });

  it('deletes an item no attempt used; refuses one used, or named by a quiz, in words', async () => {
    const { id } = await saveItem(teacher, { version: choice('Delete me') });
    const deleted = await t.call('deleteQuizItem', teacher, { item_id: id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.call('getQuizItem', teacher, { item_id: id })).statusCode).toBe(404);
    expect(
      await t.database.db
        .selectFrom('quiz_item_versions')
        .select('id')
        .where('item_id', '=', id)
        .execute(),
    ).toEqual([]);

    const used = await saveItem(teacher, { version: choice('Used twice') });
    const versionId = (await getItem(teacher, used.id)).current.id;
    await answerWith(versionId);
    await answerWith(versionId);
    const refused = await t.call('deleteQuizItem', teacher, { item_id: used.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: 'This item is used by 2 attempts: archive it instead of deleting it.',
    });
    expect((await t.call('getQuizItem', teacher, { item_id: used.id })).statusCode).toBe(200);

    const fixed = await saveItem(teacher, { version: choice('In a quiz') });
    const quizId = await answerWith((await getItem(teacher, used.id)).current.id);
    await t.database.db
      .insertInto('quiz_parts')
      .values({ quiz_id: quizId, position: 1, item_id: fixed.id })
      .execute();
    const inQuiz = await t.call('deleteQuizItem', teacher, { item_id: fixed.id });
    expect(inQuiz.statusCode).toBe(409);
    expect(inQuiz.json().message).toBe(
      'This item is in 1 quiz: take it out of it first, or archive it instead of deleting it.',
    );
  });
});

describe('passages', () => {
  it('saves a text, lets items stand on it, and deletes it only once none does', async () => {
    const saved = await t.callUnchecked('saveQuizPassage', teacher, {
      kind: 'text',
      title: 'A day in London',
      text: 'Tom woke up early. He took the bus to work.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const passageId = saved.json().id as number;
    const item = await saveItem(teacher, {
      passage_id: passageId,
      version: choice('What did Tom take?'),
    });
    expect((await getItem(teacher, item.id)).passage).toEqual({
      id: passageId,
      kind: 'text',
      title: 'A day in London',
    });
    const list = await t.call('listQuizPassages', otherTeacher, { q: 'london' });
    expect(list.json().passages).toEqual([
      expect.objectContaining({
        id: passageId,
        kind: 'text',
        text: 'Tom woke up early. He took the bus to work.',
        file_url: null,
        items: 1,
        can_edit: false,
      }),
    ]);

    const refused = await t.call('deleteQuizPassage', teacher, { passage_id: passageId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '1 item stands on this passage: give it another passage, or none, before deleting it.',
    );
    const notYours = await t.call('deleteQuizPassage', otherTeacher, { passage_id: passageId });
    expect(notYours.statusCode).toBe(403);

    await saveItem(teacher, { item_id: item.id, passage_id: null, version: choice('Free') });
    const deleted = await t.call('deleteQuizPassage', teacher, { passage_id: passageId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.call('listQuizPassages', teacher, { q: 'london' })).json().passages).toEqual(
      [],
    );
  });

  it('keeps the text students answered against; its title may still change', async () => {
    const text = 'Anna lives in Rome. She teaches maths.';
    const saved = await t.callUnchecked('saveQuizPassage', teacher, {
      kind: 'text',
      title: 'Anna',
      text,
    });
    const passageId = String(saved.json().id);
    const item = await saveItem(teacher, {
      passage_id: Number(passageId),
      version: choice('Where does Anna live?'),
    });
    await answerWith((await getItem(teacher, item.id)).current.id);

    const changed = await t.callUnchecked('saveQuizPassage', teacher, {
      passage_id: passageId,
      kind: 'text',
      title: 'Anna',
      text: 'Anna lives in Milan.',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      'Students have answered items on this passage, so its text and recording stay as they read them: add a new passage for another text, and give it to new items.',
    );
    const renamed = await t.callUnchecked('saveQuizPassage', teacher, {
      passage_id: passageId,
      kind: 'text',
      title: 'Anna in Rome',
      text,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [row] = (await t.call('listQuizPassages', teacher, { q: 'anna in' })).json().passages;
    expect(row).toMatchObject({ title: 'Anna in Rome', text });
  });

  it('refuses a text passage without text or with a recording, and a play limit past 10', async () => {
    const empty = await t.callUnchecked('saveQuizPassage', teacher, { kind: 'text', title: 'T' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please write the passage’s text.');
    const withFile = await t.callUnchecked('saveQuizPassage', teacher, {
      kind: 'text',
      title: 'T',
      text: 'Words',
      recording: { filename: 'a.wav', content: samples.wav },
    });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json().message).toBe(
      'A text passage takes no recording: choose Recording to upload one.',
    );
    const tooMany = await t.callUnchecked('saveQuizPassage', teacher, {
      kind: 'recording',
      title: 'R',
      play_limit: '11',
      recording: { filename: 'a.wav', content: samples.wav },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('play_limit must be at most 10');
    const noFile = await t.callUnchecked('saveQuizPassage', teacher, {
      kind: 'recording',
      title: 'R',
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please upload the recording.');
    const notAudio = await t.callUnchecked('saveQuizPassage', teacher, {
      kind: 'recording',
      title: 'R',
      recording: { filename: 'a.wav', content: samples.pdf },
    });
    expect(notAudio.statusCode).toBe(415);
    expect(
      await t.database.db
        .selectFrom('quiz_passages')
        .select('id')
        .where('title', 'in', ['T', 'R'])
        .execute(),
    ).toEqual([]);
  });

  it('stores a recording as the app’s other audio, signs its link, and removes it with the passage', async () => {
    const saved = await t.callUnchecked('saveQuizPassage', teacher, {
      kind: 'recording',
      title: 'At the station',
      play_limit: '2',
      recording: { filename: 'station.wav', content: samples.wav },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const passageId = saved.json().id as number;
    const [row] = (await t.call('listQuizPassages', teacher, { q: 'station' })).json().passages;
    expect(row).toMatchObject({ kind: 'recording', play_limit: 2, text: null, items: 0 });
    expect(row?.file_name).toMatch(/\.wav$/);
    expect(row?.file_url).toMatch(/^files\/\d+\?exp=\d+&u=\d+&sig=/);
    const download = await t.inject({ method: 'GET', url: `/api/${row?.file_url}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(samples.wav)).toBe(true);

    // An edit without a recording keeps it; a new one replaces it, row and bytes.
    const fileOf = async () =>
      (
        await t.database.db
          .selectFrom('quiz_passages')
          .select('file_id')
          .where('id', '=', passageId)
          .executeTakeFirstOrThrow()
      ).file_id;
    const first = await fileOf();
    expect(row?.file_url).toMatch(new RegExp(`^files/${first}\\?`));
    const kept = await t.callUnchecked('saveQuizPassage', teacher, {
      passage_id: String(passageId),
      kind: 'recording',
      title: 'At the station (A2)',
      play_limit: '3',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await fileOf()).toBe(first);
    const replaced = await t.callUnchecked('saveQuizPassage', teacher, {
      passage_id: String(passageId),
      kind: 'recording',
      title: 'At the station (A2)',
      play_limit: '3',
      recording: { filename: 'station2.wav', content: samples.wavOfSeconds(2) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const storedIds = async () =>
      (await t.database.db.selectFrom('stored_files').select('id').execute()).map((f) => f.id);
    const now = await fileOf();
    expect(now).not.toBe(first);
    expect(await storedIds()).not.toContain(first);
    expect(await storedIds()).toContain(now);

    const deleted = await t.call('deleteQuizPassage', teacher, { passage_id: passageId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedIds()).not.toContain(now);
  });

  it('versions the passage: an answered item moved to another gets a new version, the old one keeps its own', async () => {
    const passage = async (title: string, text: string) => {
      const res = await t.callUnchecked('saveQuizPassage', teacher, { kind: 'text', title, text });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    const lisbon = await passage('Lisbon trip', 'Maria flew to Lisbon on Monday.');
    const porto = await passage('Porto trip', 'Maria took the train to Porto.');
    const item = await saveItem(teacher, {
      passage_id: lisbon,
      version: choice('Where did Maria go?'),
    });
    const first = await getItem(teacher, item.id);
    await answerWith(first.current.id);

    // The same question on another passage is another question: version 2.
    const moved = await saveItem(teacher, {
      item_id: item.id,
      passage_id: porto,
      version: choice('Where did Maria go?'),
    });
    expect(moved).toMatchObject({ id: item.id, version: 2, new_version: true });
    const now = await getItem(teacher, item.id);
    expect(now.passage).toEqual({ id: porto, kind: 'text', title: 'Porto trip' });
    const versions = await t.database.db
      .selectFrom('quiz_item_versions')
      .select(['version', 'passage_id'])
      .where('item_id', '=', item.id)
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      { version: 1, passage_id: lisbon },
      { version: 2, passage_id: porto },
    ]);
    const [row] = (await t.call('listQuizItems', teacher, { q: 'Where did Maria go' })).json()
      .items;
    expect(row).toMatchObject({ passage_id: porto, passage_title: 'Porto trip', version: 2 });

    // Lisbon carries no current item any more, but version 1, answered, still stands on it.
    const passages = (await t.call('listQuizPassages', teacher, { q: 'trip' })).json().passages;
    expect(passages.map((p: { title: string; items: number }) => [p.title, p.items])).toEqual([
      ['Porto trip', 1],
      ['Lisbon trip', 0],
    ]);
    const kept = await t.call('deleteQuizPassage', teacher, { passage_id: lisbon });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(
      'Earlier versions of 1 item stand on this passage, and the attempts that drew them show it as it was: it stays.',
    );
    // Its text is what version 1's students read: it does not change either.
    const rewritten = await t.callUnchecked('saveQuizPassage', teacher, {
      passage_id: String(lisbon),
      kind: 'text',
      title: 'Lisbon trip',
      text: 'Maria flew to Madrid.',
    });
    expect(rewritten.statusCode).toBe(409);
  });
});

describe('access', () => {
  it('refuses students every call of the bank, and changes nothing', async () => {
    expect(Object.keys(quizBankSchemas)).toHaveLength(14);
    const before = await t.database.db
      .selectFrom('quiz_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const name of Object.keys(quizBankSchemas) as (keyof typeof quizBankSchemas)[]) {
      const res = await t.callUnchecked(name, student, { item_id: 1, passage_id: 1 });
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message, name).toBe('Only administrators and teachers can do this.');
    }
    const after = await t.database.db
      .selectFrom('quiz_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('logs every bank write under its author', async () => {
    const { id } = await saveItem(teacher, { version: choice('Logged') });
    await t.call('archiveQuizItem', teacher, { item_id: id, archived: true });
    const log = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name', 'details'])
      .where('actor_id', '=', teacher.id)
      .where('action', 'in', ['saveQuizItem', 'archiveQuizItem'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(log.map((e) => e.action)).toEqual(['archiveQuizItem', 'saveQuizItem']);
    expect(JSON.parse(log[0]?.details ?? '{}')).toEqual({ item_id: id, archived: true });
  });
});
