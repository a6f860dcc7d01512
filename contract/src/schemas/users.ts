import { z } from 'zod';
import { GENDERS, IMPORT_MAX_CHARS, MIN_PASSWORD_LENGTH, USER_GENDERS } from '../constants.js';
import {
  defineSchemas,
  emailText,
  Id,
  NoPayload,
  nameText,
  Page,
  SuccessResponse,
  Timestamp,
} from './common.js';

/** Users on a page of /view-users (get-users.php with `page` or `q`). */
export const USERS_PAGE_SIZE = 50;
/** The most students user_list.php answers when asked for a `limit`, or searched (`q`). */
export const USER_LIST_MAX_LIMIT = 100;

const FILL_IN_ALL_FIELDS = 'Please fill in all fields';
const required = (max: number) =>
  z
    .string({ error: FILL_IN_ALL_FIELDS })
    .trim()
    .min(1, { error: FILL_IN_ALL_FIELDS })
    .max(max, { error: `must be at most ${max} characters` });

/** multipart: name, username, email, password, role_id, gender; all required (spec section 5). */
export const AddUserRequest = z.object({
  name: nameText(100, FILL_IN_ALL_FIELDS),
  username: required(50).regex(/^[A-Za-z0-9._-]+$/, {
    error: 'A username may use letters, numbers, dots, dashes and underscores only.',
  }),
  email: emailText(200, FILL_IN_ALL_FIELDS),
  password: z
    .string({ error: FILL_IN_ALL_FIELDS })
    .min(1, { error: FILL_IN_ALL_FIELDS })
    .min(MIN_PASSWORD_LENGTH, {
      error: `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
    })
    .max(200, { error: 'The password must be at most 200 characters.' }),
  /** '1' admin, '2' student, '3' teacher (new, issue 29). */
  role_id: z.enum(['1', '2', '3'], { error: FILL_IN_ALL_FIELDS }),
  gender: z.enum(GENDERS, { error: FILL_IN_ALL_FIELDS }),
});

/** A user as the admin's user list shows it; never any password material. */
export const UserSummary = z.object({
  id: Id,
  name: z.string(),
  username: z.string(),
  email: z.string(),
  /** '1' admin, '2' user (student), '3' teacher (new); the spec reads it as a string. */
  role_id: z.string(),
  /** '' when not given (issue 49: an import without one). */
  gender: z.enum(USER_GENDERS),
  /** 0 once an admin has deactivated the account. */
  is_active: z.union([z.literal(0), z.literal(1)]),
});

/** Part of a name, username or e-mail to look for, in any case (`%` and `_` are taken literally). */
const Search = z.string().trim().max(100);

/**
 * Without parameters (the spec's call) every user, by id. With `page` or `q` (new) one page
 * of USERS_PAGE_SIZE, newest first, of the users whose name, username or e-mail contains `q`.
 */
export const GetUsersRequest = z.object({ q: Search.optional(), page: Page.optional() });

/**
 * The spec's answer (every user at once), or, when asked with `page` or `q`, one page and
 * whether another follows. One shape with two optional fields rather than a union: the
 * serialiser would check a 10,000-user answer against the paged shape before writing it.
 */
export const GetUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(UserSummary),
  message: z.string(),
  /** Only in a paged answer. */
  page: z.number().optional(),
  /** Only in a paged answer: whether another page follows. */
  has_more: z.boolean().optional(),
});

/** A student for the admin's pickers (assignments, corrections, schedules, notifications). */
export const UserListItem = z.object({ id: Id, name: z.string(), email: z.string() });
export const UserListResponse = z.array(UserListItem);

/** How many students to answer at most: 1 to USER_LIST_MAX_LIMIT. */
const Limit = z.union([
  z.number().int().min(1).max(USER_LIST_MAX_LIMIT),
  z
    .string()
    .regex(/^\d{1,6}$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(USER_LIST_MAX_LIMIT)),
]);

/**
 * Without parameters (the spec's call) every active student, by name. `q` (new) keeps those
 * whose name or e-mail contains it, in any case, at most `limit` (default and most
 * USER_LIST_MAX_LIMIT); `limit` alone gives the first students by name. Still the spec's list.
 */
export const UserListRequest = z.object({ q: Search.optional(), limit: Limit.optional() });

/** A role as JSON or a form sends it: '1' (or 1) admin, '2' (or 2) user, '3' (or 3) teacher. */
const RoleId = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])], {
    error: "must be '1' (admin), '2' (user) or '3' (teacher)",
  })
  .transform((v) => String(v) as '1' | '2' | '3');

/** New: an admin edits a user's name, e-mail, gender and role (the username stays). */
export const UpdateUserRequest = z.object({
  user_id: Id,
  name: nameText(100, FILL_IN_ALL_FIELDS),
  email: emailText(200, FILL_IN_ALL_FIELDS),
  /** '' leaves it not given (issue 49: a user imported without one). */
  gender: z.enum(USER_GENDERS, { error: FILL_IN_ALL_FIELDS }),
  role_id: RoleId,
});

/** New: an admin deletes a user and their personal work. */
export const DeleteUserRequest = z.object({ user_id: Id });

/** A CSV file's text, as the browser read it. */
export const ImportUsersRequest = z.object({
  csv: z
    .string({ error: 'Please choose a CSV file.' })
    .min(1, { error: 'The file is empty.' })
    .max(IMPORT_MAX_CHARS, {
      error: `The file is too large: at most ${IMPORT_MAX_CHARS.toLocaleString('en-US')} characters. Split it into smaller files.`,
    }),
});

/**
 * What an import does with a row: creates the student, leaves their account, or skips it; a
 * 'repeat' (new, issue 49) is an exact copy of an earlier row, imported once with that row.
 */
export const ImportRowStatus = z.enum(['new', 'already_here', 'problem', 'repeat']);

/** One row of a CSV as the preview shows it, with every problem named ([] unless a problem). */
export const ImportPreviewRow = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number(),
  name: z.string(),
  username: z.string(),
  /** Whether the username was made from the name or e-mail (the file gave none). */
  username_made: z.boolean(),
  email: z.string(),
  gender: z.string(),
  /** The class the row puts the student in ('' when none). */
  class: z.string(),
  /** New (issue 29): 'student', 'teacher', or the file's word when it is neither. */
  role: z.string(),
  /** Whether the file gives a password; otherwise one is generated at the import. */
  has_password: z.boolean(),
  /**
   * New (issue 31): the guardian the row names, added with a new student: as read (the phone
   * in E.164) or, when it has problems, as typed; null when the row names none.
   */
  guardian: z
    .object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  status: ImportRowStatus,
  problems: z.array(z.string()),
  /** New (issue 49): the earlier row a 'repeat' copies exactly; null for every other row. */
  same_as: z.number().nullable(),
});

export const ImportPreviewResponse = z.object({
  success: z.literal(true),
  /** Rows with problems first, then the others in the file's order. */
  rows: z.array(ImportPreviewRow),
  /** True when at least one row would be imported. */
  ready: z.boolean(),
  /** How many rows the import would create. */
  new_count: z.number(),
  /** What the import would do, naming the rows skipped and already here. */
  message: z.string(),
});

/** Starts the import as a job (the same file as the preview): rows with problems are skipped. */
export const ImportUsersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  job_id: Id,
});

/** A students' import: running, done or failed (interrupted too); kept as a record. */
export const ImportJob = z.object({
  id: Id,
  status: z.enum(['running', 'done', 'failed']),
  /** Students to create; `done` of them prepared so far. */
  total: z.number(),
  done: z.number(),
  /** Students created (when done). */
  imported: z.number(),
  message: z.string(),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
  /** Whether the new students' passwords can still be downloaded (until dismissed). */
  has_credentials: z.boolean(),
});

export const GetImportJobsResponse = z.object({
  success: z.literal(true),
  /** The imports not dismissed, newest first. */
  jobs: z.array(ImportJob),
});

export const ImportJobRequest = z.object({ job_id: Id });

/** One new student's sign-in details to hand out. */
export const ImportCredential = z.object({
  name: z.string(),
  class: z.string(),
  username: z.string(),
  password: z.string(),
});

export const ImportCredentialsResponse = z.object({
  success: z.literal(true),
  students: z.array(ImportCredential),
  /** Where the students sign in. */
  sign_in_url: z.string(),
  /** name,class,username,password,sign-in address per student, to hand out. */
  csv: z.string(),
  file_name: z.string(),
});

export const ExportUsersResponse = z.object({
  success: z.literal(true),
  /** name,username,email,gender,role,active,created; cells that a spreadsheet would run start with '. */
  csv: z.string(),
  file_name: z.string(),
  count: z.number(),
});

export const userSchemas = defineSchemas({
  addUser: { request: AddUserRequest, response: SuccessResponse },
  getUsers: { request: GetUsersRequest, response: GetUsersResponse },
  userList: { request: UserListRequest, response: UserListResponse },
  updateUser: { request: UpdateUserRequest, response: SuccessResponse },
  deleteUser: { request: DeleteUserRequest, response: SuccessResponse },
  previewUserImport: { request: ImportUsersRequest, response: ImportPreviewResponse },
  importUsers: { request: ImportUsersRequest, response: ImportUsersResponse },
  getImportJobs: { request: NoPayload, response: GetImportJobsResponse },
  importCredentials: { request: ImportJobRequest, response: ImportCredentialsResponse },
  dismissImport: { request: ImportJobRequest, response: SuccessResponse },
  exportUsers: { request: NoPayload, response: ExportUsersResponse },
});
