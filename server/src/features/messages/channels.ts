import type { Channel, MessageKind } from '@academy/contract/messages';

/**
 * What the outbox's sender hands a channel (push, e-mail, SMS): one letter to one recipient.
 * A letter is one outbox row, or for a daily digest by e-mail all of a person's rows waiting
 * for it. Each channel finds the address itself (the person's devices, e-mail or number, or
 * their guardian's), since it may have changed since the message was queued.
 */
export interface Letter {
  /**
   * The same on every try of the same letter: a channel passes it on (the e-mail's
   * Message-ID, the push's tag, the SMS gateway's reference), so a letter tried again after
   * the sender was killed mid-send is recognised as the same one where it arrives.
   */
  key: string;
  userId: number;
  /** Set when the letter is for one of the person's guardians. */
  guardianId: number | null;
  /** One for an ordinary letter; a digest's several, oldest first. */
  items: { kind: MessageKind; text: string; path: string; createdAt: number }[];
  digest: boolean;
}

/**
 * Why a letter was not sent. `retry`: it may go later (a server that did not answer), tried
 * again with back-off; `failed`: it never will as it is (refused outright); `skipped`: there is
 * nothing to send it to (no device, no address), which is not a fault.
 */
export class SendFailure extends Error {
  constructor(
    reason: string,
    readonly outcome: 'retry' | 'failed' | 'skipped',
  ) {
    super(reason);
  }
}

/** A way of reaching a person beyond the app. `send` resolves once the letter was handed over. */
export interface ChannelSender {
  readonly channel: Channel;
  /** How many letters it may have on their way at once. */
  readonly parallel: number;
  /**
   * How many letters a second it starts at most. Sending shares the server's one JavaScript
   * thread with everyone's requests (a push is encrypted and signed, an e-mail composed): a
   * fan-out to a whole academy is spread out so that requests keep answering (bench:day with
   * BENCH_BROADCAST=1).
   */
  readonly perSecond: number;
  /**
   * The channel counts the rows marked sent before each letter (SMS's monthly cap): each of
   * its letters is marked the moment it is handed over, not gathered with others.
   */
  readonly countsSent?: boolean;
  send(letter: Letter): Promise<void>;
  /** Writes what the channel gathered about the letters sent (the outbox awaits it after a look). */
  settle?(): Promise<void>;
}
