import { z } from 'zod';
import { mayBePhone } from '../messages.js';
import type { CallName } from '../routes/index.js';
import { normalEmail, withoutHidden } from '../text.js';

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

/** What a whole number may be, and the words for one that is out of bounds. */
export interface WholeNumberRule {
  /** The smallest accepted; below it, 'must be at least <least - 1 if exclusive>'. */
  least: number;
  /** The words of 'must be at least …' (an id says 0: it must be more than 0). */
  leastWords: number;
  most: number;
  tooBig: string;
  /** The longest digit string accepted as text. */
  digits: number;
}

const WRONG_KIND = 'has a value of the wrong kind';

/**
 * A whole number read in one step, from a JSON number or from the text a form, multipart
 * field or query string carries: digits only (no sign, point, exponent or blank). Anything
 * else is 'has a value of the wrong kind'; a number past what a double holds exactly, below
 * or above the bounds gets the words those bounds have always had. What comes out is a plain
 * number whose description (an integer and its bounds, for the API document and the answers'
 * serialiser) says what the read has already checked; nothing is checked twice.
 */
export function wholeNumber(rule: WholeNumberRule) {
  const digits = new RegExp(`^\\d{1,${rule.digits}}$`);
  const read = (value: number | string, ctx: z.core.$RefinementCtx): number => {
    let n: number;
    if (typeof value === 'number') {
      n = value;
      if (!Number.isInteger(n)) return refuse(ctx, WRONG_KIND);
      if (n > Number.MAX_SAFE_INTEGER)
        return refuse(ctx, `must be at most ${Number.MAX_SAFE_INTEGER}`);
      if (n < Number.MIN_SAFE_INTEGER)
        return refuse(ctx, `must be at least ${Number.MIN_SAFE_INTEGER}`);
    } else if (typeof value === 'string' && digits.test(value)) {
      n = Number(value);
    } else {
      return refuse(ctx, WRONG_KIND);
    }
    if (n < rule.least) return refuse(ctx, `must be at least ${rule.leastWords}`);
    if (n > rule.most) return refuse(ctx, rule.tooBig);
    return n;
  };
  return z.preprocess<number, z.ZodNumber, number | string>(
    read,
    z.number().meta({ type: 'integer', minimum: rule.least, maximum: rule.most }),
  );
}

function refuse(ctx: z.core.$RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
}

/**
 * A database id. Form, multipart and query values arrive as strings, JSON ones as numbers;
 * both become a number. Arrays, fractions, signs, blanks and ids beyond MAX_ID are refused.
 */
export const Id = wholeNumber({
  least: 1,
  leastWords: 0,
  most: MAX_ID,
  tooBig: 'is not a valid id',
  digits: 10,
});

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

/**
 * An id the caller may leave out: absent or blank ('' from a form's "none" option) is
 * undefined, anything else must be a valid id.
 */
export const OptionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  Id.optional(),
);

/**
 * A calendar day, 'YYYY-MM-DD' (a date picker's value), that exists; blank is undefined.
 * Which zone the day is in is the call's to say.
 */
export const OptionalDay = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date such as 2026-11-22' })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      },
      { error: 'is not a real date' },
    )
    .optional(),
);

/** A page number for lists that are paged in SQL (1 is the first page). */
export const Page = wholeNumber({
  least: 1,
  leastWords: 1,
  most: 100_000,
  tooBig: 'must be at most 100000',
  digits: 6,
});

/** A stored file as lists show it: a signed download link and the file's own name. */
export const FileRef = z.object({ file_url: z.string(), file_name: z.string() });

/** A user_id that may be 0 where the spec sends 0 to mean "everyone" (get_allnotifications.php). */
export const IdOrZero = wholeNumber({
  least: 0,
  leastWords: 0,
  most: MAX_ID,
  tooBig: 'is not a valid id',
  digits: 10,
});

/** Trimmed text of at most `max` characters; `required` refuses blanks with the given message. */
export function text(max: number, required?: string) {
  const base = (required ? z.string({ error: required }) : z.string())
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
  return required ? base.min(1, { error: required }) : base;
}

/**
 * A name people read in lists and exports (a user's, a class's): text() without the hidden
 * characters that spoof one (bidi overrides, zero-width characters, line breaks), removed by
 * the rule file names follow (text.ts withoutHidden) before it is trimmed and measured.
 */
export function nameText(max: number, required: string) {
  return z
    .string({ error: required })
    .overwrite(withoutHidden)
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .min(1, { error: required });
}

/**
 * An e-mail address a call saves (a user's, on create, edit and the import): required, at most
 * `max` characters, valid, and kept in lower case (text.ts normalEmail), so every call saving
 * one keeps it the same way.
 */
