import { ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/call.js';

export default async function userRoutes(app: FastifyInstance) {
  handle(app, 'getUsers', async ({ db }) => {
    const users = await db
      .selectFrom('users')
      .select(['id', 'name', 'username', 'email', 'role_id', 'gender'])
      .orderBy('id')
      .execute();
    return {
      success: true,
      users: users.map((u) => ({ ...u, role_id: String(u.role_id) })),
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
