import type { Db } from '../../db/index.js';
import { type ChannelSender, type Letter, SendFailure } from '../messages/channels.js';
import {
  CHOICES_PATH,
  digestWords,
  type LetterContext,
  letterWords,
  type Reader,
} from './email-words.js';
import { type Mail, type Mailer, MailFailure, messageIdOf } from './mailer.js';

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

  constructor(private readonly deps: { db: Db; mailer: Mailer; academyName: () => string }) {}

  async send(letter: Letter): Promise<void> {
    const recipient = await recipientOf(this.deps.db, letter);
    if (typeof recipient === 'string') throw new SendFailure(recipient, 'skipped');
    try {
      await this.deps.mailer.send((settings) =>
        letterMail(letter, recipient, {
          academyName: this.deps.academyName(),
          origin: settings.linkOrigin,
          reader: recipient.reader,
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
  const words = letter.digest
    ? digestWords(letter.items, context)
    : letterWords(letter.items[0] as Letter['items'][number], context);
  return {
    to: { name: to.name, address: to.address },
    ...words,
    messageId: messageIdOf(letter.key, context.origin),
    // Where a mail program's "unsubscribe" leads: the person's choices (a guardian has none).
    headers: to.reader.guardian ? {} : { 'List-Unsubscribe': `<${context.origin}${CHOICES_PATH}>` },
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
      .select(['name', 'email'])
      .where('id', '=', letter.guardianId)
      .where('student_id', '=', letter.userId)
      .executeTakeFirst();
    if (!guardian?.email || !isDeliverable(guardian.email))
      return 'The guardian has no e-mail address.';
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
