import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Db } from '../../db/index.js';
import { type Outbound, RefusedAddress } from '../../http/outbound.js';
import type { Warn } from '../../warn.js';
import {
  keptPassword,
  parseEmailSettings,
  type StoredEmailSettings,
  storedEmailJson,
} from './email-settings.js';

/** One e-mail, as the mailer sends it: the sender is the academy's (Settings). */
export interface Mail {
  to: { name?: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** `<key@host>`: the same on every try of the same letter (features/messages/channels.ts). */
  messageId: string;
  headers?: Record<string, string>;
}

/**
 * Why an e-mail did not go, in words for the administrator: `retry` when it may go later (the
 * server could not be reached, or answered 4xx: try again later), `failed` when it never will
 * as it is (5xx: refused outright; e-mail not set up; a password that cannot be read).
 */
export class MailFailure extends Error {
  constructor(
    words: string,
    readonly outcome: 'retry' | 'failed',
  ) {
    super(words);
  }
}

export const NOT_SET_UP = 'E-mail is not set up on Settings.';

/** A Message-ID on the academy's own host name: `<key@academy.example>`. */
export function messageIdOf(key: string, origin: string): string {
  let host = '';
  try {
    host = new URL(origin).hostname;
  } catch {}
  return `<${key}@${host || 'academy.invalid'}>`;
}

/** A connection pool to one version of the settings, and the sends still using it. */
interface Connection {
  json: string;
  settings: StoredEmailSettings;
  transport: Transporter<SMTPPool.SentMessageInfo>;
  sending: number;
  retired: boolean;
}

interface MailerOptions {
  db: Db;
  /** SETTINGS_KEY, which opens the kept password. */
  key: Buffer | undefined;
  /** The SMTP channel's connections: only to addresses its reach allows (http/outbound.ts). */
  outbound: Outbound;
  warn: Warn;
}

/**
 * The academy's SMTP server, as Settings keeps it (email-settings.ts). Each send reads the
 * stored settings, since another instance may have saved new ones; the pool of connections is
 * kept while they stay the same and rebuilt when they change (the old one closes once its last
 * send is done). Work that sends after a call has answered (a password link) runs through
 * `later`, so stopping the server waits for it.
 */
export class Mailer {
  private connection: Connection | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: MailerOptions) {}

  /** The SMTP server's connections (a test gives them a resolver of its own). */
  get outbound(): Outbound {
    return this.options.outbound;
  }

  /** Sends the mail `compose` makes from the settings in force; throws MailFailure. */
  async send(compose: (settings: StoredEmailSettings) => Mail | Promise<Mail>): Promise<void> {
    const connection = await this.connect();
    connection.sending += 1;
    try {
      const mail = await compose(connection.settings);
      const { senderName, senderAddress } = connection.settings;
      await connection.transport.sendMail({
        from: { name: senderName, address: senderAddress },
        to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers },
      });
    } catch (error) {
      throw error instanceof MailFailure ? error : failureOf(error, connection.settings);
    } finally {
      connection.sending -= 1;
      if (connection.retired && connection.sending === 0) connection.transport.close();
    }
  }

  /**
   * Runs `task` from the next turn of the event loop, after the call's answer has been written,
   * so the answer's time does not depend on what the task finds; a failure is logged.
   */
  later(task: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error) => this.options.warn(error, 'could not send an e-mail'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once the work handed to `later` so far is done (tests; stopping). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.connection?.transport.close();
    this.connection = undefined;
  }

  private async connect(): Promise<Connection> {
    const json = await storedEmailJson(this.options.db);
    const current = this.connection;
    if (current && current.json === json) return current;
    // The settings changed (or went): the old pool closes once its last send is done.
    if (current) {
      current.retired = true;
      if (current.sending === 0) current.transport.close();
      this.connection = undefined;
    }
    const settings = parseEmailSettings(json);
    if (!json || !settings) throw new MailFailure(NOT_SET_UP, 'failed');
    const password = keptPassword(settings, this.options.key);
    if (settings.password !== null && password === undefined)
      throw new MailFailure(
        "The SMTP password kept on Settings cannot be read with this server's SETTINGS_KEY (was the key changed?). Type the password again on Settings.",
        'failed',
      );
    const connection: Connection = {
      json,
      settings,
      transport: nodemailer.createTransport(
        transportOptions(settings, password, this.options.outbound),
      ),
      sending: 0,
      retired: false,
    };
    this.connection = connection;
    return connection;
  }
}

/** How long connecting to the SMTP server may take (the name's lookup included). */
const CONNECT_MS = 15_000;

/**
 * How nodemailer reaches the server, by the security chosen on Settings. The socket is ours
 * (getSocket): opened by `outbound` to an address the rule allows, judged as it connects, so a
 * host name that resolves to this machine or a link-local address reaches nothing; nodemailer
 * speaks SMTP over it, and TLS (from the first byte, or STARTTLS) still checks the certificate
 * against the host name as typed.
 */
