import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as submissionCorrectedAt } from '../../db/migrations/0025-submission-corrected-at.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';
import { createSubmission } from '../submissions/submissions-data.js';
import { createCorrection, deleteCorrection } from './corrections-data.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const MINUTE = 60_000;

/**
 * The inbox's rule worked out in plain code from every row (docs/decisions.md, "Work that
 * connects"): a submission's first answer is the earliest correction naming it, or naming none
 * and sent to its student at or after it arrived. Each submission's stored `corrected_at` beside
 * what the rule says it must be.
 */
async function storedAndRule(app: Pick<TestApp, 'database'>) {
  const db = app.database.db;
  const submissions = await db
    .selectFrom('submissions')
    .select(['id', 'user_id', 'created_at', 'corrected_at'])
    .orderBy('id')
    .execute();
  const corrections = await db
    .selectFrom('corrections')
    .select(['user_id', 'submission_id', 'created_at'])
    .execute();
  const firstAnswer = (s: (typeof submissions)[number]) => {
    const answers = corrections
      .filter(
        (c) =>
          c.submission_id === s.id ||
          (c.submission_id === null && c.user_id === s.user_id && c.created_at >= s.created_at),
      )
      .map((c) => c.created_at);
    return answers.length ? Math.min(...answers) : null;
  };
  return {
    stored: submissions.map((s) => ({ id: s.id, corrected_at: s.corrected_at })),
    rule: submissions.map((s) => ({ id: s.id, corrected_at: firstAnswer(s) })),
  };
}

async function expectKept(): Promise<void> {
  const { stored, rule } = await storedAndRule(t);
  expect(stored).toEqual(rule);
}

/** What the administrator reads: a student's new work in the inbox, and the dashboard's count. */
async function seenNew(student: TestUser): Promise<number[]> {
  const inbox = await t.call('sendToInbox', admin.token, { user_id: student.id, state: 'new' });
  expect(inbox.statusCode, inbox.body).toBe(200);
  return (inbox.json().assignments as { id: number }[]).map((s) => s.id);
}
async function newCount(): Promise<number> {
  return Number((await t.call('getAdminCounts', admin.token, {})).json().new_submissions);
}

