import { AUDIT_PAGE_SIZE } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { formatTimestamp } from '../../db/time.js';

/** Payload keys never written to the log. */
const SECRET_KEYS = /password|token|secret/i;
const MAX_DETAILS = 2_000;

/** The payload as the log keeps it: secrets replaced, files (and CSV text) as [file], cut to a readable size. */
export function describePayload(payload: unknown): string {
  const json = JSON.stringify(payload ?? {}, (key, value: unknown) => {
    if (key && SECRET_KEYS.test(key)) return '[hidden]';
    // A file's bytes, or a CSV file's text (an import's, which may hold passwords).
    if (Buffer.isBuffer(value) || (key === 'csv' && typeof value === 'string')) return '[file]';
    return value;
  });
  return json.length > MAX_DETAILS ? `${json.slice(0, MAX_DETAILS - 1)}…` : json;
}

export interface AuditRecord {
  actorId: number;
  actorName: string;
  /** What the actor was when they made the change (ROLE_ID: an admin or a teacher). */
  actorRoleId: number;
  action: string;
  targetUserId: number | null;
  /** Kept in the entry, so it still says who it was about once the user is deleted. */
  targetUserName: string | null;
  payload: unknown;
  at: number;
}

/**
 * Whether an entry would repeat the actor's last entry of the same call word for word: the
 * same change sent again (a roll saved offline whose answer was lost), not a second change.
 */
export async function repeatsLastEntry(db: Db, entry: AuditRecord): Promise<boolean> {
  const last = await db
    .selectFrom('audit_log')
    .select(['details', 'target_user_id'])
    .where('actor_id', '=', entry.actorId)
    .where('action', '=', entry.action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (
    last !== undefined &&
    last.target_user_id === entry.targetUserId &&
    last.details === describePayload(entry.payload)
  );
}

export async function recordAdminAction(db: Db, entry: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      actor_name: entry.actorName,
      actor_role_id: entry.actorRoleId,
      action: entry.action,
      target_user_id: entry.targetUserId,
      target_user_name: entry.targetUserName,
      details: describePayload(entry.payload),
      created_at: entry.at,
    })
    .execute();
}

