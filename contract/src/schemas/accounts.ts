import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, USER_GENDERS } from '../constants.js';
import { defineSchemas, Id, NoPayload, SuccessResponse } from './common.js';

const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

export const LoginRequest = z.object({
  username: z
    .string({ error: FILL_IN_ALL_FIELDS })
    .trim()
    .min(1, { error: FILL_IN_ALL_FIELDS })
    .max(100, { error: 'must be at most 100 characters' }),
  password: z
    .string({ error: FILL_IN_ALL_FIELDS })
    .min(1, { error: FILL_IN_ALL_FIELDS })
    .max(1000, { error: 'must be at most 1000 characters' }),
});

export const LoginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  user_id: Id,
  name: z.string(),
  username: z.string(),
  /** 'teacher' is new (issue 29). */
  role: z.enum(['admin', 'user', 'teacher']),
  /** '' when not given (issue 49, point 7): the home screen shows the default picture. */
  gender: z.enum(USER_GENDERS),
  message: z.string(),
});

/** The rules of a new password, wherever one is set (Change Password, a reset, a link by e-mail). */
export const newPassword = z
  .string({ error: 'Please enter a new password.' })
  .min(MIN_PASSWORD_LENGTH, {
    error: `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  })
  .max(200, { error: 'The new password must be at most 200 characters.' });

export const ChangePasswordRequest = z.object({
  current_password: z
    .string({ error: 'Please enter your current password.' })
    .min(1, { error: 'Please enter your current password.' })
    .max(1000),
  new_password: newPassword,
});

export const ResetPasswordRequest = z.object({ user_id: Id, new_password: newPassword });

export const SetUserActiveRequest = z.object({
  user_id: Id,
  /** 1 or true to activate, 0 or false to deactivate. */
  active: z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
});

export const accountSchemas = defineSchemas({
  login: { request: LoginRequest, response: LoginResponse },
  logout: { request: NoPayload, response: SuccessResponse },
  changePassword: { request: ChangePasswordRequest, response: SuccessResponse },
  resetPassword: { request: ResetPasswordRequest, response: SuccessResponse },
  setUserActive: { request: SetUserActiveRequest, response: SuccessResponse },
});
