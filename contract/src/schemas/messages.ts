import { z } from 'zod';
import {
  CHANNELS,
  EMAIL_TIMINGS,
  MESSAGE_KINDS,
  type MessageKind,
  OUTBOX_KINDS,
  OWN_PHONE,
} from '../messages.js';
import { clockMinutes } from '../quiet-hours.js';
import { QUIET_HOURS_NOT_TIMES, quietHoursProblem } from '../settings-rules.js';
import {
  defineSchemas,
  Id,
  NoPayload,
  Page,
  phoneText,
  SuccessResponse,
  Timestamp,
} from './common.js';

/** One kind of message's channels, as a person chose them (contract/src/messages.ts). */
export const KindChoiceFields = z.object({
  push: z.boolean({ error: 'Push must be on or off.' }),
  email: z.enum(EMAIL_TIMINGS, { error: 'E-mail must be at once, a daily digest or off.' }),
  sms: z.boolean({ error: 'SMS must be on or off.' }),
});

const KindChoices = z.object(
  Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, KindChoiceFields])) as Record<
    MessageKind,
    typeof KindChoiceFields
  >,
  { error: 'Please choose the channels for every kind of message.' },
);

const ClockTime = z
  .string({ error: QUIET_HOURS_NOT_TIMES })
  .trim()
  .refine((v) => clockMinutes(v) !== undefined, { error: QUIET_HOURS_NOT_TIMES });

/** A person's own quiet hours; null: the academy's. */
const OwnQuietHours = z
  .object({ from: ClockTime, to: ClockTime })
  .nullable()
  .superRefine((value, ctx) => {
    const problem = value && quietHoursProblem(value.from, value.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });

export const PHONE_NUMBER_WORDS = OWN_PHONE.fallback;

/** The caller's own choices, saved whole (the Message Choices screen). */
export const SaveMessageChoicesRequest = z.object({
  kinds: KindChoices,
  quiet_hours: OwnQuietHours,
  phone: phoneText(PHONE_NUMBER_WORDS, 'none'),
});

export const GetMessageChoicesResponse = z.object({
  success: z.literal(true),
  choices: z.object({
    kinds: KindChoices,
    quiet_hours: z.object({ from: z.string(), to: z.string() }).nullable(),
    phone: z.string().nullable(),
  }),
  /** What can reach the caller now: each tells the screen what to explain. */
  reach: z.object({
    /** How many of the caller's devices have push turned on. */
    push_devices: z.number().int(),
    /** Whether the academy set e-mail up, and the caller's address. */
    email: z.boolean(),
    email_address: z.string(),
    /** Whether the academy set SMS up. */
    sms: z.boolean(),
  }),
  /** The academy's quiet hours, which apply while the caller has none of their own. */
  academy_quiet_hours: z.object({ from: z.string(), to: z.string() }).nullable(),
});

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const ListOutboxRequest = z.object({
  state: z
    .enum(['all', ...OUTBOX_STATES], {
      error: 'must be all, queued, sending, sent, failed or skipped',
    })
    .default('all'),
  page: Page.default(1),
});

export const OutboxRowFields = z.object({
  id: Id,
  user_id: Id,
  user_name: z.string(),
  /** The guardian's name when it went to a guardian. */
  guardian_name: z.string().nullable(),
  channel: z.enum(CHANNELS),
  kind: z.enum(OUTBOX_KINDS),
  text: z.string(),
  digest: z.boolean(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  created_at: Timestamp,
  /** Not before (quiet hours, the digest's hour, the next try). */
  send_after: Timestamp,
  sent_at: Timestamp.nullable(),
  /** Why it failed or was skipped, in words. */
  error: z.string().nullable(),
});

export const ListOutboxResponse = z.object({
  success: z.literal(true),
  rows: z.array(OutboxRowFields),
  has_more: z.boolean(),
  /** How many rows are in each state (kept OUTBOX_KEEP_DAYS). */
  counts: z.object(
    Object.fromEntries(OUTBOX_STATES.map((s) => [s, z.number().int()])) as Record<
      OutboxState,
      z.ZodNumber
    >,
  ),
});

/** A failed or skipped row, queued again now (its key stays, so it is the same letter). */
export const ResendOutboxRequest = z.object({ id: Id });

export const messageSchemas = defineSchemas({
  getMessageChoices: { request: NoPayload, response: GetMessageChoicesResponse },
  saveMessageChoices: { request: SaveMessageChoicesRequest, response: SuccessResponse },
  listOutbox: { request: ListOutboxRequest, response: ListOutboxResponse },
  resendOutbox: { request: ResendOutboxRequest, response: SuccessResponse },
});
