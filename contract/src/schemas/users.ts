import { z } from 'zod';
import { GENDERS, MIN_PASSWORD_LENGTH } from '../constants.js';
import { defineSchemas, Id, Page, SuccessResponse } from './common.js';

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
  name: required(100),
  username: required(50).regex(/^[A-Za-z0-9._-]+$/, {
    error: 'A username may use letters, numbers, dots, dashes and underscores only.',
  }),
  email: required(200).pipe(z.email({ error: 'Please enter a valid email address.' })),
  password: z
    .string({ error: FILL_IN_ALL_FIELDS })
    .min(1, { error: FILL_IN_ALL_FIELDS })
    .min(MIN_PASSWORD_LENGTH, {
      error: `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
    })
    .max(200, { error: 'The password must be at most 200 characters.' }),
  role_id: z.enum(['1', '2'], { error: FILL_IN_ALL_FIELDS }),
  gender: z.enum(GENDERS, { error: FILL_IN_ALL_FIELDS }),
});

/** A user as the admin's user list shows it; never any password material. */
export const UserSummary = z.object({
  id: Id,
  name: z.string(),
  username: z.string(),
  email: z.string(),
  /** '1' admin, '2' user (student); the spec reads it as a string. */
  role_id: z.string(),
  gender: z.enum(GENDERS),
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

export const userSchemas = defineSchemas({
  addUser: { request: AddUserRequest, response: SuccessResponse },
  getUsers: { request: GetUsersRequest, response: GetUsersResponse },
  userList: { request: UserListRequest, response: UserListResponse },
});