/** A user's name, or null when there is no such user. */
export async function userName(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

/** The things a change can be about, each found by id and named by one of its columns. */
const NAMERS = {
  assignment: (db: Db, ids: number[]) =>
    db.selectFrom('assignments').select(['id', 'title as name']).where('id', 'in', ids).execute(),
  correction: (db: Db, ids: number[]) =>
    db.selectFrom('corrections').select(['id', 'title as name']).where('id', 'in', ids).execute(),
  card: (db: Db, ids: number[]) =>
    db
      .selectFrom('flashcards')
      .select(['id', 'front_text as name'])
      .where('id', 'in', ids)
      .execute(),
  notification: (db: Db, ids: number[]) =>
    db
      .selectFrom('notifications')
      .select(['id', 'message as name'])
      .where('id', 'in', ids)
      .execute(),
  item: (db: Db, ids: number[]) =>
    db.selectFrom('skill_items').select(['id', 'title as name']).where('id', 'in', ids).execute(),
  question: (db: Db, ids: number[]) =>
    db
      .selectFrom('speaking_questions')
      .select(['id', 'question_text as name'])
      .where('id', 'in', ids)
      .execute(),
  class: (db: Db, ids: number[]) =>
    db.selectFrom('classes').select(['id', 'name']).where('id', 'in', ids).execute(),
  sending: (db: Db, ids: number[]) =>
    db.selectFrom('sendings').select(['id', 'recipients as name']).where('id', 'in', ids).execute(),
  /** A class session: its class, day and time ("B1 Evenings, 2026-12-01 18:00"). */
  session: (db: Db, ids: number[]) =>
    db
      .selectFrom('class_sessions as cs')
      .innerJoin('classes as c', 'c.id', 'cs.class_id')
      .select([
        'cs.id',
        sql<string>`c.name || ', ' || cs.session_date || ' ' || cs.session_time`.as('name'),
      ])
      .where('cs.id', 'in', ids)
      .execute(),
  /** A bank item: its current version's prompt. */
  quizItem: (db: Db, ids: number[]) =>
    db
      .selectFrom('quiz_items as i')
      .innerJoin('quiz_item_versions as v', (join) =>
        join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.current_version'),
      )
      .select(['i.id', 'v.prompt as name'])
      .where('i.id', 'in', ids)
      .execute(),
  quizPassage: (db: Db, ids: number[]) =>
    db.selectFrom('quiz_passages').select(['id', 'title as name']).where('id', 'in', ids).execute(),
  quiz: (db: Db, ids: number[]) =>
    db.selectFrom('quizzes').select(['id', 'title as name']).where('id', 'in', ids).execute(),
  /** A quiz attempt: its quiz's title. */
  quizAttempt: (db: Db, ids: number[]) =>
    db
      .selectFrom('quiz_attempts as a')
      .innerJoin('quizzes as q', 'q.id', 'a.quiz_id')
      .select(['a.id', 'q.title as name'])
      .where('a.id', 'in', ids)
      .execute(),
} satisfies Record<string, (db: Db, ids: number[]) => Promise<{ id: number; name: string }[]>>;

type Thing = keyof typeof NAMERS;

/** Which payload field of a call names the thing it changed. */
const SUBJECT_OF: Partial<Record<string, { key: string; thing: Thing }>> = {
  saveQuizItem: { key: 'item_id', thing: 'quizItem' },
  archiveQuizItem: { key: 'item_id', thing: 'quizItem' },
  deleteQuizItem: { key: 'item_id', thing: 'quizItem' },
  regradeQuizItem: { key: 'item_id', thing: 'quizItem' },
  saveQuizPassage: { key: 'passage_id', thing: 'quizPassage' },
  deleteQuizPassage: { key: 'passage_id', thing: 'quizPassage' },
  saveQuiz: { key: 'id', thing: 'quiz' },
  sendQuiz: { key: 'quiz_id', thing: 'quiz' },
  deleteQuiz: { key: 'id', thing: 'quiz' },
  startQuizAttempt: { key: 'quiz_id', thing: 'quiz' },
  saveQuizAnswers: { key: 'attempt_id', thing: 'quizAttempt' },
  saveQuizRecording: { key: 'attempt_id', thing: 'quizAttempt' },
  playQuizRecording: { key: 'attempt_id', thing: 'quizAttempt' },
  submitQuizAttempt: { key: 'attempt_id', thing: 'quizAttempt' },
  markQuizAnswer: { key: 'attempt_id', thing: 'quizAttempt' },
  makeQuizCard: { key: 'attempt_id', thing: 'quizAttempt' },
  markAssignmentRead: { key: 'assignment_id', thing: 'assignment' },
  markAssignmentAsRead: { key: 'assignment_id', thing: 'assignment' },
  removeAssignment: { key: 'assignment_id', thing: 'assignment' },
  deleteCorrection: { key: 'id', thing: 'correction' },
  updateCard: { key: 'id', thing: 'card' },
  studentUpdateCard: { key: 'card_id', thing: 'card' },
  deleteCard: { key: 'card_id', thing: 'card' },
  markNotificationRead: { key: 'notification_id', thing: 'notification' },
  saveSkillItem: { key: 'id', thing: 'item' },
  deleteSkillItem: { key: 'id', thing: 'item' },
  updateAttempted: { key: 'exam_id', thing: 'item' },
  updateReadingAttempted: { key: 'item_id', thing: 'item' },
  updateListeningAttempted: { key: 'item_id', thing: 'item' },
  updateStoryAttempted: { key: 'item_id', thing: 'item' },
  markSkillAttempt: { key: 'item_id', thing: 'item' },
  saveSpeakingQuestion: { key: 'id', thing: 'question' },
  deleteSpeakingQuestion: { key: 'id', thing: 'question' },
  sendSpeakingAnswer: { key: 'question_id', thing: 'question' },
  sendAssignment: { key: 'class_id', thing: 'class' },
  addNotification: { key: 'class_id', thing: 'class' },
  updateClass: { key: 'class_id', thing: 'class' },
  saveResultScores: { key: 'class_id', thing: 'class' },
  publishResults: { key: 'class_id', thing: 'class' },
  saveResultAdjustment: { key: 'class_id', thing: 'class' },
  saveResultScheme: { key: 'class_id', thing: 'class' },
  saveClassSchedule: { key: 'class_id', thing: 'class' },
  addClassStudents: { key: 'class_id', thing: 'class' },
  removeClassStudents: { key: 'class_id', thing: 'class' },
  updateSending: { key: 'sending_id', thing: 'sending' },
  updateClassSession: { key: 'class_id', thing: 'class' },
  saveRoll: { key: 'class_session_id', thing: 'session' },
  // Issue 49, point 6: these name their class too; without them a class that exists read as gone.
  setClassTeachers: { key: 'class_id', thing: 'class' },
  setClassLevel: { key: 'class_id', thing: 'class' },
  movePassingStudents: { key: 'class_id', thing: 'class' },
};

/**
 * An id as a payload holds it: a number, or (a form's or multipart's field, as sendAssignment
 * and addNotification send theirs) its digits as text; anything else names nothing.
 */
const idIn = (value: unknown): number | null => {
  if (Number.isInteger(value)) return value as number;
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
};

/** A subject's name as the log shows it: a long message or question is cut. */
const MAX_SUBJECT = 120;
const short = (name: string) =>
  name.length > MAX_SUBJECT ? `${name.slice(0, MAX_SUBJECT - 1)}…` : name;

const idsIn = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];

