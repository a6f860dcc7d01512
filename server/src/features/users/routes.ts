import { USER_LIST_MAX_LIMIT } from '@academy/contract';
import { GENDERS, ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/call.js';
import { conflict } from '../../http/errors.js';
import {
  createUser,
  EmailTakenError,
  listActiveStudents,
  listAllUsers,
  listUsersPage,
  UsernameTakenError,
} from './users-data.js';

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
}
