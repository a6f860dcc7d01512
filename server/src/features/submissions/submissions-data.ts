import { INBOX_PAGE_SIZE } from '@academy/contract';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import { formatTimestamp } from '../../db/time.js';
import { recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';
import { noCorrectionSince } from '../corrections/corrections-data.js';

/** A submission and its files, in one transaction. */
export async function createSubmission(
  db: Db,
  submission: {
    userId: number;
    uploadedBy: number;
    subject: string;
    description: string;
    files: ReceivedFile[];
  },
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('submissions')
      .values({
        user_id: submission.userId,
        subject: submission.subject,
        description: submission.description,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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

/** The inbox: newest first, by part of the student's name, a page at a time. */
export async function listInbox(db: Db, options: { q?: string; page: number }) {
  let query = db.selectFrom('submissions as s').innerJoin('users as u', 'u.id', 's.user_id');
  // The students first, then their submissions by index: filtering the join by name instead
  // walked every submission, newest first, until a page matched.
  if (options.q) {
    const q = options.q;
    query = query.where('s.user_id', 'in', (eb) =>
      eb.selectFrom('users').select('id').where(containsText('name', q)),
    );
  }
  const { rows, hasMore } = await fetchPage(
    query
      .select([
        's.id',
        's.user_id',
        'u.name as user_name',
        's.subject',
        's.description',
        's.created_at',
      ])
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
    rows: rows.map((r) => ({
      ...r,
      created_at: formatTimestamp(r.created_at),
      files: files.filter((f) => f.submission_id === r.id),
    })),
  };
}

/** Submissions no correction has answered yet: none sent to their student since they arrived. */
export async function countNewSubmissions(db: Db): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(noCorrectionSince('submissions.user_id', 'submissions.created_at'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One student's submissions: how many, and the newest `limit`, each with the first correction
 * sent to the student since it arrived (the one that answers it, by the dashboard's rule:
 * docs/decisions.md "A page for each student"), or null while none has.
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
        eb
          .selectFrom('corrections as c')
          .select('c.id')
          .whereRef('c.user_id', '=', 's.user_id')
          .whereRef('c.created_at', '>=', 's.created_at')
          .orderBy('c.created_at')
          .orderBy('c.id')
          .limit(1)
          .as('correction_id'),
      ])
      .where('s.user_id', '=', userId)
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    latest: latest.map((r) => ({
      ...r,
      created_at: formatTimestamp(r.created_at),
      files_count: Number(r.files_count ?? 0),
      correction_id: r.correction_id === null ? null : Number(r.correction_id),
    })),
  };
}
