import { USER_LIST_MAX_LIMIT } from '@academy/contract';
import { GENDERS, ROLE_ID, ROLE_WORDS, type RoleId } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { formatTimestamp } from '../../db/time.js';
import { findUserById } from '../../domain/people.js';
import { handle } from '../../http/call.js';
import { toCsv } from '../../http/csv.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { type Credential, dismissJob, findJob, listOpenJobs } from './import-jobs.js';
import { deleteUser, saveUserDetails } from './user-commands.js';
import { CsvFileError, parseStudentsCsv } from './users-csv.js';
import {
  createUser,
  EmailTakenError,
  keepsMoneyRows,
  listActiveStudents,
  listAllUsers,
  listUsersForExport,
  listUsersPage,
  UsernameTakenError,
} from './users-data.js';
import { checkStudents, guardianShown, summarise } from './users-import.js';

/** The CSV as students, or a 400 that says why the file as a whole cannot be read. */
function readStudents(csv: string) {
  try {
    return parseStudentsCsv(csv);
  } catch (error) {
    if (error instanceof CsvFileError) throw badRequest(error.message);
    throw error;
  }
}

const roleWord = (roleId: number) => ROLE_WORDS[roleId as RoleId] ?? 'User';

/** The role a form or JSON names ('1', '2', '3') as its id. */
const roleOf = (role: '1' | '2' | '3'): RoleId => Number(role) as RoleId;