export function emailText(max: number, missing: string) {
  return text(max, missing)
    .pipe(z.email({ error: 'Please enter a valid email address.' }))
    .transform(normalEmail);
}

/** `{success: true, message}`: the plain answer of a call that changes something. */
export const SuccessResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** `{success: true, message, id}`: the answer of a call that creates or updates a record. */
export const SavedResponse = SuccessResponse.extend({ id: Id });

/** A payload that names the calling student (or the student an admin acts for). */
export const OwnUser = z.object({ user_id: Id });

/** A payload that names one record, as the delete calls take it. */
export const DeleteByIdRequest = z.object({ id: Id });

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

/**
 * A date and time an administrator types (a due time, an item's or a speaking question's
 * window). Without a zone ('2026-12-04T17:00', as a date-and-time picker gives it, or
 * '2026-12-04 17:00:00') it is a time on the academy's clock (its time zone in Settings), which
 * the server turns into an instant (db/time.ts, instantOfMoment): the administrator's browser
 * may be set to any zone. With a zone ('…Z', '…+03:30') it is that instant.
 */
export const Moment = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/, {
    error: 'must be a date and time such as 2026-12-04T17:00',
  })
  .transform((value, ctx): { instant: number } | { local: string } => {
    const [, date, hhmm, ss, zone] =
      /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(.*)$/.exec(value) ?? [];
    const wall = `${date}T${hhmm}:${ss ?? '00'}`;
    const asUtc = new Date(`${wall}Z`);
    // The calendar must hold the day and the clock the time (no 2026-02-31, no 24:30).
    if (Number.isNaN(asUtc.getTime()) || asUtc.toISOString().slice(0, 19) !== wall) {
      ctx.addIssue({ code: 'custom', message: 'is not a real date and time' });
      return z.NEVER;
    }
    if (!zone) return { local: wall };
    const offset = zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
    return { instant: Date.parse(`${wall}${offset}`) };
  });

/** A CSV file made by the server (papaparse), with the name to save it under. */
export const CsvFileResponse = z.object({
  success: z.literal(true),
  /** Cells a spreadsheet would run start with '. */
  csv: z.string(),
  file_name: z.string(),
  count: z.number(),
});

/** A file a call answers (a route with `file`): its bytes, not JSON. */
export const FileBytes = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .describe('the file itself (a PDF or a spreadsheet), not JSON');

/** Calls without a payload. Unknown query keys (cache busters) are ignored. */
export const NoPayload = z.object({});

/**
 * A mark on a piece of work (issue 30, point 1; contract/src/marks.ts): hundredths of a point,
 * out of whole points. Null where the work has no mark.
 */
export const MarkSchema = z.object({ hundredths: z.number().int(), out_of: z.number().int() });

/**
 * A mark as the teacher typed it ('' for none), read with readMark: text, never a number, so
 * it is not rounded on its way in.
 */
export const MarkText = z
  .string()
  .max(20, { error: 'The mark must be a number such as 85 or 85.5, with at most two decimals.' });

/** What work is marked out of, as typed ('' for the usual 100), read with readOutOf. */
export const OutOfText = z
  .string()
  .max(10, { error: 'The mark must be out of a whole number from 1 to 1000.' });

/**
 * The mark a teacher types with a correction or a reply, as the form sends it: the points and
 * what they are out of, both text ('' for none; out of 100). Read with readMark.
 */
export const MarkFields = {
  mark: MarkText.default(''),
  mark_out_of: OutOfText.default(''),
};

/**
 * A phone number typed any common way ('+44 (7700) 900-123', '0912 555 0101'), as typed
 * (trimmed); `words` when it cannot be one (messages.ts mayBePhone). The server reads it in
 * the academy's country and keeps it in E.164 (issue 49: server domain/academy-phone.ts),
 * which no schema can do, since the country is a setting. With `blank: 'none'`, blank (or
 * null) is no number (null). A person's own number, a guardian's, a test SMS's.
 */
export function phoneText(words: string, blank: 'none'): z.ZodType<string | null, string | null>;
export function phoneText(words: string): z.ZodType<string, string>;
export function phoneText(words: string, blank?: 'none'): z.ZodType {
  return z
    .string({ error: words })
    .trim()
    .max(40, { error: words })
    .nullable()
    .transform((typed, ctx) => {
      if ((typed === null || typed === '') && blank === 'none') return null;
      if (typed !== null && mayBePhone(typed)) return typed;
      ctx.addIssue({ code: 'custom', message: words });
      return z.NEVER;
    });
}
