import { z } from 'zod';
import { SMS_CONTENT_TYPES, SMS_METHODS, TEST_PHONE } from '../messages.js';
import { defineSchemas, Id, NoPayload, phoneText, SuccessResponse } from './common.js';
import { oneRecipientChoice, recipientFields, StudentIds } from './recipients.js';

/**
 * The SMS gateway (issue 31, point 4): any provider that takes an HTTP request, described by
 * the administrator on Settings. The server checks what these shapes cannot (the address's
 * rule, the header lines, the placeholders, a JSON body that stays JSON once filled in:
 * server/src/features/sms/sms-template.ts) and answers its refusals in words. The gateway's
 * pure words (methods, body types, placeholders, the kept header) are in ../messages.ts, which
 * the Settings form reads without zod.
 */

/** The most SMS a monthly cap may name (0: no cap). */
export const SMS_CAP_MAX = 1_000_000;

const capWords = `The monthly cap must be a whole number from 0 (no cap) to ${SMS_CAP_MAX}.`;

/** The monthly cap: a whole number, as a JSON number or as the digits a field holds. */
const MonthlyCap = z
  .union([z.number(), z.string()], { error: capWords })
  .transform((value, ctx) => {
    const n =
      typeof value === 'number' ? value : /^\d{1,7}$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > SMS_CAP_MAX) {
      ctx.addIssue({ code: 'custom', message: capWords });
      return z.NEVER;
    }
    return n;
  });

/**
 * What save_sms_gateway takes. `secret_headers` is the header lines ("Name: value", one a
 * line): named so that the audit log hides it whole, as it hides passwords.
 */
export const SaveSmsGatewayRequest = z.object({
  method: z.enum(SMS_METHODS, { error: 'The method must be POST or GET.' }),
  url: z
    .string({ error: "Please enter the gateway's address." })
    .trim()
    .min(1, { error: "Please enter the gateway's address." })
    .max(2000, { error: "The gateway's address must be at most 2000 characters." }),
  secret_headers: z
    .string({ error: 'The headers must be text, one "Name: value" a line.' })
    .max(5000, { error: 'The headers must be at most 5000 characters.' })
    .default(''),
  content_type: z.enum(SMS_CONTENT_TYPES, { error: 'The body must be sent as JSON or as a form.' }),
  body: z
    .string({ error: 'The body must be text.' })
    .max(2000, { error: 'The body must be at most 2000 characters.' })
    .default(''),
  monthly_cap: MonthlyCap,
});

/** The gateway as answers show it: every header's name, none of their values. */
export const SmsGatewayView = z.object({
  method: z.enum(SMS_METHODS),
  url: z.string(),
  header_names: z.array(z.string()),
  content_type: z.enum(SMS_CONTENT_TYPES),
  body: z.string(),
  monthly_cap: z.number(),
});

export const GetSmsGatewayResponse = z.object({
  success: z.literal(true),
  /** Null: SMS is not set up, and nothing is queued for it. */
  gateway: SmsGatewayView.nullable(),
  /** SMS the outbox has sent this calendar month, on the academy's clock. */
  sent_this_month: z.number(),
  /** Whether header values can be kept: they are sealed with SETTINGS_KEY, which the server must have. */
  can_keep_headers: z.boolean(),
});

/** A number as people type it; the server reads it in the academy's country (E.164). */
export const PhoneNumber = phoneText(TEST_PHONE.fallback);

export const SendTestSmsRequest = z.object({ to: PhoneNumber });

/** What the gateway answered a test: its status and its first words, whatever they were. */
export const SendTestSmsResponse = z.object({
  success: z.literal(true),
  /** Whether the gateway took it (a 2xx answer). */
  delivered: z.boolean(),
  /** Null when no answer came (no connection, no answer in time). */
  status: z.number().nullable(),
  /** The first words of the gateway's answer (or why there was none). */
  answer: z.string(),
  message: z.string(),
});

/** The recipients of a notification, as add_notification names them (without its message). */
export const EstimateSmsRequest = z
  .object({
    user_id: z.union([Id, z.literal('all')], { error: 'Please select a user.' }).optional(),
    user_ids: StudentIds.optional(),
    class_id: recipientFields('Please select a user.').class_id,
  })
  .superRefine(oneRecipientChoice('Please select a user.'));

export const EstimateSmsResponse = z.object({
  success: z.literal(true),
  /** Whether SMS is set up at all (false: a send queues none, and the rest is 0). */
  sms_ready: z.boolean(),
  /** About how many SMS the send would queue: to students who chose SMS, and to guardians. */
  estimate: z.number(),
  /** The monthly cap; 0: none. */
  cap: z.number(),
  /** How many are left this month under the cap; null: no cap. */
  left: z.number().nullable(),
});

export const smsSchemas = defineSchemas({
  getSmsGateway: { request: NoPayload, response: GetSmsGatewayResponse },
  saveSmsGateway: { request: SaveSmsGatewayRequest, response: SuccessResponse },
  removeSmsGateway: { request: NoPayload, response: SuccessResponse },
  sendTestSms: { request: SendTestSmsRequest, response: SendTestSmsResponse },
  estimateSms: { request: EstimateSmsRequest, response: EstimateSmsResponse },
});