/** The students a payload lists: a skill item's (student_ids) or a send's or class's (user_ids). */
const listedStudents = (payload: Record<string, unknown> | undefined) => [
  ...idsIn(payload?.student_ids),
  ...idsIn(payload?.user_ids),
];

/**
 * Names for the ids in the entries' payloads, so the log reads as words: what each change was
 * about (an assignment's title, a card's front, a question) while it still exists, and the
 * students a payload lists. Read when the log is read, so a renamed thing shows its name now
 * and a deleted one has none. A payload cut to its size limit is no longer JSON and names
 * nothing.
 */
async function nameTheIds<T extends { action: string; details: string }>(db: Db, entries: T[]) {
  const payloads = entries.map((entry) => {
    try {
      const parsed: unknown = JSON.parse(entry.details);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  });
  const wanted = new Map<Thing, Set<number>>();
  const students = new Set<number>();
  entries.forEach((entry, i) => {
    const subject = SUBJECT_OF[entry.action];
    const id = subject ? idIn(payloads[i]?.[subject.key]) : null;
    if (subject && id !== null)
      wanted.set(subject.thing, (wanted.get(subject.thing) ?? new Set()).add(id));
    for (const student of listedStudents(payloads[i])) students.add(student);
  });
  const names = new Map<string, string>();
  for (const [thing, ids] of wanted) {
    for (const row of await NAMERS[thing](db, [...ids])) names.set(`${thing}:${row.id}`, row.name);
  }
  if (students.size > 0) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [...students])
      .execute();
    for (const row of rows) names.set(`student:${row.id}`, row.name);
  }
  return entries.map((entry, i) => {
    const subject = SUBJECT_OF[entry.action];
    const id = subject ? idIn(payloads[i]?.[subject.key]) : null;
    const name = subject && id !== null ? names.get(`${subject.thing}:${id}`) : undefined;
    return {
      ...entry,
      subject: name ? short(name) : null,
      student_names: listedStudents(payloads[i]).flatMap((id) => {
        const student = names.get(`student:${id}`);
        return student === undefined ? [] : [student];
      }),
    };
  });
}

/** An actor's role as the log says it: an administrator or a teacher (null: not known). */
const roleOf = (roleId: number | null) =>
  roleId === ROLE_ID.admin
    ? ('admin' as const)
    : roleId === ROLE_ID.teacher
      ? ('teacher' as const)
      : null;

/** Newest first, a page at a time (keyset paging on id, so deep pages stay cheap). */
export async function listAuditEntries(db: Db, options: { beforeId?: number; action?: string }) {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.target_user_id')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .select([
      'a.id',
      'a.actor_name',
      // The role kept with the entry (0045); an older entry's, the actor's role now.
      (eb) => eb.fn.coalesce('a.actor_role_id', 'actor.role_id').as('actor_role_id'),
      'a.action',
      'a.target_user_id',
      // The user's name now while they exist; the name the entry kept once they are deleted.
      (eb) => eb.fn.coalesce('u.name', 'a.target_user_name').as('target_user_name'),
      'u.id as found_user_id',
      'a.details',
      'a.created_at',
    ])
    .orderBy('a.id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1);
  if (options.beforeId) query = query.where('a.id', '<', options.beforeId);
  if (options.action) query = query.where('a.action', '=', options.action);
  const rows = await query.execute();
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: (await nameTheIds(db, page)).map(({ found_user_id, actor_role_id, ...r }) => ({
      ...r,
      actor_role: roleOf(actor_role_id),
      target_user_deleted: r.target_user_id !== null && found_user_id === null,
      created_at: formatTimestamp(r.created_at),
    })),
    nextBeforeId: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
