import { z } from 'zod';
import type { CallName } from '../routes/index.js';

/** A call's payload and response schemas. The server validates with them; the web client is typed by them. */
export interface CallSchemas {
  readonly request: z.ZodType;
  readonly response: z.ZodType;
}

/** Keeps a domain's schema map literal while checking its keys against the route table. */
export function defineSchemas<const T extends { [K in CallName]?: CallSchemas }>(schemas: T): T {
  return schemas;
}

/**
 * The largest id a column can hold: ids are 32-bit integers on PostgreSQL, so a larger one
 * would fail in the database (a 500) instead of being refused as bad input (a 400).
 */
export const MAX_ID = 2_147_483_647;

/**
 * A database id. Form, multipart and query values arrive as strings, JSON ones as numbers;
 * both become a number. Arrays, fractions, signs, blanks and ids beyond MAX_ID are refused.
 */
export const Id = z.union([
  z.number().int().positive().max(MAX_ID, { error: 'is not a valid id' }),
  z
    .string()
    .regex(/^\d{1,10}$/, { error: 'must be a positive whole number' })
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX_ID, { error: 'is not a valid id' })),
]);

/**
 * An id the user must have chosen, with the screen's own words when it is missing or blank
 * ('Please select a user.').
 */
export function requiredId(message: string) {
  return z.unknown().transform((value, ctx) => {
    const parsed = Id.safeParse(value);
    if (value === undefined || value === '' || !parsed.success) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed.data;
  });
}

/** A page number for lists that are paged in SQL (1 is the first page). */
export const Page = z.union([
  z.number().int().min(1).max(100_000),
  z
    .string()
    .regex(/^\d{1,6}$/, { error: 'must be a page number' })
    .transform(Number)
    .pipe(z.number().int().min(1)),
]);

/** A stored file as lists show it: a signed download link and the file's own name. */
export const FileRef = z.object({ file_url: z.string(), file_name: z.string() });

/** A user_id that may be 0 where the spec sends 0 to mean "everyone" (get_allnotifications.php). */
export const IdOrZero = z.union([
  z.number().int().min(0).max(MAX_ID, { error: 'is not a valid id' }),
  z
    .string()
    .regex(/^\d{1,10}$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(z.number().int().max(MAX_ID, { error: 'is not a valid id' })),
]);

/** Trimmed text of at most `max` characters; `required` refuses blanks with the given message. */
export function text(max: number, required?: string) {
  const base = (required ? z.string({ error: required }) : z.string())
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
  return required ? base.min(1, { error: required }) : base;
}

/** `{success: true, message}`: the plain answer of a call that changes something. */
export const SuccessResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** The error body most calls answer with (spec: `success`, `message`). */
export const ErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string().optional(),
  status: z.literal('error').optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Timestamps travel as the spec shows them: 'YYYY-MM-DD HH:MM:SS', in UTC. */
export const Timestamp = z.string();

/** Calls without a payload. Unknown query keys (cache busters) are ignored. */
export const NoPayload = z.object({});
