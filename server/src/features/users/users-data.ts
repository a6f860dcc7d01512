import { randomBytes } from 'node:crypto';
import { normalEmail, USERS_PAGE_SIZE } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { sql } from 'kysely';
import { hashPassword } from '../../auth/passwords.js';
import { taughtStudents, type Within } from '../../auth/reach.js';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import type { UsersTable } from '../../db/schema.js';
import { deleteFileRows } from '../../files/files-data.js';

export interface NewUser {
  name: string;
  username: string;
  email: string;
  password: string;
  roleId: number;
  gender: UsersTable['gender'];
}

/** Looks a user up by username, ignoring case (usernames are unique regardless of case). */
export function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Whether a user may log in. Deactivating ends no session by itself: the caller ends them
 * (auth/tokens.ts, endUserSessions).
 */
export async function setActive(db: Db, id: number, active: boolean, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: active ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Active users seen since `since`, most recent first (at most 1000). */
export function listSeenSince(db: Db, since: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'last_seen_at'])
    .where('last_seen_at', '>=', since)
    .where('is_active', '=', 1)
    .orderBy('last_seen_at', 'desc')
    .limit(1000)
    .execute();
}

/** Stores a new argon2id hash for a user's password. */
export async function setPassword(
  db: Db,
  userId: number,
  password: string,
  now: number,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** A new account would share what must be one account's own. */
export abstract class AccountTakenError extends Error {}

export class UsernameTakenError extends AccountTakenError {
  constructor(readonly username: string) {
    super(`The username "${username}" is already taken.`);
  }
}

export class EmailTakenError extends AccountTakenError {
  constructor(readonly email: string) {
    super(`The e-mail "${email}" is already used by another account.`);
  }
}

/**
 * Creates a user with an argon2id password hash. A username or an e-mail another account
 * has, in any case, throws UsernameTakenError or EmailTakenError (the username first).
 */
export async function createUser(db: Db, user: NewUser, now: number): Promise<number> {
  const passwordHash = await hashPassword(user.password);
  await refuseTaken(db, user);
  try {
    const row = await db
      .insertInto('users')
      .values({
        name: user.name,
        username: user.username,
        email: normalEmail(user.email),
        password_hash: passwordHash,
        role_id: user.roleId,
        gender: user.gender,
        created_at: now,
        updated_at: now,
        last_seen_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    // Two requests for the same username or e-mail can both pass the check above; the
    // unique indexes decide, and the loser gets the same clear answer.
    await refuseTaken(db, user);
    throw error;
  }
}

/**
 * One query for both, so an account created in between cannot be seen by one check and not
 * the other (it would be named by its e-mail though its username is taken as well).
 */
async function refuseTaken(db: Db, user: Pick<NewUser, 'username' | 'email'>): Promise<void> {
  const username = user.username.trim().toLowerCase();
  const taken = await db
    .selectFrom('users')
    .select(sql<string>`lower(username)`.as('username'))
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, '=', username),
        eb(sql<string>`lower(email)`, '=', user.email.trim().toLowerCase()),
      ]),
    )
    .execute();
  if (taken.some((row) => row.username === username)) throw new UsernameTakenError(user.username);
  if (taken.length > 0) throw new EmailTakenError(user.email);
}

/**
 * The first start of an empty database creates an admin, from ADMIN_USERNAME/ADMIN_PASSWORD
 * or with a random password that is returned so the caller can print it once.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { username: string; password?: string; now: number },
): Promise<{ created: false } | { created: true; username: string; generatedPassword?: string }> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return { created: false };
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  try {
    await createUser(
      db,
      {
        name: 'Administrator',
        username: options.username,
        email: `${options.username}@localhost`,
        password: options.password ?? (generatedPassword as string),
        roleId: ROLE_ID.admin,
        gender: 'male',
      },
      options.now,
    );
  } catch (error) {
    // Several instances started together on an empty database all see no users; one creates
    // the admin and the others must start normally rather than fail on the taken account.
    if (error instanceof AccountTakenError) return { created: false };
    throw error;
  }
  return {
    created: true,
    username: options.username,
    ...(generatedPassword ? { generatedPassword } : {}),
  };
}

const SUMMARY = ['id', 'name', 'username', 'email', 'role_id', 'gender', 'is_active'] as const;

/** Every user, by id: the spec's /view-users answer. */
export function listAllUsers(db: Db) {
  return db.selectFrom('users').select(SUMMARY).orderBy('id').execute();
}

/**
 * One page of users, newest first, whose name, username or e-mail contains `q` in any case.
 * A search reads the users table through (it is small next to everything else); without one
 * the primary key is walked backwards and stops at the page.
 */
export async function listUsersPage(db: Db, options: { q?: string; page: number }) {
  let query = db.selectFrom('users').select(SUMMARY);
  const q = options.q;
  if (q)
    query = query.where((eb) =>
      eb.or([containsText('name', q), containsText('username', q), containsText('email', q)]),
    );
  const { rows, hasMore } = await fetchPage(
    query.orderBy('id', 'desc'),
    options.page,
    USERS_PAGE_SIZE,
  );
  return { users: rows, hasMore };
}

/**
 * Active students by name (then id), as every admin picker lists them: all of them, or the
 * first `limit` whose name or e-mail contains `q` in any case. The (role_id, name) index
 * gives the order, so a limit stops the walk early.
 */
