import { ROLE_ID } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../../auth/passwords.js';
import {
  clearLoginFailures,
  loginRetryAfterMinutes,
  recordLoginFailure,
  type ThrottleKeys,
} from '../../auth/throttle.js';
import { issueToken, revokeToken, revokeUserTokens } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';
import { handle } from '../../http/call.js';
import { badRequest, HttpError, notFound, unauthorized } from '../../http/errors.js';
import { findUserById, findUserByUsername, setPassword } from '../users/users-data.js';

/** One message for an unknown username and a wrong password, so neither reveals which it was. */
const WRONG_CREDENTIALS = 'Invalid username or password.';

export default async function accountRoutes(app: FastifyInstance) {
  handle(app, 'login', async ({ db, now, input, request }) => {
    const keys = { username: input.username, address: request.ip };
    const at = now();
    await refuseWhenThrottled(db, keys, at);
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

  handle(app, 'logout', async ({ db, now, caller, callers }) => {
    await revokeToken(db, caller.tokenHash, now());
    callers.forget(caller.tokenHash);
    return { success: true, message: 'Logged out.' };
  });

  /**
   * A wrong current password counts as a failed login for the username, so this call cannot
   * be used to guess passwords faster than the login screen. It answers 400, not 401: the
   * session itself is fine. Other sessions of the user end; this one stays.
   */
  handle(app, 'changePassword', async ({ db, now, input, caller, request }) => {
    const keys = { username: caller.username, address: request.ip };
    const at = now();
    await refuseWhenThrottled(db, keys, at);
    const user = await findUserById(db, caller.id);
    if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
      await recordLoginFailure(db, keys, at);
      throw badRequest('The current password is not correct.');
    }
    if (input.new_password === input.current_password) {
      throw badRequest('The new password must be different from the current one.');
    }
    await setPassword(db, caller.id, input.new_password, at);
    await revokeUserTokens(db, caller.id, at, caller.tokenHash);
    app.deps.callers.forgetUser(caller.id);
    return { success: true, message: 'Password changed successfully.' };
  });

  handle(app, 'resetPassword', async ({ db, now, input }) => {
    const user = await findUserById(db, input.user_id);
    if (!user) throw notFound('User not found.');
    const at = now();
    await setPassword(db, user.id, input.new_password, at);
    await revokeUserTokens(db, user.id, at);
    app.deps.callers.forgetUser(user.id);
    await clearLoginFailures(db, user.username);
    return {
      success: true,
      message: `The password of ${user.name} was reset. They must log in again.`,
    };
  });

  handle(app, 'setUserActive', async ({ db, now, input, caller }) => {
    const user = await findUserById(db, input.user_id);
    if (!user) throw notFound('User not found.');
    if (!input.active && user.id === caller.id) {
      throw badRequest('You cannot deactivate your own account.');
    }
    const at = now();
    await db
      .updateTable('users')
      .set({ is_active: input.active ? 1 : 0, updated_at: at })
      .where('id', '=', user.id)
      .execute();
    if (!input.active) await revokeUserTokens(db, user.id, at);
    app.deps.callers.forgetUser(user.id);
    return {
      success: true,
      message: input.active ? `${user.name} can log in again.` : `${user.name} was deactivated.`,
    };
  });
}

async function refuseWhenThrottled(db: Db, keys: ThrottleKeys, at: number): Promise<void> {
  const waitMinutes = await loginRetryAfterMinutes(db, keys, at);
  if (waitMinutes > 0) {
    throw new HttpError(
      429,
      `Too many failed login attempts. Please try again in ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}.`,
    );
  }
}
