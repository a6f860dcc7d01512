import { z } from 'zod';
import { GENDERS } from '../constants.js';
import { defineSchemas, Id, NoPayload } from './common.js';

/** A user as the admin's user list shows it; never any password material. */
export const UserSummary = z.object({
  id: Id,
  name: z.string(),
  username: z.string(),
  email: z.string(),
  /** '1' admin, '2' user (student); the spec reads it as a string. */
  role_id: z.string(),
  gender: z.enum(GENDERS),
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
  getUsers: { request: NoPayload, response: GetUsersResponse },
  userList: { request: NoPayload, response: UserListResponse },
});
