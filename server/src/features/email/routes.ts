import { randomBytes } from 'node:crypto';
import { PASSWORD_LINK_MINUTES } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { describeWait } from '../../auth/login-rules.js';
import { countPasswordResetRequest, LoginThrottled } from '../../auth/throttle.js';
import { hostRefusal, reachOf, refusalSentence } from '../../http/addresses.js';
import { type AppDeps, handle } from '../../http/call.js';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../http/errors.js';
import { recordFailedPasswordLink } from '../messages/outbox-data.js';
import { NoSettingsKey, noSettingsKeyWords } from '../settings/settings-secret.js';
import { resetPassword } from '../users/user-commands.js';
import { isDeliverable } from './email-channel.js';
import { clearEmailSettings, readEmailSettings, saveEmailSettings } from './email-settings.js';
import { passwordLinkWords, testMailWords } from './email-words.js';
import { MailFailure, messageIdOf } from './mailer.js';
import {
  findAccountByLogin,
  issuePasswordLink,
  type LinkState,
  passwordLinkPath,
  passwordLinkState,
  usePasswordLink,
} from './password-links.js';
import unsubscribeRoutes from './unsubscribe.js';

/** The one answer to "Forgot password?", whether an account has what was typed or not. */
export const LINK_ON_ITS_WAY = `If an account has that username or e-mail, a link to set a new password is on its way to the account's e-mail address. It works for ${PASSWORD_LINK_MINUTES} minutes. Nothing after a few minutes? Look in the spam folder, or ask again.`;

/** The answer when the academy sends no e-mail: nothing about any account. */
export const NO_EMAIL_HERE =
  'This academy does not send e-mails yet, so no link can be sent. Ask your teacher or the academy’s administrator to set a new password for you.';

/**
 * E-mail (issue 31, point 3): the SMTP settings and their test on Settings, and the password
 * links of "Forgot password?". The outbox's e-mail channel is the email service's
 * (email-service.ts).
 */
export default async function emailRoutes(app: FastifyInstance) {
  handle(app, 'getEmailSettings', async ({ db, config }) => {
    const stored = await readEmailSettings(db);
    return {
      success: true,
      email: stored && {
        host: stored.host,
        port: stored.port,
        security: stored.security,
        user: stored.user,
        has_password: stored.password !== null,
        sender_name: stored.senderName,
        sender_address: stored.senderAddress,
        link_origin: stored.linkOrigin,
      },
      can_keep_password: config.SETTINGS_KEY !== undefined,
    };
  });

  /**
   * Links in e-mails lead to the address the administrator saves from (the certificates' QR
   * codes and the calendar addresses use the request's address the same way).
   */
  handle(app, 'saveEmailSettings', async (ctx) => {
    const { db, now, input, caller, request, config, settings } = ctx;
    // Judged as written here (2130706433, [::ffff:127.0.0.1], localhost.), and again on what
    // a name resolves to at every connection (mailer.ts).
    const refusal = hostRefusal(input.host, reachOf('smtp', config));
    if (refusal) throw badRequest(refusalSentence('The SMTP server', refusal, 'LOOPBACK_GATEWAYS'));
    const kept = await readEmailSettings(db);
    const typed = input.password ? input.password : undefined;
    if (input.user && !typed && (!kept?.password || kept.user !== input.user))
      throw badRequest(`Please type the password of ${input.user} on the SMTP server.`);
    try {
      await saveEmailSettings(
        db,
        {
          host: input.host,
          port: input.port,
          security: input.security,
          user: input.user,
          password: typed,
          senderName: input.sender_name,
          senderAddress: input.sender_address,
          linkOrigin: `${request.protocol}://${request.host}`,
        },
        config.SETTINGS_KEY,
        caller.id,
        now(),
      );
    } catch (error) {
      if (!(error instanceof NoSettingsKey)) throw error;
      throw badRequest(noSettingsKeyWords('The SMTP password'));
    }
    // The settings in memory say e-mail is set up before the answer leaves (others hear of it).
    await settings.reload();
    return {
      success: true,
      message: 'E-mail settings saved. Send a test e-mail to check that they work.',
    };
  });

  handle(app, 'clearEmailSettings', async ({ db, now, settings, caller }) => {
    await clearEmailSettings(db, caller.id, now());
    await settings.reload();
    return { success: true, message: 'E-mail is off: nothing more is sent by e-mail.' };
  });

  /** A refusal is an answer here, not an error: the administrator reads what the server said. */
  handle(app, 'sendTestEmail', async ({ input, mailer, settings }) => {
    let server = '';
    try {
      await mailer.send((smtp) => {
        server = smtp.host;
        return {
          to: { address: input.to },
          ...testMailWords(settings.current.academyName, smtp.linkOrigin),
          messageId: messageIdOf(`test-${randomBytes(12).toString('hex')}`, smtp.linkOrigin),
        };
      });
    } catch (error) {
      if (!(error instanceof MailFailure)) throw error;
      return { success: true, sent: false, message: error.message };
    }
    return {
      success: true,
      sent: true,
      message: `The test e-mail was handed to ${server} for ${input.to}. If it has not arrived in a few minutes, look in the spam folder.`,
    };
  });

  /**
   * The answer leaves before anything about the account is looked up: the link is made and sent
   * afterwards (mailer.later), so neither the words nor the time taken tell whether an account
   * has what was typed. The request counts first, per what was typed and per address.
   */
  handle(app, 'forgotPassword', async (ctx) => {
    const { db, now, input, request, mailer } = ctx;
    const smtp = await readEmailSettings(db);
    if (!smtp) return { success: true, message: NO_EMAIL_HERE };
    try {
      await countPasswordResetRequest(db, { login: input.login, address: request.ip }, now());
    } catch (error) {
      if (!(error instanceof LoginThrottled)) throw error;
      const from =
        error.scope === 'reset-address' ? 'from your network' : 'this username or e-mail';
      throw tooManyRequests(
        `Too many password links were asked for ${from}. Please try again in ${describeWait(error.waitMs)}.`,
        error.waitMs,
      );
    }
    mailer.later(() => sendPasswordLink(ctx, input.login));
    return { success: true, message: LINK_ON_ITS_WAY };
  });

  handle(app, 'checkPasswordLink', async ({ db, now, input }) => {
    const at = now();
    const link = await passwordLinkState(db, input.token, at);
    if (link.state !== 'valid') throw linkRefusal(link.state);
    return {
      success: true,
      username: link.username,
      minutes_left: Math.max(1, Math.ceil((link.expiresAt - at) / 60_000)),
    };
  });

  /** The link is used up before the password is set, so two uses at once set one password. */
  handle(app, 'setPasswordFromLink', async (ctx) => {
    const { db, now, input } = ctx;
    const link = await usePasswordLink(db, input.token, now());
    if (link.state !== 'valid') throw linkRefusal(link.state);
    await resetPassword(ctx, { id: link.userId, username: link.username }, input.new_password);
    return {
      success: true,
      username: link.username,
      message:
        'Your new password is set, and every device that was signed in to your account has been signed out. Sign in with your new password.',
    };
  });

  await unsubscribeRoutes(app);
}

