import { INBOX_PAGE_SIZE, type SubmissionState } from '@academy/contract';
import { taughtStudents, type Within } from '../../auth/reach.js';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import { formatTimestamp } from '../../db/time.js';
import { recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';
import {
  answeringCorrection,
  holdStudentWork,
  settleCorrectedAt,
} from '../corrections/corrections-data.js';

/** A submission and its files, in one transaction. */
export async function createSubmission(
  db: Db,
  submission: {
    userId: number;
    uploadedBy: number;
    subject: string;
    description: string;
    files: ReceivedFile[];
    /** The student's own assignment it answers, checked by the caller; null: none. */
    assignmentId?: number | null;
  },
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await holdStudentWork(trx, submission.userId);
    const row = await trx
      .insertInto('submissions')
      .values({
        user_id: submission.userId,
        subject: submission.subject,
        description: submission.description,
        created_at: now,
        assignment_id: submission.assignmentId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await settleCorrectedAt(trx, { submissionId: row.id });
    const fileIds = await recordFiles(trx, submission.files, submission.uploadedBy, now);
    await trx
      .insertInto('submission_files')
      .values(
        fileIds.map((fileId, position) => ({ submission_id: row.id, file_id: fileId, position })),
      )
      .execute();
    return row.id;
  });
}

export interface InboxFilter {
  /** Part of the student's name. */
  q?: string;
  userId?: number;
  state: 'all' | SubmissionState;
  /** Arrived at or after this instant. */
  from?: number;
  /** Arrived before this instant. */
  before?: number;
  page: number;
  /** A teacher: their classes' students only. */
  within?: Within;
}

/**
 * The inbox: newest first, by part of the student's name, one student, new or corrected, a
 * span of time, a page at a time (the index on submissions (created_at, id) gives the order
 * and the span; "new" walks the partial one of the new submissions alone, migration 0025).
 */
export async function listInbox(db: Db, options: InboxFilter) {
  let query = db
    .selectFrom('submissions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('assignments as a', 'a.id', 's.assignment_id');
  // The students first, then their submissions by index: filtering the join by name instead
  // walked every submission, newest first, until a page matched.
  if (options.q) {
    const q = options.q;
    query = query.where('s.user_id', 'in', (eb) =>
      eb.selectFrom('users').select('id').where(containsText('name', q)),
    );
  }
  if (options.userId !== undefined) query = query.where('s.user_id', '=', options.userId);
  if (options.within !== undefined)
    query = query.where('s.user_id', 'in', taughtStudents(db, options.within));
  if (options.from !== undefined) query = query.where('s.created_at', '>=', options.from);
  if (options.before !== undefined) query = query.where('s.created_at', '<', options.before);
  if (options.state === 'corrected') query = query.where('s.corrected_at', 'is not', null);
  if (options.state === 'new') query = query.where('s.corrected_at', 'is', null);
  const { rows, hasMore } = await fetchPage(
    query
      .select([
        's.id',
        's.user_id',
        'u.name as user_name',
        's.subject',
        's.description',
        's.created_at',
        's.assignment_id',
        'a.title as assignment_title',
        's.corrected_at',
      ])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc'),
    options.page,
    INBOX_PAGE_SIZE,
  );
  const files = rows.length
    ? await db
        .selectFrom('submission_files as sf')
        .innerJoin('stored_files as f', 'f.id', 'sf.file_id')
        .select(['sf.submission_id', 'f.id as file_id', 'f.file_name'])
        .where(
          'sf.submission_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('sf.submission_id')
        .orderBy('sf.position')
        .execute()
    : [];
  return {
    hasMore,
    rows: rows.map(({ corrected_at, ...r }) => ({
      ...r,
      created_at: formatTimestamp(r.created_at),
      state: stateOf(corrected_at),
      files: files.filter((f) => f.submission_id === r.id),
    })),
  };
}

/** A submission's state from its stored first answer (corrections-data.ts). */
const stateOf = (correctedAt: number | null): SubmissionState =>
  correctedAt === null ? 'new' : 'corrected';

/** Submissions no correction has answered yet (the inbox's "new"). */
export async function countNewSubmissions(db: Db, within?: Within): Promise<number> {
  let query = db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('corrected_at', 'is', null);
  if (within !== undefined) query = query.where('user_id', 'in', taughtStudents(db, within));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One student's submissions: how many, and the newest `limit`, each new or corrected (its
 * stored first answer) with the correction that answers it (answeringCorrection: the one
 * naming it, or else the first naming none sent since), or null while none has.
 */
export async function summariseStudentSubmissions(db: Db, userId: number, limit: number) {
  const [count, latest] = await Promise.all([
    db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('submissions as s')
      .select((eb) => [
        's.id',
        's.subject',
        's.description',
        's.created_at',
        eb
          .selectFrom('submission_files as sf')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('sf.submission_id', '=', 's.id')
          .as('files_count'),
        's.corrected_at',
        answeringCorrection('s.id', 's.user_id', 's.created_at').as('correction_id'),
      ])
      .where('s.user_id', '=', userId)
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const correctionIds = latest.flatMap((r) =>
    r.correction_id === null ? [] : [Number(r.correction_id)],
  );
  const titles = new Map(
    correctionIds.length
      ? (
          await db
            .selectFrom('corrections')
            .select(['id', 'title'])
            .where('id', 'in', correctionIds)
            .execute()
        ).map((c) => [c.id, c.title])
      : [],
  );
  return {
    total: Number(count?.n ?? 0),
    latest: latest.map(({ corrected_at, ...r }) => {
      const correctionId = r.correction_id === null ? null : Number(r.correction_id);
      return {
        ...r,
        created_at: formatTimestamp(r.created_at),
        files_count: Number(r.files_count ?? 0),
        state: stateOf(corrected_at),
        correction_id: correctionId,
        correction_title: correctionId === null ? null : (titles.get(correctionId) ?? null),
      };
    }),
  };
}