/** What a user becomes, in the words of the message after a role change. */
const ROLE_BECOMES: Record<RoleId, string> = {
  1: 'an administrator',
  2: 'a student',
  3: 'a teacher',
};

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
          roleId: roleOf(input.role_id),
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
  handle(app, 'userList', async ({ db, input, caller }) => {
    const limit = input.limit ?? (input.q !== undefined ? USER_LIST_MAX_LIMIT : undefined);
    return listActiveStudents(db, {
      ...(input.q ? { q: input.q } : {}),
      ...(limit !== undefined ? { limit } : {}),
      within: withinOf(caller),
    });
  });

  /**
   * New: name, e-mail, gender and role. An administrator cannot take their own role away
   * (so one always remains); a role change ends the user's sessions, so it applies at once.
   */
  handle(app, 'updateUser', async (ctx) => {
    const { db, input, caller } = ctx;
    const user = await findUserById(db, input.user_id);
    if (!user) throw notFound('User not found.');
    const roleId = roleOf(input.role_id);
    if (user.id === caller.id && roleId !== ROLE_ID.admin)
      throw badRequest(
        'You cannot remove your own administrator role. Another administrator can do it.',
      );
    let roleChanged: boolean;
    try {
      roleChanged = await saveUserDetails(ctx, user, {
        name: input.name,
        email: input.email,
        gender: input.gender,
        roleId,
      });
    } catch (error) {
      if (error instanceof EmailTakenError)
        throw badRequest('This e-mail is already used by another account.');
      throw error;
    }
    if (!roleChanged) return { success: true, message: `${input.name} was saved.` };
    return {
      success: true,
      message: `${input.name} was saved. They are now ${ROLE_BECOMES[roleId]} and must log in again.`,
    };
  });

  /** New: the account and its personal work go, stored files included (user-commands.ts). */
  handle(app, 'deleteUser', async (ctx) => {
    const { db, input, caller } = ctx;
    if (input.user_id === caller.id)
      throw badRequest('You cannot delete your own account. Another administrator can do it.');
    const user = await findUserById(db, input.user_id);
    // Books are never deleted (issue 52): a payer's ledger outlives their account's use.
    if (user && (await keepsMoneyRows(db, user.id)))
      throw conflict(
        `${user.name} has charges or payments on record, which are kept: deactivate the account instead.`,
      );
    if (!user || !(await deleteUser(ctx, user))) throw notFound('User not found.');
    return { success: true, message: `${user.name} was deleted, with their work and files.` };
  });

  /** New: every row of a CSV of students with what the import would do with it. Writes nothing. */
  handle(app, 'previewUserImport', async ({ db, input, settings }) => {
    const rows = await checkStudents(db, readStudents(input.csv), settings.current.phoneCountry);
    const fresh = rows.filter((r) => r.status === 'new').length;
    return {
      success: true,
      ready: fresh > 0,
      new_count: fresh,
      rows: rows.map((r) => ({
        row: r.row,
        name: r.name,
        username: r.username,
        username_made: r.usernameMade,
        email: r.email,
        gender: r.gender,
        class: r.className,
        role: r.role,
        has_password: r.password !== '',
        guardian: guardianShown(r),
        status: r.status,
        problems: r.problems,
        same_as: r.sameAs,
      })),
      message: summarise(rows),
    };
  });

  /**
   * New: the file's new students, as a job (import-jobs.ts): answers at once. The file is
   * checked whole before any password is hashed; rows with problems are skipped, students
   * already here left alone.
   */
  handle(app, 'importUsers', async ({ db, input, caller, request, settings, importJobs }) => {
    const rows = await checkStudents(db, readStudents(input.csv), settings.current.phoneCountry);
    const fresh = rows.filter((r) => r.status === 'new').length;
    if (fresh === 0) throw badRequest(`Nothing to import. ${summarise(rows)}`);
    // Where the new students sign in: the address the administrator reached the app at.
    const signInUrl = `${request.protocol}://${request.host}/login`;
    const id = await importJobs.start(rows, caller.id, signInUrl, summarise(rows));
    if (id === null)
      throw conflict('Another import is running. Wait for it to finish, then import this file.');
    return {
      success: true,
      job_id: id,
      message: `Importing ${fresh} ${fresh === 1 ? 'student' : 'students'}...`,
    };
  });

  /** New: the imports not dismissed, newest first; a running one with its progress. */
  handle(app, 'getImportJobs', async ({ db, now }) => {
    const open = await listOpenJobs(db, now());
    return {
      success: true,
      jobs: open.map((j) => ({
        id: j.id,
        status: j.status,
        total: Number(j.total),
        done: Number(j.done),
        imported: Number(j.imported),
        message: j.message,
        created_at: formatTimestamp(Number(j.created_at)),
        finished_at: j.finished_at === null ? null : formatTimestamp(Number(j.finished_at)),
        has_credentials: Boolean(j.has_credentials),
      })),
    };
  });

  /** New: a finished import's new students with their passwords, until it is dismissed. */
  handle(app, 'importCredentials', async ({ db, now, input }) => {
    const job = await findJob(db, input.job_id);
    if (!job) throw notFound('Import not found.');
    if (job.status === 'running')
      throw conflict('The import is still running: its passwords are ready when it is done.');
    if (job.credentials === null)
      throw notFound('These passwords are no longer kept: the import was dismissed or failed.');
    const students = JSON.parse(job.credentials) as Credential[];
    const day = formatTimestamp(now()).slice(0, 10);
    return {
      success: true,
      students,
      sign_in_url: job.sign_in_url,
      csv: toCsv(
        ['name', 'class', 'username', 'password', 'sign-in address'],
        students.map((c) => [c.name, c.class, c.username, c.password, job.sign_in_url]),
      ),
      file_name: `new-students-${day}.csv`,
    };
  });

  /** New: the import leaves the screen; its stored passwords are deleted (the record stays). */
  handle(app, 'dismissImport', async ({ db, now, input }) => {
    const job = await findJob(db, input.job_id);
    if (!job) throw notFound('Import not found.');
    if (job.status === 'running')
      throw conflict('The import is still running. Dismiss it when it is done.');
    await dismissJob(db, job.id, now());
    return {
      success: true,
      message: job.credentials ? "Done. The new students' passwords are no longer kept." : 'Done.',
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
