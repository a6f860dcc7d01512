import type { Db } from '../../db/index.js';
import { guardianEmailOff } from '../../domain/audience.js';
import { type ChannelSender, type Letter, SendFailure } from '../messages/channels.js';
import { forGuardian } from '../messages/guardian-words.js';
import { digestWords, type LetterContext, letterWords, type Reader } from './email-words.js';
import { type Mail, type Mailer, MailFailure, messageIdOf } from './mailer.js';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-token.js';

/**
 * The e-mail channel of the outbox (issue 31, point 3; features/messages/channels.ts): a letter
 * to a person goes to their account's e-mail, one to a guardian to the guardian's. Each is
 * looked up as the letter leaves, since it may have changed since the message was queued.
 */
export class EmailChannel implements ChannelSender {
  readonly channel = 'email';
  /** The mailer's pool has five connections; more letters at once would only queue there. */
  readonly parallel = 5;
  /**
   * 10,000 e-mails in under three and a half minutes alone; beside a busy day the event loop
   * gives about four fifths of it, still within five.
   */
  readonly perSecond = 50;

  constructor(
    private readonly deps: {
      db: Db;
      mailer: Mailer;
      academyName: () => string;
      /** The app's signing secret: the one-click unsubscribe links are signed with it. */
      secret: string;
    },
  ) {}

  async send(letter: Letter): Promise<void> {
    const recipient = await recipientOf(this.deps.db, letter);
    if (typeof recipient === 'string') throw new SendFailure(recipient, 'skipped');
    try {
      const token = unsubscribeToken(this.deps.secret, {
        userId: letter.userId,
        guardianId: letter.guardianId,
        kinds: letter.items.map((i) => i.kind),
      });
      await this.deps.mailer.send((settings) =>
        letterMail(letter, recipient, {
          academyName: this.deps.academyName(),
          origin: settings.linkOrigin,
          reader: recipient.reader,
          unsubscribe: unsubscribeUrl(settings.linkOrigin, token),
        }),
      );
    } catch (error) {
      if (error instanceof MailFailure) throw new SendFailure(error.message, error.outcome);
      throw error;
    }
  }
}

interface Recipient {
  name: string;
  address: string;
  reader: Reader;
}

/** A letter's mail: one message, or the day's several in one. */
export function letterMail(letter: Letter, to: Recipient, context: LetterContext): Mail {
  // A guardian is written to about the student ("Sara Ahmadi has 3 absences…"), not as them.
  const { reader } = to;
  const items = reader.guardian
    ? letter.items.map((i) => ({ ...i, text: forGuardian(i.text, reader.studentName) }))
    : letter.items;
  const words = letter.digest
    ? digestWords(items, context)
    : letterWords(items[0] as Letter['items'][number], context);
  return {
    to: { name: to.name, address: to.address },
    ...words,
    messageId: messageIdOf(letter.key, context.origin),
    // A mail program's "unsubscribe" (RFC 2369, RFC 8058): one click turns this kind of e-mail
    // off for its reader, person or guardian, without signing in. Every outbox letter is bulk
    // mail in RFC 8058's sense; the one-to-one account mail (a password link, the test e-mail)
    // is sent without the outbox and carries none.
    headers: {
      'List-Unsubscribe': `<${context.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Whether mail can be delivered to an address (not the first administrator's `admin@localhost`). */
export const isDeliverable = (address: string) => /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(address);

/** The letter's recipient, or why there is none (a skip, not a fault). */
async function recipientOf(db: Db, letter: Letter): Promise<Recipient | string> {
  const person = await db
    .selectFrom('users')
    .select(['name', 'email', 'is_active'])
    .where('id', '=', letter.userId)
    .executeTakeFirst();
  if (!person) return 'The account no longer exists.';
  if (letter.guardianId !== null) {
    const guardian = await db
      .selectFrom('guardians')
      .select(['name', 'email', 'email_off'])
      .where('id', '=', letter.guardianId)
      .where('student_id', '=', letter.userId)
      .executeTakeFirst();
    if (!guardian?.email || !isDeliverable(guardian.email))
      return 'The guardian has no e-mail address.';
    // Queued before they unsubscribed: not sent after it.
    const off = guardianEmailOff(guardian.email_off);
    if (letter.items.every((i) => off.includes(i.kind)))
      return 'The guardian turned this kind of e-mail off.';
    return {
      name: guardian.name,
      address: guardian.email,
      reader: { guardian: { name: guardian.name }, studentName: person.name },
    };
  }
  if (person.is_active !== 1) return 'The account is deactivated.';
  if (!isDeliverable(person.email)) return 'The account has no e-mail address.';
  return { name: person.name, address: person.email, reader: { guardian: null } };
}
