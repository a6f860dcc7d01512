import { ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../../auth/passwords.js';
import {
  clearLoginFailures,
  loginRetryAfterMinutes,
  recordLoginFailure,
} from '../../auth/throttle.js';
import { issueToken, revokeToken } from '../../auth/tokens.js';
import { handle } from '../../http/call.js';
import { HttpError, unauthorized } from '../../http/errors.js';
import { findUserByUsername } from '../users/users-data.js';

/** One message for an unknown username and a wrong password, so neither reveals which it was. */
const WRONG_CREDENTIALS = 'Invalid username or password.';

export default async function accountRoutes(app: FastifyInstance) {
  handle(app, 'login', async ({ db, now, input, request }) => {
    const keys = { username: input.username, address: request.ip };
    const at = now();
    const waitMinutes = await loginRetryAfterMinutes(db, keys, at);
    if (waitMinutes > 0) {
      throw new HttpError(
        429,
        `Too many failed login attempts. Please try again in ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}.`,
      );
    }
    const user = await findUserByUsername(db, input.username);
    const passwordOk = await verifyPassword(user?.password_hash, input.password);
    if (!user || !passwordOk || user.is_active !== 1) {
      await recordLoginFailure(db, keys, at);
      throw unauthorized(WRONG_CREDENTIALS);
    }
    await clearLoginFailures(db, input.username);
    const token = await issueToken(db, user.id, at);
    return {
      success: true,
      token,
      user_id: user.id,
      name: user.name,
      username: user.username,
      role: user.role_id === ROLE_ID.admin ? 'admin' : 'user',
      gender: user.gender,
      message: 'Login successful',
    };
  });

  handle(app, 'logout', async ({ db, now, caller }) => {
    await revokeToken(db, caller.tokenHash, now());
    return { success: true, message: 'Logged out.' };
  });
}