export function listActiveStudents(
  db: Db,
  options: { q?: string; limit?: number; within?: Within } = {},
) {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('role_id', '=', ROLE_ID.user)
    .where('is_active', '=', 1);
  if (options.within !== undefined)
    query = query.where('id', 'in', taughtStudents(db, options.within));
  const q = options.q;
  if (q) query = query.where((eb) => eb.or([containsText('name', q), containsText('email', q)]));
  query = query.orderBy('name').orderBy('id');
  return (options.limit === undefined ? query : query.limit(options.limit)).execute();
}

/** Active teachers by name: a class's teachers are chosen from them (issue 29). */
export function listActiveTeachers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username'])
    .where('role_id', '=', ROLE_ID.teacher)
    .where('is_active', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** What an administrator may change about a user (the username stays). */
export interface UserChanges {
  name: string;
  email: string;
  gender: UsersTable['gender'];
  roleId: number;
}

/**
 * Saves a user's name, e-mail, gender and role, in one transaction with the class places the
 * new role cannot hold. An e-mail another account has, in any case, throws EmailTakenError (checked first, and again should the unique index refuse it).
 */
export async function updateUserDetails(
  db: Db,
  userId: number,
  changes: UserChanges,
  now: number,
): Promise<void> {
  const emailTakenByOther = async () =>
    (await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', changes.email.trim().toLowerCase())
      .where('id', '!=', userId)
      .executeTakeFirst()) !== undefined;
  if (await emailTakenByOther()) throw new EmailTakenError(changes.email);
  try {
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({
          name: changes.name,
          email: normalEmail(changes.email),
          gender: changes.gender,
          role_id: changes.roleId,
          updated_at: now,
        })
        .where('id', '=', userId)
        .execute();
      // A new role leaves the classes it cannot be in: a former teacher teaches none, a former
      // student is in none (their roll and schedule rows stay as the record of what was).
      if (changes.roleId !== ROLE_ID.teacher)
        await tx.deleteFrom('class_teachers').where('teacher_id', '=', userId).execute();
      if (changes.roleId !== ROLE_ID.user)
        await tx.deleteFrom('class_students').where('user_id', '=', userId).execute();
    });
  } catch (error) {
    if (await emailTakenByOther()) throw new EmailTakenError(changes.email);
    throw error;
  }
}

/**
 * Deletes a user and their personal work in one transaction (docs/decisions.md "Users: edit,
 * delete, import, export"): their submissions, the corrections sent to them, their speaking
 * answers, cards, notifications, schedule, assignments and attempts go with the account (on
 * delete cascade), and so do the rows of the files those held. Returns the files' storage
 * keys, whose bytes go after the commit (files/files-data.ts removeStoredBytes), or null when
 * there is no such user. What others made stays: an administrator's sent corrections and
 * items lose only their author, and the audit log keeps their name.
 */
export async function deleteUserAndWork(
  db: Db,
  userId: number,
): Promise<{ storageKeys: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    const submitted = trx
      .selectFrom('submission_files as f')
      .innerJoin('submissions as s', 's.id', 'f.submission_id')
      .select('f.file_id')
      .where('s.user_id', '=', userId);
    const corrected = trx
      .selectFrom('correction_files as f')
      .innerJoin('corrections as c', 'c.id', 'f.correction_id')
      .select('f.file_id')
      .where('c.user_id', '=', userId);
    const spoken = trx
      .selectFrom('speaking_answers')
      .select('file_id')
      .where('user_id', '=', userId);
    // The recorded replies and comments made for them (issue 21) are theirs too.
    const replies = trx
      .selectFrom('speaking_answers')
      .select('reply_file_id as file_id')
      .where('user_id', '=', userId)
      .where('reply_file_id', 'is not', null)
      .$narrowType<{ file_id: number }>();
    const comments = trx
      .selectFrom('corrections')
      .select('comment_file_id as file_id')
      .where('user_id', '=', userId)
      .where('comment_file_id', 'is not', null)
      .$narrowType<{ file_id: number }>();
    const files = await submitted
      .union(corrected)
      .union(spoken)
      .union(replies)
      .union(comments)
      .execute();
    const removed = await trx
      .deleteFrom('users')
      .where('id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!removed) return null;
    // The rows that pointed at the files went with the user; now the files' own rows.
    const storageKeys = await deleteFileRows(
      trx,
      files.map((f) => f.file_id),
    );
    return { storageKeys };
  });
}

/** Every user for the CSV export, oldest first. */
export function listUsersForExport(db: Db) {
  return db
    .selectFrom('users')
    .select(['name', 'username', 'email', 'gender', 'role_id', 'is_active', 'created_at'])
    .orderBy('id')
    .execute();
}

/**
 * Active students seen since a time, through the index on last_seen_at: the few seen in the
 * last minutes, not every student. SQLite, without statistics, took the index on role_id
 * instead (every student, 1 ms at 10,000, on every dashboard refresh); `+role_id` is its way
 * of keeping a term off an index (a no-op on PostgreSQL, which plans by its statistics).
 */
export async function countStudentsSeenSince(db: Db, since: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('last_seen_at', '>=', since)
    .where('is_active', '=', 1)
    .where(sql<number>`+${sql.ref('role_id')}`, '=', ROLE_ID.user)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether a user has rows in a payer's ledger, or card transfers they reported (issue 52):
 * those are never deleted (the database refuses), so the user is not either; they are
 * deactivated instead.
 */
export async function keepsMoneyRows(db: Db, userId: number): Promise<boolean> {
  for (const table of ['ledger_rows', 'card_transfers'] as const) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('student_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}