/** Makes a link for the account meant, if there is one with an address, and e-mails it. */
async function sendPasswordLink(
  deps: Pick<AppDeps, 'db' | 'now' | 'mailer' | 'settings'>,
  login: string,
): Promise<void> {
  const { db, now, mailer, settings } = deps;
  const account = await findAccountByLogin(db, login);
  if (!account || !isDeliverable(account.email)) return;
  let token = '';
  try {
    await mailer.send(async (smtp) => {
      token = await issuePasswordLink(db, account.id, now());
      return {
        to: { name: account.name, address: account.email },
        ...passwordLinkWords({
          academyName: settings.current.academyName,
          name: account.name,
          username: account.username,
          link: `${smtp.linkOrigin}${passwordLinkPath(token)}`,
          minutes: PASSWORD_LINK_MINUTES,
        }),
        messageId: messageIdOf(`password-${randomBytes(12).toString('hex')}`, smtp.linkOrigin),
      };
    });
  } catch (error) {
    if (!(error instanceof MailFailure)) throw error;
    // The person was answered already, the same whether or not the account exists: the
    // administrator sees the failure on the Outbox (docs/decisions.md). The server's words
    // are kept, never the link: should they quote it, its token is cut out.
    const reason = token ? error.message.replaceAll(token, '[link]') : error.message;
    await recordFailedPasswordLink(db, { userId: account.id, reason, now: now() });
    throw error;
  }
}

/** Why a link does not work, in words, with the way on (the screen links to asking again). */
function linkRefusal(state: Exclude<LinkState['state'], 'valid'>): HttpError {
  switch (state) {
    case 'unknown':
      return notFound(
        'This link is not one we sent, or it was cut short when it was copied. Ask for a new link.',
      );
    case 'expired':
      return new HttpError(
        410,
        `This link has expired: links work for ${PASSWORD_LINK_MINUTES} minutes. Ask for a new link.`,
      );
    case 'used':
      return new HttpError(
        410,
        'This link was used already: each link works once. If you still need a new password, ask for a new link.',
      );
  }
}
