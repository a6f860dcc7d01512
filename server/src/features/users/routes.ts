import { GENDERS, ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/call.js';
import { conflict } from '../../http/errors.js';
import { createUser, UsernameTakenError } from './users-data.js';

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
      throw error;
    }
    return { success: true, message: 'User added successfully.' };
  });

  handle(app, 'getUsers', async ({ db }) => {
    const users = await db
      .selectFrom('users')
      .select(['id', 'name', 'username', 'email', 'role_id', 'gender', 'is_active'])
      .orderBy('id')
      .execute();
    return {
      success: true,
      users: users.map((u) => ({
        ...u,
        role_id: String(u.role_id),
        is_active: u.is_active === 1 ? (1 as const) : (0 as const),
      })),
      message: users.length === 0 ? 'No users found.' : `${users.length} users`,
    };
  });

  /** Students only, by name: the list every admin picker offers. */
  handle(app, 'userList', async ({ db }) =>
    db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('role_id', '=', ROLE_ID.user)
      .where('is_active', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  );
}
