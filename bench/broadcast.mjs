// A message to every student by push and e-mail, while the day goes on (issue 31, figures):
// bench:day with BENCH_BROADCAST=1. Every seeded student gets a device with push on (a row
// straight into push_subscriptions, its endpoint on a push service on loopback) and the
// academy's e-mail is set up to an SMTP server on loopback; at the start of the first step's
// measured window an administrator sends one notification to all students, and the outbox of
// the one instance sends it. Both receivers are real servers in this process, answering at
// once: what is timed is the app handing every push and every e-mail over. The push service
// counts what it is handed without decrypting (the tests decrypt every push: push.int and the
// kill test); the SMTP server takes each message whole.
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { root } from './kit.mjs';

/** The loopback push service's certificate and key, which the server is told to trust. */
export const PUSH_PEM = path.join(root, 'server/src/test-support/loopback-push.pem');

/** The receivers, listening, with counts of all they took (the broadcast's and the day's letters). */
export async function startReceivers() {
  const counts = { push: 0, email: 0 };
  const pem = fs.readFileSync(PUSH_PEM, 'utf8');
  const keyAt = pem.indexOf('-----BEGIN PRIVATE KEY-----');
  const push = https.createServer(
    { cert: pem.slice(0, keyAt), key: pem.slice(keyAt) },
    (req, res) => {
      req.resume();
      req.on('end', () => {
        counts.push += 1;
        res.writeHead(201).end();
      });
    },
  );
  await new Promise((resolve) => push.listen(0, '127.0.0.1', resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 100,
    onData(stream, _session, done) {
      stream.resume();
      stream.on('end', () => {
        counts.email += 1;
        done();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    pushOrigin: `https://127.0.0.1:${push.address().port}`,
    smtpPort: smtp.server.address().port,
    counts,
    close: async () => {
      push.closeAllConnections();
      await new Promise((resolve) => push.close(resolve));
      await new Promise((resolve) => smtp.close(resolve));
    },
  };
}

/** A device with push on for each of the students: one key pair for all (the bench never decrypts). */
export async function subscribeAll(db, studentIds, pushOrigin) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const at = Date.now();
  for (let i = 0; i < studentIds.length; i += 500) {
    await db
      .insertInto('push_subscriptions')
      .values(
        studentIds.slice(i, i + 500).map((userId) => ({
          user_id: userId,
          endpoint: `${pushOrigin}/push/bench-${userId}`,
          p256dh,
          auth: randomBytes(16).toString('base64url'),
          device: 'bench:day',
          created_at: at,
        })),
      )
      .execute();
  }
}

/** The broadcast's text: its outbox rows are told from the day's own by it. */
export const BROADCAST_TEXT = 'bench:day: the academy is closed on Friday.';

/**
 * The broadcast's rows each channel has handed over (marked sent once the push service or
 * the SMTP server took the letter), and when the last was.
 */
export async function broadcastHanded(db, text) {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => ['channel', eb.fn.countAll().as('rows'), eb.fn.max('sent_at').as('last')])
    .where('text', '=', text)
    .where('state', '=', 'sent')
    .groupBy('channel')
    .execute();
  const of = (channel) => {
    const row = rows.find((r) => r.channel === channel);
    return { rows: Number(row?.rows ?? 0), last: row?.last == null ? null : Number(row.last) };
  };
  return { push: of('push'), email: of('email') };
}

/** How the outbox's rows ended, by channel and state and how many tries each took. */
export async function outboxSummary(db) {
  return db
    .selectFrom('outbox')
    .select((eb) => ['channel', 'state', 'attempts', 'error', eb.fn.countAll().as('rows')])
    .groupBy(['channel', 'state', 'attempts', 'error'])
    .orderBy('channel')
    .execute();
}

/** Takes the bench's devices and what it queued away again, and e-mail off. */
export async function unsubscribeAll(db) {
  await db.deleteFrom('push_subscriptions').where('device', '=', 'bench:day').execute();
  await db.deleteFrom('outbox').execute();
  await db
    .updateTable('academy_settings')
    .set({ email_settings: null })
    .where('id', '=', 1)
    .execute();
}
