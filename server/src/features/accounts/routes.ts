import { ROLE_NAMES, type RoleId } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { issueDeviceCookie, readDeviceCookie } from '../../auth/device-cookie.js';
import { describeWait } from '../../auth/login-rules.js';
import { verifyPassword } from '../../auth/passwords.js';
import {
  beginLoginAttempt,
  type LoginAttempt,
  type LoginKeys,
  LoginThrottled,
} from '../../auth/throttle.js';
import { endSession, issueToken } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';
import { findUserById } from '../../domain/people.js';
import { handle } from '../../http/call.js';
import { badRequest, notFound, tooManyRequests, unauthorized } from '../../http/errors.js';
import { changeOwnPassword, resetPassword, setUserActive } from '../users/user-commands.js';
import { findUserByUsername } from '../users/users-data.js';

/** One message for an unknown username and a wrong password, so neither reveals which it was. */
const WRONG_CREDENTIALS = 'Invalid username or password.';

export default async function accountRoutes(app: FastifyInstance) {
  /**
   * A device that signed in to this username before carries its device cookie
   * (auth/device-cookie.ts): its tries are counted on the device, so guessers who have locked
   * the username cannot lock its owner out. A success (re)issues the cookie; the answer's body
   * is the spec's.
   */
  handle(app, 'login', async ({ db, now, input, request, reply, signingSecret }) => {
    const at = now();
    const device = readDeviceCookie(signingSecret, request.headers.cookie, input.username, at);
    const attempt = await beginAttempt(
      db,
      { username: input.username, address: request.ip, device },
      now,
    );
    const user = await findUserByUsername(db, input.username);
    const passwordOk = await verifyPassword(user?.password_hash, input.password);
    if (!user || !passwordOk || user.is_active !== 1) {
      await attempt.failed();
      throw unauthorized(WRONG_CREDENTIALS);
    }
    await attempt.succeeded();
    reply.header(
      'set-cookie',
      issueDeviceCookie(signingSecret, user.username, at, {
        secure: request.protocol === 'https',
        device,
      }),
    );
    const token = await issueToken(db, user.id, at);
    return {
      success: true,
      token,
      user_id: user.id,
      name: user.name,
      username: user.username,
      role: ROLE_NAMES[user.role_id as RoleId] ?? 'user',
      gender: user.gender,
      message: 'Login successful',
    };
  });

  handle(app, 'logout', async (ctx) => {
    await endSession(ctx, ctx.caller.tokenHash);
    return { success: true, message: 'Logged out.' };
  });

  /**
   * A wrong current password counts as a failed login for the username, so this call cannot
   * be used to guess passwords faster than the login screen. It answers 400, not 401: the
   * session itself is fine. Other sessions of the user end; this one stays.
   */
  handle(app, 'changePassword', async (ctx) => {
    const { db, now, input, caller, request } = ctx;
    const attempt = await beginAttempt(db, { username: caller.username, address: request.ip }, now);
    const user = await findUserById(db, caller.id);
    if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
      await attempt.failed();
      throw badRequest('The current password is not correct.');
    }
    await attempt.succeeded();
    if (input.new_password === input.current_password) {
      throw badRequest('The new password must be different from the current one.');
    }
    await changeOwnPassword(ctx, caller, input.new_password);
    return { success: true, message: 'Password changed successfully.' };
  });

  /**
   * An administrator resets someone else's password. Their own goes through Change Password,
   * which asks for the current one: a session left open on a shared computer must not be
   * enough to take the account over.
   */
  handle(app, 'resetPassword', async (ctx) => {
    const { db, input, caller } = ctx;
    if (input.user_id === caller.id) {
      throw badRequest(
        'You cannot reset your own password here. Use Change Password, which asks for your current one.',
      );
    }
    const user = await findUserById(db, input.user_id);
    if (!user) throw notFound('User not found.');
    await resetPassword(ctx, user, input.new_password);
    return {
      success: true,
      message: `The password of ${user.name} was reset. They must log in again.`,
    };
  });

  handle(app, 'setUserActive', async (ctx) => {
    const { db, input, caller } = ctx;
    const user = await findUserById(db, input.user_id);
    if (!user) throw notFound('User not found.');
    if (!input.active && user.id === caller.id) {
      throw badRequest('You cannot deactivate your own account.');
    }
    await setUserActive(ctx, user.id, input.active);
    return {
      success: true,
      message: input.active ? `${user.name} can log in again.` : `${user.name} was deactivated.`,
    };
  });
}

/**
 * Counts a password check before it runs (auth/throttle.ts), or refuses it with a 429 that
 * says how long to wait: in words in the spec's message, and in Retry-After.
 */
async function beginAttempt(db: Db, keys: LoginKeys, clock: () => number): Promise<LoginAttempt> {
  try {
    return await beginLoginAttempt(db, keys, clock);
  } catch (error) {
    if (!(error instanceof LoginThrottled)) throw error;
    // An address is slowed down, not locked; saying so tells a school why everyone waits.
    // (A device's own limit reads like the account's: the device is that account's.)
    const from = error.scope === 'address' ? ' from your network' : '';
    throw tooManyRequests(
      `Too many failed login attempts${from}. Please try again in ${describeWait(error.waitMs)}.`,
      error.waitMs,
    );
  }
}
