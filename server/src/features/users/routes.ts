import { USER_LIST_MAX_LIMIT } from '@academy/contract';
import { GENDERS, ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { clearLoginAttempts } from '../../auth/throttle.js';
import { endUserSessions } from '../../auth/tokens.js';
import { formatTimestamp } from '../../db/time.js';
import { removeStoredBytes } from '../../files/files-data.js';
import { handle } from '../../http/call.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { CsvFileError, parseStudentsCsv, toCsv } from './users-csv.js';
import {
  createUser,
  deleteUserAndWork,
  EmailTakenError,
  findUserById,
  listActiveStudents,
  listAllUsers,
  listUsersForExport,
  listUsersPage,
  UsernameTakenError,
  updateUserDetails,
} from './users-data.js';
import { checkStudents, ImportRefused, importStudents } from './users-import.js';

/** The CSV as students, or a 400 that says why the file as a whole cannot be read. */
function readStudents(csv: string) {
  try {
    return parseStudentsCsv(csv);
  } catch (error) {
    if (error instanceof CsvFileError) throw badRequest(error.message);
    throw error;
  }
}

const roleWord = (roleId: number) => (roleId === ROLE_ID.admin ? 'Admin' : 'User');

export default async function userRoutes(app: FastifyInstance) {
  handle(app, 'addUser', async ({ db, now, input }) => {
    try {
      await createUser(
        db,
        {
          name: input.name,
          username: input.username,
          email: input.email,
          password: input.password,
          roleId: input.role_id === '1' ? ROLE_ID.admin : ROLE_ID.user,
          gender: GENDERS.includes(input.gender) ? input.gender : 'male',
        },
        now(),
      );
    } catch (error) {
      if (error instanceof UsernameTakenError)
        throw conflict('This username is already taken. Please choose another.');
      if (error instanceof EmailTakenError)
        throw conflict('This e-mail is already used by another account.');
      throw error;
    }
    return { success: true, message: 'User added successfully.' };
  });

  /**
   * The spec's call (no parameters) answers every user; with `page` or `q` (new) a page,
   * newest first, and whether another follows.
   */
  handle(app, 'getUsers', async ({ db, input }) => {
    const isPaged = input.page !== undefined || input.q !== undefined;
    const page = input.page ?? 1;
    const { users, hasMore } = isPaged
      ? await listUsersPage(db, { page, ...(input.q ? { q: input.q } : {}) })
      : { users: await listAllUsers(db), hasMore: false };
    const answer = {
      success: true as const,
      users: users.map((u) => ({
        ...u,
        role_id: String(u.role_id),
        is_active: u.is_active === 1 ? (1 as const) : (0 as const),
      })),
      message: users.length === 0 ? 'No users found.' : `${users.length} users`,
    };
    return isPaged ? { ...answer, page, has_more: hasMore } : answer;
  });

  /**
   * Active students by name: the list every admin picker offers. The spec's call answers all
   * of them; `q` (new) searches, at most `limit` (new) or USER_LIST_MAX_LIMIT.
   */
  handle(app, 'userList', async ({ db, input }) => {
    const limit = input.limit ?? (input.q !== undefined ? USER_LIST_MAX_LIMIT : undefined);
    return listActiveStudents(db, {
      ...(input.q ? { q: input.q } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
  });

  /**
   * New: name, e-mail, gender and role. An administrator cannot take their own role away
   * (so one always remains); a role change ends the user's sessions, so it applies at once.
   */
  handle(app, 'updateUser', async ({ db, now, input, caller }) => {
    const user = await findUserById(db, input.user_id);
    if (!user) throw notFound('User not found.');
    const roleId = input.role_id === '1' ? ROLE_ID.admin : ROLE_ID.user;
    if (user.id === caller.id && roleId !== ROLE_ID.admin)
      throw badRequest(
        'You cannot remove your own administrator role. Another administrator can do it.',
      );
    try {
      await updateUserDetails(
        db,
        user.id,
        { name: input.name, email: input.email, gender: input.gender, roleId },
        now(),
      );
    } catch (error) {
      if (error instanceof EmailTakenError)
        throw badRequest('This e-mail is already used by another account.');
      throw error;
    }
    if (roleId === user.role_id) return { success: true, message: `${input.name} was saved.` };
    await endUserSessions(app.deps, user.id);
    return {
      success: true,
      message: `${input.name} was saved. They are now ${roleId === ROLE_ID.admin ? 'an administrator' : 'a student'} and must log in again.`,
    };
  });

  /**
   * New: the account and its personal work go (users-data.ts deleteUserAndWork), stored files
   * included. The account is deactivated and its sessions ended first (their streams hear
   * 'ended'), so nothing of theirs is admitted while it goes.
   */
  handle(app, 'deleteUser', async ({ db, now, storage, input, caller }) => {
    if (input.user_id === caller.id)
      throw badRequest('You cannot delete your own account. Another administrator can do it.');
    const user = await findUserById(db, input.user_id);
    if (!user) throw notFound('User not found.');
    await db
      .updateTable('users')
      .set({ is_active: 0, updated_at: now() })
      .where('id', '=', user.id)
      .execute();
    await endUserSessions(app.deps, user.id);
    const deleted = await deleteUserAndWork(db, user.id);
    if (!deleted) throw notFound('User not found.');
    // A later account with the same username starts without this one's failed logins.
    await clearLoginAttempts(db, user.username);
    await removeStoredBytes(storage, deleted.storageKeys);
    return { success: true, message: `${user.name} was deleted, with their work and files.` };
  });

  /** New: every row of a CSV of students with its problems named. Writes nothing. */
  handle(app, 'previewUserImport', async ({ db, input }) => {
    const rows = await checkStudents(db, readStudents(input.csv));
    const bad = rows.filter((r) => r.problems.length > 0).length;
    return {
      success: true,
      ready: bad === 0,
      rows: rows.map((r) => ({
        row: r.row,
        name: r.name,
        username: r.username,
        email: r.email,
        gender: r.gender,
        has_password: r.password !== '',
        problems: r.problems,
      })),
      message:
        bad === 0
          ? `All ${rows.length} students can be imported.`
          : `${bad} of ${rows.length} rows have problems. Fix them in the file and choose it again; nothing is imported until every row is good.`,
    };
  });

  /** New: all the file's students in one transaction, or none; their credentials once, as CSV. */
  handle(app, 'importUsers', async ({ db, now, input }) => {
    const students = readStudents(input.csv);
    let credentials: { username: string; password: string }[];
    try {
      credentials = await importStudents(db, students, now());
    } catch (error) {
      if (error instanceof ImportRefused) throw badRequest(error.message);
      throw error;
    }
    return {
      success: true,
      imported: credentials.length,
      message: `Imported ${credentials.length} students. Download their passwords now: they are shown only once.`,
      credentials_csv: toCsv(
        ['username', 'password'],
        credentials.map((c) => [c.username, c.password]),
      ),
    };
  });

  /** New: every user as CSV; cells a spreadsheet would run as a formula start with '. */
  handle(app, 'exportUsers', async ({ db, now }) => {
    const users = await listUsersForExport(db);
    const csv = toCsv(
      ['name', 'username', 'email', 'gender', 'role', 'active', 'created'],
      users.map((u) => [
        u.name,
        u.username,
        u.email,
        u.gender,
        roleWord(u.role_id),
        u.is_active === 1 ? 'yes' : 'no',
        formatTimestamp(u.created_at),
      ]),
    );
    const day = formatTimestamp(now()).slice(0, 10);
    return { success: true, csv, file_name: `users-${day}.csv`, count: users.length };
  });
}
