import type { Db } from '../../db/index.js';
import { type ChannelSender, type Letter, SendFailure } from '../messages/channels.js';
import { forGuardian, namesStudent } from '../messages/guardian-words.js';
import { numberOf, openGateway, readGateway, sentThisMonth } from './sms-data.js';
import {
  answerWords,
  callGateway,
  GATEWAY_TIMEOUT_MS,
  type GatewayConnections,
  GatewayRefused,
} from './sms-gateway.js';
import { smsText } from './sms-text.js';

/** After the gateway gave no answer, the letters behind it wait this long before trying it. */
const PAUSE_AFTER_NO_ANSWER_MS = 60_000;

interface SmsSenderOptions {
  db: Db;
  now: () => number;
  /** The academy's name (every SMS begins with it) and time zone (the cap's month). */
  academy: () => { name: string; timeZone: string };
  /** SETTINGS_KEY, which opens the gateway's kept header values. */
  key: Buffer | undefined;
  /** How the gateway is reached: only at addresses the SMS channel's reach allows. */
  connections: GatewayConnections;
  timeoutMs?: number;
}

/**
 * The SMS channel (issue 31, point 4): one letter, one request to the academy's gateway. The
 * gateway's settings are read at each send, so a change on Settings (on any instance) applies
 * to the next SMS, and SMS turned off skips what still waits.
 *
 * One at a time (`parallel` 1): a gateway answers in a fraction of a second, and one at a time
 * makes the monthly cap exact, since the outbox marks each SMS sent before it hands over the
 * next, so every count sees every SMS before it.
 */
export class SmsSender implements ChannelSender {
  readonly channel = 'sms' as const;
  readonly parallel = 1;
  readonly perSecond = 10;
  /** The monthly cap counts the SMS marked sent: each is marked before the next goes. */
  readonly countsSent = true;
  /** Until when letters wait rather than try a gateway that just gave no answer, and why. */
  private paused = { until: 0, words: '' };

  constructor(private readonly options: SmsSenderOptions) {}

  async send(letter: Letter): Promise<void> {
    const { db, now } = this.options;
    const kept = await readGateway(db);
    if (!kept) throw new SendFailure('SMS is not set up.', 'skipped');
    const gateway = openGateway(kept, this.options.key);
    if (typeof gateway === 'string') throw new SendFailure(gateway, 'failed');
    const { phone, aboutStudent } = await numberOf(db, letter);
    if (!phone)
      throw new SendFailure(
        letter.guardianId === null
          ? 'There is no phone number to send it to.'
          : 'The guardian has no phone number.',
        'skipped',
      );
    const academy = this.options.academy();
    if (gateway.monthlyCap > 0) {
      const sent = await sentThisMonth(db, now(), academy.timeZone);
      if (sent >= gateway.monthlyCap)
        throw new SendFailure(`The monthly SMS cap of ${gateway.monthlyCap} is reached.`, 'failed');
    }
    // A gateway that did not answer holds each letter for the whole timeout: the ones behind
    // it (and the other channels' look) are not made to wait for each in turn.
    if (now() < this.paused.until) throw new SendFailure(this.paused.words, 'retry');
    // A guardian is written to about the student ("Sara Ahmadi has 3 absences…"); words that
    // do not speak to the student keep "<academy>, about <student>:" to say whose they are.
    const words = letter.items.map((i) => i.text).join(' ');
    const text = !aboutStudent
      ? smsText(academy.name, words)
      : namesStudent(words)
        ? smsText(academy.name, forGuardian(words, aboutStudent))
        : smsText(academy.name, words, aboutStudent);
    let answer: Awaited<ReturnType<typeof callGateway>>;
    try {
      answer = await callGateway(
        gateway,
        { to: phone, text, id: letter.key },
        this.options.connections,
        this.options.timeoutMs ?? GATEWAY_TIMEOUT_MS,
      );
    } catch (error) {
      const words = (error as Error).message;
      // Its address is refused: every SMS would be, until the gateway is changed on Settings.
      if (error instanceof GatewayRefused) throw new SendFailure(words, 'failed');
      this.paused = { until: now() + PAUSE_AFTER_NO_ANSWER_MS, words };
      throw new SendFailure(words, 'retry');
    }
    if (answer.status >= 200 && answer.status < 300) return;
    // Busy, or down for now: tried again with back-off. Anything else it refused as it is.
    if (answer.status === 429 || answer.status >= 500)
      throw new SendFailure(`The gateway answered ${answerWords(answer)}`, 'retry');
    throw new SendFailure(`The gateway refused it: ${answerWords(answer)}`, 'failed');
  }
}
