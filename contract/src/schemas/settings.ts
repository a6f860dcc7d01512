import { z } from 'zod';
import {
  ACADEMY_NAME_MAX,
  BRANDING_IMAGES,
  canonicalTimeZone,
  REMINDER_LEAD_CHOICES,
} from '../constants.js';
import { clockMinutes } from '../quiet-hours.js';
import {
  type RollRulesFields as RollRulesWire,
  rollRulesFromFields,
  rollRulesProblem,
} from '../roll-rules.js';
import {
  QUIET_HOURS_NOT_TIMES,
  QUIET_HOURS_UNPAIRED,
  quietHoursProblem,
  settingsLinkProblem,
} from '../settings-rules.js';
import { withoutHidden } from '../text.js';
import { currencyProblem } from '../tuition/money.js';
import { defineSchemas, NoPayload, SuccessResponse } from './common.js';
import { CurrencyView } from './tuition.js';

/** The words for a country that is not one (save_settings' `country`). */
export const COUNTRY_WORDS = 'Please choose the academy’s country from the list.';

/** A link that opens from a button: http(s) only, or empty for the default. */
function settingsLink(label: string) {
  return z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(2000, { error: `The ${label} must be at most 2000 characters.` })
    .superRefine((v, ctx) => {
      const problem = settingsLinkProblem(label, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** The images to put back to the default: one name, or several (a field sent more than once). */
const UseDefault = z
  .union([z.enum(BRANDING_IMAGES), z.array(z.enum(BRANDING_IMAGES)).max(3)], {
    error:
      'The image to put back to the default must be logo, login_background or home_background.',
  })
  .transform((v) => (Array.isArray(v) ? [...new Set(v)] : [v]));

/** One end of the quiet hours: 'HH:MM', or '' for none. */
const QuietTime = z
  .string({ error: QUIET_HOURS_NOT_TIMES })
  .trim()
  .refine((v) => v === '' || clockMinutes(v) !== undefined, { error: QUIET_HOURS_NOT_TIMES });

/** How long before a due time students are reminded: one of the choices, in hours (0: never). */
const ReminderLeadHours = z
  .string({ error: 'The reminder time must be a number of hours.' })
  .trim()
  .transform((value, ctx) => {
    const hours = Number(value);
    if (value === '' || !(REMINDER_LEAD_CHOICES as readonly number[]).includes(hours)) {
      ctx.addIssue({
        code: 'custom',
        message: `The reminder time must be one of ${REMINDER_LEAD_CHOICES.join(', ')} hours (0: no reminders).`,
      });
      return z.NEVER;
    }
    return hours;
  });

/** The roll's rules on the wire (issue 29): RollRulesFields of contract/src/roll-rules.ts. */
export const RollRulesFields = z.object({
  points: z.object({
    present: z.number(),
    late: z.number(),
    absent: z.number(),
    excused: z.number(),
  }),
  lates_per_absence: z.number(),
  warning_at: z.number().nullable(),
  absence_limit: z.number().nullable(),
}) satisfies z.ZodType<RollRulesWire>;

/**
 * The roll's rules as save_settings takes them: one form field of JSON (the call is a
 * multipart form), refused in the Settings screen's words (contract/src/roll-rules.ts).
 */
const RollRulesField = z
  .string({ error: 'The attendance rules must be JSON text.' })
  .transform((value, ctx) => {
    let fields: RollRulesWire;
    try {
      const parsed = RollRulesFields.safeParse(JSON.parse(value));
      if (!parsed.success) throw new Error('not rules');
      fields = parsed.data;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The attendance rules could not be read.' });
      return z.NEVER;
    }
    const problem = rollRulesProblem(rollRulesFromFields(fields));
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return rollRulesFromFields(fields);
  });

/**
 * What save_settings takes: every field is optional and an absent one stays as it is. Links
 * may be empty: the default (the environment's value) applies again. Images come as the
 * upload fields logo, login_background and home_background (PNG, JPEG or WebP, 5 MB each).
 */
export const SaveSettingsRequest = z
  .object({
    academy_name: z
      .string({ error: 'The academy name must be text.' })
      .trim()
      .min(1, { error: 'Please enter the academy name.' })
      .max(ACADEMY_NAME_MAX, {
        error: `The academy name must be at most ${ACADEMY_NAME_MAX} characters.`,
      })
      .optional(),
    time_zone: z
      .string({ error: 'The time zone must be text.' })
      .trim()
      .transform((zone, ctx) => {
        const canonical = canonicalTimeZone(zone);
        if (!canonical) {
          ctx.addIssue({
            code: 'custom',
            message: 'Please choose a valid time zone, such as Europe/London.',
          });
          return z.NEVER;
        }
        return canonical;
      })
      .optional(),
    online_class_url: settingsLink('online class link').optional(),
    website_url: settingsLink('website link').optional(),
    use_default: UseDefault.optional(),
    /**
     * Quiet hours, in the academy's time zone: no popup sound from one to the other (over
     * midnight when 'to' comes first). Sent together; both '' turns them off.
     */
    quiet_hours_from: QuietTime.optional(),
    quiet_hours_to: QuietTime.optional(),
    /** Hours before an assignment's due time that students who have not handed in are reminded. */
    reminder_lead_hours: ReminderLeadHours.optional(),
    /** New (issue 29): the roll's rules, as JSON (RollRulesFields). */
    roll_rules: RollRulesField.optional(),
    /**
     * New (issue 49, point 17): the academy's country, ISO 3166 alpha-2 ('IR'), which local
     * phone numbers are read in; '' clears it (the time zone's suggestion applies). The
     * server refuses a code it has no numbering plan for.
     */
    country: z
      .string({ error: COUNTRY_WORDS })
      .trim()
      .regex(/^([A-Za-z]{2})?$/, { error: COUNTRY_WORDS })
      .transform((v) => v.toUpperCase())
      .optional(),
    /** New (issue 49): the director's name over their signature line on report cards; '' clears. */
    director_name: z
      .string({ error: 'The director’s name must be text.' })
      .transform((v) => withoutHidden(v).trim())
      .pipe(
        z.string().max(ACADEMY_NAME_MAX, {
          error: `The director’s name must be at most ${ACADEMY_NAME_MAX} characters.`,
        }),
      )
      .optional(),
    /** New (issue 49): 'true' takes the stamp off report cards (a new one comes as the upload `stamp`). */
    remove_stamp: z
      .enum(['true', 'false'], { error: "remove_stamp must be 'true' or 'false'." })
      .transform((v) => v === 'true')
      .optional(),
    /**
     * New (issue 52): the academy's currency, sent together: its code ('IRR'), its name
     * ('Rial') and its decimals ('0' to '3'). Once money is recorded the decimals stay as
     * they are (the server refuses a change: every amount would change its meaning).
     */
    currency_code: z
      .string({ error: 'The currency’s code must be text.' })
      .trim()
      .transform((v) => v.toUpperCase())
      .optional(),
    currency_name: z
      .string({ error: 'The currency’s name must be text.' })
      .transform((v) => withoutHidden(v).trim())
      .optional(),
    currency_decimals: z
      .string({ error: 'The currency’s decimals must be a number.' })
      .trim()
      .transform((v) => (/^\d$/.test(v) ? Number(v) : Number.NaN))
      .optional(),
  })
  .superRefine((value, ctx) => {
    const { currency_code: code, currency_name: name, currency_decimals: decimals } = value;
    if (code === undefined && name === undefined && decimals === undefined) return;
    if (code === undefined || name === undefined || decimals === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['currency_code'],
        message: 'The currency’s code, name and decimals are saved together.',
      });
      return;
    }
    const problem = currencyProblem({ code, name, decimals });
    if (problem) ctx.addIssue({ code: 'custom', path: ['currency_code'], message: problem });
  })
  .superRefine((value, ctx) => {
    const { quiet_hours_from: from, quiet_hours_to: to } = value;
    if (from === undefined && to === undefined) return;
    // One end sent alone is unpaired, even an empty one: both are sent to turn them off.
    const problem =
      from === undefined || to === undefined ? QUIET_HOURS_UNPAIRED : quietHoursProblem(from, to);
    // A time that is no time is already refused by its own field (QuietTime).
    if (!problem || problem === QUIET_HOURS_NOT_TIMES) return;
    ctx.addIssue({
      code: 'custom',
      path: [problem === QUIET_HOURS_UNPAIRED ? 'quiet_hours_from' : 'quiet_hours_to'],
      message: problem,
    });
  });

/** Quiet hours as saved: null when there are none. */
export const QuietHours = z.object({ from: z.string(), to: z.string() }).nullable();

const SettingsImage = z.object({
  /** Where the image is served from (the custom one's public address, or the default's). */
  url: z.string(),
  /** Whether an administrator's image is set (false: the default shows). */
  is_custom: z.boolean(),
});

export const GetSettingsResponse = z.object({
  success: z.literal(true),
  settings: z.object({
    academy_name: z.string(),
    time_zone: z.string(),
    /** New (issue 27): whether an administrator has confirmed the time zone (saved one) yet. */
    time_zone_confirmed: z.boolean(),
    /** As saved: '' when the default applies. */
    online_class_url: z.string(),
    website_url: z.string(),
    logo: SettingsImage,
    login_background: SettingsImage,
    home_background: SettingsImage,
    quiet_hours: QuietHours,
    /** Hours before a due time students are reminded (the default until one is saved); 0: never. */
    reminder_lead_hours: z.number(),
    /** New (issue 29): the roll's rules in force (the defaults until some are saved). */
    roll_rules: RollRulesFields,
    /** New (issue 49): the academy's country as saved (ISO 3166 alpha-2); null: none saved. */
    country: z.string().nullable(),
    /** New (issue 49): the director's name on report cards ('' when none is set). */
    director_name: z.string(),
    /** New (issue 49): whether a stamp is set for report cards. */
    has_stamp: z.boolean(),
    /** New (issue 52): the academy's currency; null until one is saved. */
    currency: CurrencyView.nullable(),
  }),
  /** The environment's values, which apply where nothing is saved. */
  defaults: z.object({
    academy_name: z.string(),
    time_zone: z.string(),
    online_class_url: z.string(),
    website_url: z.string(),
  }),
});

export const settingsSchemas = defineSchemas({
  getSettings: { request: NoPayload, response: GetSettingsResponse },
  saveSettings: { request: SaveSettingsRequest, response: SuccessResponse },
});