function transportOptions(
  settings: StoredEmailSettings,
  password: string | undefined,
  outbound: Outbound,
): SMTPPool.Options {
  return {
    getSocket: (_options, callback) => {
      outbound.connect(settings.host, settings.port, CONNECT_MS).then(
        (connection) => callback(null, { connection }),
        (error: Error) => callback(error, {}),
      );
    },
    pool: true,
    maxConnections: 5,
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.user ? { auth: { user: settings.user, pass: password ?? '' } } : {}),
    connectionTimeout: CONNECT_MS,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    // Our mails have no attachments; nothing in one may make the server read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * A send's failure in words. An SMTP answer of 5xx is a refusal (failed: the same e-mail would
 * be refused again), 4xx a "not now" (retry); no answer at all (no connection, a timeout, a
 * TLS handshake that failed) may be passing, so it is tried again too.
 */
export function failureOf(
  error: unknown,
  settings: Pick<StoredEmailSettings, 'host' | 'port' | 'security'>,
) {
  // Its address is refused: every e-mail would be, until the server is changed on Settings.
  if (error instanceof RefusedAddress)
    return new MailFailure(`The SMTP server's address is refused: ${error.message}.`, 'failed');
  const e = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const said =
    typeof e.response === 'string' && e.response ? e.response : String(e.message ?? error);
  const setting = settingMistake(e, said, settings);
  if (setting) return setting;
  if (typeof e.responseCode === 'number') {
    return e.responseCode >= 500
      ? new MailFailure(`The SMTP server refused the e-mail: ${said}`, 'failed')
      : new MailFailure(`The SMTP server could not take the e-mail now: ${said}`, 'retry');
  }
  return new MailFailure(
    `The SMTP server ${settings.host}:${settings.port} could not be reached: ${said}`,
    'retry',
  );
}

/** What the Settings' E-mail card calls its choices, for the words that name them. */
const SECURITY_WORDS = {
  tls: 'TLS (usually port 465)',
  starttls: 'STARTTLS (usually port 587)',
} as const;

/**
 * A mistake in the settings, said as which setting to change (issue 49, point 15), or null.
 * The SMTP server's own words follow in quotes: they are what a mail provider's help pages
 * name. The outcome stays the one its kind of answer has (a 5xx fails, no answer is tried
 * again), so a letter waiting for its next try goes once the setting is changed.
 */
function settingMistake(
  e: { code?: unknown; responseCode?: unknown; message?: unknown },
  said: string,
  settings: Pick<StoredEmailSettings, 'host' | 'port' | 'security'>,
): MailFailure | null {
  const server = `The SMTP server ${settings.host}:${settings.port}`;
  const quoted = `(it answered: "${said.trim().split('\n')[0]}")`;
  const message = String(e.message ?? '');
  // TLS from the first byte to a server that speaks plain SMTP first (a STARTTLS port).
  if (
    settings.security === 'tls' &&
    /wrong version number|packet length too long|unknown protocol|http request/i.test(message)
  )
    return new MailFailure(
      `${server} does not speak TLS from the first byte (it answered: "…${/SSL routines:[\w ]+:[\w ]+/.exec(message)?.[0] ?? 'wrong version number'}"). Port 465 is TLS from the first byte and port 587 is STARTTLS: on Settings, set Security to ${SECURITY_WORDS.starttls}, or set Port to 465.`,
      'retry',
    );
  // Plain SMTP, or STARTTLS, to a server that waits for TLS (port 465): it says nothing.
  if (settings.security !== 'tls' && /Greeting never received/i.test(message))
    return new MailFailure(
      `${server} said nothing after connecting. A server that expects TLS from the first byte (port 465) does that: on Settings, set Security to ${SECURITY_WORDS.tls}.`,
      'retry',
    );
  // STARTTLS chosen, and the server does not offer it.
  if (e.code === 'ETLS')
    return new MailFailure(
      `${server} does not offer STARTTLS ${quoted}. Port 587 is STARTTLS and port 465 is TLS from the first byte: on Settings, check Port and Security (${SECURITY_WORDS.tls} for port 465).`,
      typeof e.responseCode === 'number' && e.responseCode < 500 ? 'retry' : 'failed',
    );
  // The login, not the e-mail, was refused.
  if (e.code === 'EAUTH' || e.responseCode === 535)
    return new MailFailure(
      `${server} refused the user name or password ${quoted}. On Settings, check User name and type the Password again.`,
      typeof e.responseCode === 'number' && e.responseCode < 500 ? 'retry' : 'failed',
    );
  // Plain SMTP to a server that wants STARTTLS first ("530 Must issue a STARTTLS command first").
  if (e.responseCode === 530 && /STARTTLS/i.test(said))
    return new MailFailure(
      `${server} asks for STARTTLS first ${quoted}. On Settings, set Security to ${SECURITY_WORDS.starttls}.`,
      'failed',
    );
  if (e.responseCode === 530)
    return new MailFailure(
      `${server} asks for a login before it takes e-mail ${quoted}. On Settings, fill in User name and Password${settings.security === 'none' ? `, and set Security to ${SECURITY_WORDS.starttls} or ${SECURITY_WORDS.tls}` : ''}.`,
      'failed',
    );
  return null;
}