describe("a submission's corrected_at, kept by every write (migration 0025)", () => {
  it('follows handing in, correcting, re-correcting and deleting corrections through the calls', async () => {
    const start = t.clock.now;
    const at = (minutes: number) => {
      t.clock.now = start + minutes * MINUTE;
      return t.clock.now;
    };
    const a = await t.student({ name: 'Kept Ada' });
    const b = await t.student({ name: 'Kept Bea' });
    const handIn = async (student: TestUser, subject: string) => {
      const res = await t.call('uploadAssignment', student.token, {
        user_id: student.id,
        subject,
        'files[]': [{ filename: 'work.pdf', content: samples.pdf, type: 'application/pdf' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await t.database.db
        .selectFrom('submissions')
        .select('id')
        .where('user_id', '=', student.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const correct = async (student: TestUser, submissionId?: number) => {
      const res = await t.call('sendCorrection', admin.token, {
        user_id: student.id,
        title: 'Feedback',
        ...(submissionId ? { submission_id: submissionId } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await t.database.db
        .selectFrom('corrections')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const remove = async (id: number) => {
      const res = await t.call('deleteCorrection', admin.token, { id });
      expect(res.statusCode, res.body).toBe(200);
    };
    const countBefore = await newCount();

    at(0);
    const s1 = await handIn(a, 'First');
    at(1);
    const s2 = await handIn(a, 'Second');
    const b1 = await handIn(b, 'Bea first');
    await expectKept();
    expect(await seenNew(a)).toEqual([s2, s1]);
    expect(await newCount()).toBe(countBefore + 3);

    // A correction naming none answers the student's work so far, not another student's.
    at(2);
    const c1 = await correct(a);
    await expectKept();
    expect(await seenNew(a)).toEqual([]);
    expect(await seenNew(b)).toEqual([b1]);

    // Work arriving after it is new; a correction naming it answers it alone.
    at(3);
    const s3 = await handIn(a, 'Third');
    expect(await seenNew(a)).toEqual([s3]);
    at(4);
    const c2 = await correct(a, s3);
    // Re-correcting: a second answer, named or not, leaves the first answer's instant.
    at(5);
    const c3 = await correct(a, s3);
    at(6);
    const c4 = await correct(a);
    await expectKept();
    expect(await seenNew(a)).toEqual([]);

    // Deleting the first answer falls back to the next one; deleting every answer makes it new.
    await remove(c2);
    await expectKept();
    await remove(c1);
    await expectKept();
    await remove(c4);
    await expectKept();
    expect(await seenNew(a)).toEqual([s2, s1]);
    await remove(c3);
    await expectKept();
    expect(await seenNew(a)).toEqual([s3, s2, s1]);
    expect(await newCount()).toBe(countBefore + 4);

    // Another instance's clock ahead: work handed in before a correction's instant, after it
    // was written, is answered by it.
    at(10);
    await correct(a);
    at(9);
    const s4 = await handIn(a, 'Late clock');
    await expectKept();
    expect(await seenNew(a)).not.toContain(s4);
    expect(await newCount()).toBe(countBefore + 1);
  });

  it('holds for any order of handing in, correcting and deleting, at any instants', async () => {
    const students = [await t.student(), await t.student()];
    const db = t.database.db;
    const op = fc.oneof(
      fc.record({ kind: fc.constant('hand in' as const), who: fc.nat(1), at: fc.nat(20) }),
      fc.record({
        kind: fc.constant('correct' as const),
        who: fc.nat(1),
        at: fc.nat(20),
        // Which of the student's submissions it names, if any.
        names: fc.option(fc.nat(9)),
      }),
      fc.record({ kind: fc.constant('delete' as const), which: fc.nat(9) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const ids = students.map((s) => s.id);
        // Each run starts from two students with nothing handed in or corrected.
        await db.deleteFrom('corrections').where('user_id', 'in', ids).execute();
        await db.deleteFrom('submissions').where('user_id', 'in', ids).execute();
        await db.deleteFrom('stored_files').where('uploaded_by', 'in', ids).execute();
        const handedIn: number[][] = [[], []];
        const sent: number[] = [];
        for (const o of ops) {
          if (o.kind === 'hand in') {
            const id = await createSubmission(
              db,
              {
                userId: ids[o.who] as number,
                uploadedBy: ids[o.who] as number,
                subject: 'W',
                description: '',
                // A file's row (its bytes are not read here).
                files: [
                  {
                    field: 'files[]',
                    storageKey: randomUUID(),
                    fileName: 'w.pdf',
                    mimeType: 'application/pdf',
                    size: 1,
                  },
                ],
              },
              t.clock.now + o.at * MINUTE,
            );
            handedIn[o.who]?.push(id);
          } else if (o.kind === 'correct') {
            const own = handedIn[o.who] ?? [];
            const named = o.names === null || own.length === 0 ? null : own[o.names % own.length];
            sent.push(
              await createCorrection(
                db,
                {
                  userId: ids[o.who] as number,
                  title: 'C',
                  description: '',
                  files: [],
                  adminId: admin.id,
                  submissionId: named ?? null,
                },
                t.clock.now + o.at * MINUTE,
                t.app.deps.tell,
              ),
            );
          } else if (sent.length > 0) {
            const [id] = sent.splice(o.which % sent.length, 1);
            await deleteCorrection(db, id as number);
          }
        }
        const { stored, rule } = await storedAndRule(t);
        expect(stored).toEqual(rule);
      }),
      { numRuns: 25 },
    );
  });
});

describe('migration 0025 on an academy with history', () => {
  it("gives every submission its first answer's instant, and new work none", async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.database.db;
      // The academy as it was before the migration: no column, no index.
      await db.schema.dropIndex('submissions_new_time').execute();
      await sql`alter table submissions drop column corrected_at`.execute(db);
      const [a, b] = [await fresh.student(), await fresh.student()];
      const t0 = fresh.clock.now;
      const work = async (userId: number, minutes: number) =>
        (
          await db
            .insertInto('submissions')
            .values({
              user_id: userId,
              subject: 'W',
              description: '',
              created_at: t0 + minutes * MINUTE,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const answer = (userId: number, minutes: number, submissionId: number | null) =>
        db
          .insertInto('corrections')
          .values({
            user_id: userId,
            title: 'C',
            description: '',
            created_at: t0 + minutes * MINUTE,
            created_by: null,
            submission_id: submissionId,
          })
          .execute();
      const a1 = await work(a.id, 0);
      const a2 = await work(a.id, 2);
      await work(a.id, 5);
      const b1 = await work(b.id, 1);
      await answer(a.id, 3, null); // answers a1 and a2
      await answer(a.id, 1, a2); // a2's earlier, named answer
      await answer(a.id, 4, a1); // later than a1's first answer
      await answer(b.id, 0, null); // before b1: not an answer
      await answer(b.id, 6, b1);

      await submissionCorrectedAt(db);

      const { stored, rule } = await storedAndRule(fresh);
      expect(stored).toEqual(rule);
      expect(stored.filter((s) => s.corrected_at === null)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
