import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the SMTP server received it: the envelope, and the message read by mailparser. */
export interface ReceivedMail {
  envelopeTo: string[];
  mail: ParsedMail;
}

/** Matches a mail delivered to `address` (compared ignoring case, as mail systems do). */
export const sentTo = (address: string) => (m: ReceivedMail) =>
  m.envelopeTo.some((to) => to.toLowerCase() === address.toLowerCase());

export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** Refuses mail to `address` at RCPT TO with this SMTP answer (e.g. 550 and words). */
  refuse(address: string, code: number, words: string): void;
  /** A busy mail server: each message is answered this long after it arrived. */
  answerAfter(ms: number): void;
  /** The first mail (received already or later) that `matches`; fails after `timeoutMs`. */
  waitFor(matches: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps what it receives, for the
 * e-mail tests: no TLS (the tests' settings say 'none'), and a login when `login` is given.
 */
export async function startTestSmtp(login?: { user: string; password: string }): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; words: string }>();
  const waiting = new Set<() => void>();
  let answerAfterMs = 0;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !login,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.password)
        return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.words), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          for (const wake of waiting) wake();
          setTimeout(() => callback(), answerAfterMs);
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A sender that goes away mid-message (a server killed by a test) is what a real mail
  // server shrugs off; smtp-server reports it as an 'error', which must not end the test run.
  server.removeAllListeners('error');
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    refuse: (address, code, words) => refusals.set(address.toLowerCase(), { code, words }),
    answerAfter: (ms) => {
      answerAfterMs = ms;
    },
    waitFor: (matches, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const found = received.find(matches);
          if (!found) return false;
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void look();
        const timer = setTimeout(() => {
          waiting.delete(wake);
          reject(new Error(`no such e-mail arrived in ${timeoutMs} ms (${received.length} did)`));
        }, timeoutMs);
        if (!look()) waiting.add(wake);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
