import { z } from 'zod';
import { TERM_NAME_MAX, termProblem } from '../terms.js';
import {
  DeleteByIdRequest,
  defineSchemas,
  Id,
  NoPayload,
  SavedResponse,
  SuccessResponse,
} from './common.js';

/**
 * The academy's terms (issue 30, point 2; contract/src/terms.ts): a name and a first and last
 * day, set in Settings. The current term (the one holding the academy's today) is what the
 * roll's figures count within.
 */
export const Term = z.object({
  id: Id,
  name: z.string(),
  /** YYYY-MM-DD, in the term. */
  first_day: z.string(),
  /** YYYY-MM-DD, in the term. */
  last_day: z.string(),
});

/** Every term, earliest first, and which is current (none when today is in no term). */
export const ListTermsResponse = z.object({
  success: z.literal(true),
  terms: z.array(Term),
  current_term_id: Id.nullable(),
});

const Day = (which: string) => z.string({ error: `The ${which} day must be a date.` }).trim();

/**
 * A new term (no id) or a term changed (its id). The name and days are checked here
 * (termProblem); another term with the name or any of the days is refused by the server.
 */
export const SaveTermRequest = z
  .object({
    id: Id.optional(),
    name: z
      .string({ error: 'Please enter the term’s name.' })
      .trim()
      .min(1, { error: 'Please enter the term’s name.' })
      .max(TERM_NAME_MAX, {
        error: `The term’s name must be at most ${TERM_NAME_MAX} characters.`,
      }),
    first_day: Day('first'),
    last_day: Day('last'),
  })
  .superRefine((term, ctx) => {
    const problem = termProblem(term);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const termSchemas = defineSchemas({
  listTerms: { request: NoPayload, response: ListTermsResponse },
  saveTerm: { request: SaveTermRequest, response: SavedResponse },
  deleteTerm: { request: DeleteByIdRequest, response: SuccessResponse },
});
