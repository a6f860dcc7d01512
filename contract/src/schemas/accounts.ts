import { z } from 'zod';
import { GENDERS } from '../constants.js';
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
  role: z.enum(['admin', 'user']),
  gender: z.enum(GENDERS),
  message: z.string(),
});

export const accountSchemas = defineSchemas({
  login: { request: LoginRequest, response: LoginResponse },
  logout: { request: NoPayload, response: SuccessResponse },
});
