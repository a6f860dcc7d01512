import { z } from 'zod';
import { GUARDIAN_PHONE, MESSAGE_KINDS } from '../messages.js';
import { normalEmail } from '../text.js';
import {
  defineSchemas,
  Id,
  NoPayload,
  nameText,
  OptionalId,
  phoneText,
  SavedResponse,
  SuccessResponse,
  Timestamp,
} from './common.js';

/**
 * A student's guardians (issue 31, point 4): the people the academy also tells some kinds of
 * message (absence warnings and published results by default), by SMS and e-mail.
 */

/** How many guardians one student's record holds at most. */
export const MAX_GUARDIANS = 5;

export const Guardian = z.object({
  id: Id,
  name: z.string(),
  /** E.164 ('+447700900123'), or null. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created_at: Timestamp,
});

export const ListGuardiansRequest = z.object({ user_id: Id });
export const ListGuardiansResponse = z.object({
  success: z.literal(true),
  guardians: z.array(Guardian),
});

const PHONE_WORDS = GUARDIAN_PHONE.fallback;
const EITHER_WORDS = "Please enter the guardian's phone number or e-mail address (or both).";

/** Blank is none; anything else must be a number in E.164 once spaces and dashes are gone. */
const GuardianPhone = phoneText(PHONE_WORDS, 'none');

const EMAIL_WORDS = "Please enter the guardian's e-mail address as name@example.com.";

/** Blank is none; anything else must be an e-mail address. */
const GuardianEmail = z
  .string({ error: EMAIL_WORDS })
  .trim()
  .max(200, { error: "The guardian's e-mail address must be at most 200 characters." })
  .transform((typed, ctx) => {
    if (typed === '') return null;
    if (!z.email().safeParse(typed).success) {
      ctx.addIssue({ code: 'custom', message: EMAIL_WORDS });
      return z.NEVER;
    }
    return normalEmail(typed);
  });

/** A guardian's own fields: a name, and a phone or an e-mail (or both). */
const guardianShape = {
  name: nameText(100, "Please enter the guardian's name."),
  phone: GuardianPhone.default(null),
  email: GuardianEmail.default(null),
};

const phoneOrEmail = (
  value: { phone: string | null; email: string | null },
  ctx: z.core.$RefinementCtx,
) => {
  if (value.phone === null && value.email === null)
    ctx.addIssue({ code: 'custom', message: EITHER_WORDS, path: ['phone'] });
};

/**
 * A guardian as the Guardians card and the students' import take one (the same rules and
 * words): the name, and a phone in E.164 or an e-mail, each null when blank.
 */
export const GuardianFields = z.object(guardianShape).superRefine(phoneOrEmail);

/** A guardian added (no guardian_id) or changed (guardian_id, one of this student's). */
export const SaveGuardianRequest = z
  .object({ user_id: Id, guardian_id: OptionalId, ...guardianShape })
  .superRefine(phoneOrEmail);

export const DeleteGuardianRequest = z.object({ user_id: Id, guardian_id: Id });

/** Which kinds of message also go to every student's guardians. */
export const GetGuardianKindsResponse = z.object({
  success: z.literal(true),
  kinds: z.array(z.enum(MESSAGE_KINDS)),
  /** The kinds chosen until the academy chooses (DEFAULT_GUARDIAN_KINDS). */
  defaults: z.array(z.enum(MESSAGE_KINDS)),
});

export const SaveGuardianKindsRequest = z.object({
  /** Each kind at most once; none: guardians are sent nothing. */
  kinds: z
    .array(
      z.enum(MESSAGE_KINDS, {
        error: `Each kind must be one of ${MESSAGE_KINDS.join(', ')}.`,
      }),
      { error: 'The kinds must be a list.' },
    )
    .max(MESSAGE_KINDS.length * 2, { error: 'Each kind may be chosen once.' })
    .transform((kinds) => MESSAGE_KINDS.filter((k) => kinds.includes(k))),
});

export const guardianSchemas = defineSchemas({
  listGuardians: { request: ListGuardiansRequest, response: ListGuardiansResponse },
  saveGuardian: { request: SaveGuardianRequest, response: SavedResponse },
  deleteGuardian: { request: DeleteGuardianRequest, response: SuccessResponse },
  getGuardianKinds: { request: NoPayload, response: GetGuardianKindsResponse },
  saveGuardianKinds: { request: SaveGuardianKindsRequest, response: SuccessResponse },
});
