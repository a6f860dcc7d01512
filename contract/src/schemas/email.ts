import { z } from 'zod';
import { newPassword } from './accounts.js';
import {
  defineSchemas,
  NoPayload,
  nameText,
  SuccessResponse,
  text,
  wholeNumber,
} from './common.js';

/**
 * E-mail (issue 31, point 3): the academy's SMTP server on Settings, a test e-mail, and
 * "Forgot password?", whose link sets a new password without signing in.
 */

/**
 * How the connection to the SMTP server is protected: none (a relay on the same network),
 * STARTTLS (usually port 587: plain, then upgraded, and refused if the server cannot), or TLS
 * from the first byte (usually port 465).
 */
export const EMAIL_SECURITY = ['none', 'starttls', 'tls'] as const;
export type EmailSecurity = (typeof EMAIL_SECURITY)[number];

const emailAddress = (missing: string) =>
  text(200, missing).pipe(z.email({ error: 'Please enter a valid email address.' }));

/** The SMTP server and the sender, as the administrator types them on Settings. */
export const SaveEmailSettingsRequest = z.object({
  host: text(253, "Please enter the SMTP server's host name.").regex(
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/,
    { error: 'must be a host name such as smtp.example.com, or an IP address' },
  ),
  port: wholeNumber({
    least: 1,
    leastWords: 0,
    most: 65_535,
    tooBig: 'must be at most 65535',
    digits: 5,
  }),
  security: z.enum(EMAIL_SECURITY, { error: 'must be none, starttls or tls' }),
  /** The SMTP login; blank: the server takes e-mail without one. */
  user: text(200).default(''),
  sender_name: nameText(100, 'Please enter the name e-mails are sent by.'),
  sender_address: emailAddress('Please enter the address e-mails are sent from.'),
  /**
   * Only when one is typed: absent or blank keeps the one kept (the form never receives it
   * back); a blank user drops it.
   */
  password: z.string().max(500, { error: 'must be at most 500 characters' }).optional(),
});

export const GetEmailSettingsResponse = z.object({
  success: z.literal(true),
  /** null: e-mail is not set up, and nothing is sent by e-mail. */
  email: z
    .object({
      host: z.string(),
      port: z.number().int(),
      security: z.enum(EMAIL_SECURITY),
      user: z.string(),
      /** Whether a password is kept; the password itself is never answered. */
      has_password: z.boolean(),
      sender_name: z.string(),
      sender_address: z.string(),
      /** Where the links in e-mails lead: the address the settings were saved from. */
      link_origin: z.string(),
    })
    .nullable(),
  /** Whether the server can keep a password (SETTINGS_KEY is set in its environment). */
  can_keep_password: z.boolean(),
});

export const SendTestEmailRequest = z.object({
  to: emailAddress('Please enter the address to send the test e-mail to.'),
});

/** `sent` false: the SMTP server refused it or could not be reached; `message` says how. */
export const SendTestEmailResponse = z.object({
  success: z.literal(true),
  sent: z.boolean(),
  message: z.string(),
});

export const ForgotPasswordRequest = z.object({
  login: text(200, 'Please enter your username or e-mail.'),
});

/** The link's token, as the link carries it (anything else is answered as a link never sent). */
const LinkToken = z.string({ error: 'The link is not complete.' }).max(200);

export const CheckPasswordLinkRequest = z.object({ token: LinkToken });

export const CheckPasswordLinkResponse = z.object({
  success: z.literal(true),
  /** The account's username: a person who forgot their password may have forgotten it too. */
  username: z.string(),
  minutes_left: z.number(),
});

export const SetPasswordFromLinkRequest = z.object({
  token: LinkToken,
  new_password: newPassword,
});

export const SetPasswordFromLinkResponse = SuccessResponse.extend({ username: z.string() });

/**
 * One-click unsubscribe (RFC 8058): the mail program's POST sends `List-Unsubscribe=One-Click`
 * to the header's address, which holds the token; the page's button sends both in the form.
 */
export const UnsubscribeRequest = z.object({
  token: z.string().max(200).optional(),
  'List-Unsubscribe': z.string().max(40).optional(),
});

export const emailSchemas = defineSchemas({
  getEmailSettings: { request: NoPayload, response: GetEmailSettingsResponse },
  saveEmailSettings: { request: SaveEmailSettingsRequest, response: SuccessResponse },
  clearEmailSettings: { request: NoPayload, response: SuccessResponse },
  sendTestEmail: { request: SendTestEmailRequest, response: SendTestEmailResponse },
  forgotPassword: { request: ForgotPasswordRequest, response: SuccessResponse },
  unsubscribe: { request: UnsubscribeRequest, response: SuccessResponse },
  checkPasswordLink: { request: CheckPasswordLinkRequest, response: CheckPasswordLinkResponse },
  setPasswordFromLink: {
    request: SetPasswordFromLinkRequest,
    response: SetPasswordFromLinkResponse,
  },
});
