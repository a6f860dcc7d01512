import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/dialect.js';
import { up as termsMigration } from '../../db/migrations/0030-terms.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 30, point 2: the academy's terms, set in Settings. No two share a day or a name; the
 * current term is the one holding the academy's today (its time zone's).
 */

let t: TestApp;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  // 21:00 UTC on 22 November: still the 22nd in UTC, already the 23rd in Tehran (UTC+3:30).
  t = await createTestApp({ startAt: Date.UTC(2026, 10, 22, 21, 0) });
  admin = await t.admin();
  student = await t.student();
});
afterAll(() => t.close());

const save = (term: Record<string, unknown>) => t.callUnchecked('saveTerm', admin.token, term);
const list = async (as = admin) => (await t.call('listTerms', as.token, {})).json();

describe('terms', () => {
  it('starts with none; an administrator adds, changes and deletes them, earliest first', async () => {
    expect(await list()).toEqual({ success: true, terms: [], current_term_id: null });
    const spring = await save({
      name: ' Spring 2027 ',
      first_day: '2027-01-10',
      last_day: '2027-05-30',
    });
    expect(spring.statusCode).toBe(200);
    expect(spring.json().message).toBe('Term “Spring 2027” added (2027-01-10 to 2027-05-30).');
    const autumn = (
      await save({ name: 'Autumn 2026', first_day: '2026-09-01', last_day: '2026-12-20' })
    ).json();
    // Today (2026-11-22 in UTC) is in Autumn: it is the current term, for a student too.
    expect(await list(student)).toEqual({
      success: true,
      terms: [
        { id: autumn.id, name: 'Autumn 2026', first_day: '2026-09-01', last_day: '2026-12-20' },
        {
          id: spring.json().id,
          name: 'Spring 2027',
          first_day: '2027-01-10',
          last_day: '2027-05-30',
        },
      ],
      current_term_id: autumn.id,
    });
    const changed = await save({
      id: autumn.id,
      name: 'Autumn',
      first_day: '2026-09-01',
      last_day: '2026-11-21',
    });
    expect(changed.json()).toMatchObject({
      id: autumn.id,
      message: 'Term “Autumn” saved (2026-09-01 to 2026-11-21).',
    });
    // Ended yesterday: no current term.
    expect((await list()).current_term_id).toBeNull();
    const deleted = await t.call('deleteTerm', admin.token, { id: autumn.id });
    expect(deleted.json().message).toBe('Term “Autumn” deleted.');
    expect((await list()).terms.map((x) => x.name)).toEqual(['Spring 2027']);
    const again = await t.call('deleteTerm', admin.token, { id: autumn.id });
    expect([again.statusCode, again.json().message]).toEqual([404, 'No such term.']);
    const gone = await save({
      id: autumn.id,
      name: 'X',
      first_day: '2030-01-01',
      last_day: '2030-01-02',
    });
    expect([gone.statusCode, gone.json().message]).toEqual([404, 'No such term.']);
    // Each change is in the audit log.
    const log = (await t.call('auditLog', admin.token, { action: 'deleteTerm' })).json();
    expect(log.entries).toHaveLength(1);
    await t.call('deleteTerm', admin.token, { id: spring.json().id });
  });

  it('refuses, in words, a missing or long name, days that are no days or out of order', async () => {
    const refusal = async (term: Record<string, unknown>) => {
      const res = await save(term);
      return [res.statusCode, res.json().message];
    };
    const days = { first_day: '2026-09-01', last_day: '2026-12-20' };
    expect(await refusal({ name: '  ', ...days })).toEqual([400, 'Please enter the term’s name.']);
    expect(await refusal({ ...days })).toEqual([400, 'Please enter the term’s name.']);
    expect(await refusal({ name: 'x'.repeat(61), ...days })).toEqual([
      400,
      'The term’s name must be at most 60 characters.',
    ]);
    expect(await refusal({ name: 'T', ...days, first_day: '2026-02-30' })).toEqual([
      400,
      'The first day must be a date, such as 2026-09-01.',
    ]);
    expect(await refusal({ name: 'T', ...days, last_day: 'soon' })).toEqual([
      400,
      'The last day must be a date, such as 2026-12-31.',
    ]);
    expect(await refusal({ name: 'T', first_day: '2026-12-21', last_day: '2026-12-20' })).toEqual([
      400,
      'The last day must not come before the first day.',
    ]);
    expect((await list()).terms).toEqual([]);
  });

  it('refuses a term sharing a day or a name with another, naming it', async () => {
    const autumn = (
      await save({ name: 'Autumn 2026', first_day: '2026-09-01', last_day: '2026-12-20' })
    ).json();
    const overlap = await save({ name: 'Winter', first_day: '2026-12-20', last_day: '2027-02-01' });
    expect([overlap.statusCode, overlap.json().message]).toEqual([
      409,
      'These days overlap the term “Autumn 2026” (2026-09-01 to 2026-12-20).',
    ]);
    const named = await save({
      name: 'AUTUMN 2026',
      first_day: '2027-09-01',
      last_day: '2027-12-20',
    });
    expect([named.statusCode, named.json().message]).toEqual([
      409,
      'There is already a term named “Autumn 2026”.',
    ]);
    const winter = (
      await save({ name: 'Winter', first_day: '2026-12-21', last_day: '2027-02-01' })
    ).json();
    // Changing a term into another's days is refused too; its own days are its own.
    const moved = await save({
      id: winter.id,
      name: 'Winter',
      first_day: '2026-12-01',
      last_day: '2027-02-01',
    });
    expect(moved.statusCode).toBe(409);
    expect(
      (
        await save({
          id: autumn.id,
          name: 'Autumn 2026',
          first_day: '2026-08-25',
          last_day: '2026-12-20',
        })
      ).statusCode,
    ).toBe(200);
    for (const id of [autumn.id, winter.id]) await t.call('deleteTerm', admin.token, { id });
  });

  it('chooses the current term on the academy’s clock, not the server’s', async () => {
    const term = (
      await save({ name: 'From the 23rd', first_day: '2026-11-23', last_day: '2026-12-31' })
    ).json();
    expect((await list()).current_term_id).toBeNull();
    await t.call('saveSettings', admin.token, { time_zone: 'Asia/Tehran' });
    expect((await list()).current_term_id).toBe(term.id);
    await t.call('saveSettings', admin.token, { time_zone: 'UTC' });
    await t.call('deleteTerm', admin.token, { id: term.id });
  });

  it('students and teachers may read the terms, never change them', async () => {
    const teacher = await t.teacher({ name: 'Term Teacher' });
    expect((await t.call('listTerms', teacher.token, {})).statusCode).toBe(200);
    for (const as of [student, teacher]) {
      const res = await t.call('saveTerm', as.token, {
        name: 'Mine',
        first_day: '2026-01-01',
        last_day: '2026-01-02',
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await list()).terms).toEqual([]);
  });
});

describe('migration 0030-terms', () => {
  /**
   * The database as it was before 0030: no terms table. Later tables name terms (the results
   * of 0032): PostgreSQL drops their foreign keys with it (cascade); SQLite does not check them
   * on a drop.
   */
  const dropTerms = (db: typeof t.database.db) =>
    dialectOf(db) === 'postgres'
      ? db.schema.dropTable('terms').cascade().execute()
      : db.schema.dropTable('terms').execute();

  it('moves a saved term start into one term of four months, and drops the column', async () => {
    const db = t.database.db;
    // The database as it was before: no terms table, a term start saved.
    await dropTerms(db);
    await db.schema.alterTable('academy_settings').addColumn('term_starts', 'text').execute();
    await sql`update academy_settings set term_starts = '2026-10-31' where id = 1`.execute(db);
    await termsMigration(db);
    const terms = await db.selectFrom('terms').select(['name', 'first_day', 'last_day']).execute();
    // Four months on from 31 October is 28 February (no 31st): the term ends the day before.
    expect(terms).toEqual([
      { name: 'Current term', first_day: '2026-10-31', last_day: '2027-02-27' },
    ]);
    // The column is gone (the table, as this database names it, has no such column).
    await expect(sql`select term_starts from academy_settings`.execute(db)).rejects.toThrow();
    expect((await list()).current_term_id).not.toBeNull();
    await db.deleteFrom('terms').execute();
  });

  it('makes no term where none was saved', async () => {
    const db = t.database.db;
    await dropTerms(db);
    await db.schema.alterTable('academy_settings').addColumn('term_starts', 'text').execute();
    await termsMigration(db);
    expect(await db.selectFrom('terms').selectAll().execute()).toEqual([]);
  });
});
