import { z } from 'zod';
import { Id } from './common.js';

/** The most students one list of chosen students may name (a class has no such limit). */
export const MAX_CHOSEN_STUDENTS = 500;

/**
 * A list of student ids: a list in JSON, or a JSON list as text where the call is a form
 * (multipart). Each id at most once, at least one.
 */
export const StudentIds = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .array(Id, { error: 'must be a list of student ids' })
    .min(1, { error: 'Please select at least one student.' })
    .max(MAX_CHOSEN_STUDENTS, {
      error: `At most ${MAX_CHOSEN_STUDENTS} students at once: send to a class instead.`,
    })
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'Each student may be chosen once.',
    }),
);

/** A chosen id, or nothing: blank means not chosen, anything else not an id is `message`. */
function chosenId(message: string) {
  return z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined || value === '' || value === null) return undefined;
      const parsed = Id.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed.data;
    })
    .optional();
}

/**
 * Who a piece of work goes to (new beside the spec's single `user_id`): one student
 * (`user_id`, the spec's field), several chosen students (`user_ids`), or every student of a
 * class (`class_id`). Exactly one of them; none is the screen's own words (`missing`). The
 * calls that also send to everyone keep their own way of saying so.
 */
export function recipientFields(missing: string) {
  return {
    user_id: chosenId(missing),
    user_ids: StudentIds.optional(),
    class_id: chosenId('Please select a class.'),
  };
}

export interface RecipientChoice {
  /** One student, or (where a call allows it) 'all'. */
  user_id?: number | 'all' | undefined;
  user_ids?: number[] | undefined;
  class_id?: number | undefined;
}

/** How many ways of choosing a payload used: a send needs exactly one. */
export function countRecipientChoices(v: RecipientChoice): number {
  return [v.user_id, v.user_ids, v.class_id].filter((x) => x !== undefined).length;
}

/** The check every send adds to its payload: exactly one way of choosing students. */
export function oneRecipientChoice<T extends RecipientChoice>(missing: string) {
  return (v: T, ctx: z.core.$RefinementCtx<T>) => {
    const used = countRecipientChoices(v);
    if (used === 0) ctx.addIssue({ code: 'custom', message: missing, path: ['user_id'] });
    if (used > 1)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose one student, several students or a class, not more than one of them.',
        path: ['user_id'],
      });
  };
}
