import { z } from 'zod';
import { GENDERS, MIN_PASSWORD_LENGTH } from '../constants.js';
import { defineSchemas, Id, NoPayload, SuccessResponse } from './common.js';

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

export const GetUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(UserSummary),
  message: z.string(),
});

/** A student for the admin's pickers (assignments, corrections, schedules, notifications). */
export const UserListItem = z.object({ id: Id, name: z.string(), email: z.string() });
export const UserListResponse = z.array(UserListItem);

export const userSchemas = defineSchemas({
  addUser: { request: AddUserRequest, response: SuccessResponse },
  getUsers: { request: NoPayload, response: GetUsersResponse },
  userList: { request: NoPayload, response: UserListResponse },
});
