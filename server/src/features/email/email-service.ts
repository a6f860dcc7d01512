import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reachOf } from '../../http/addresses.js';
import { Outbound } from '../../http/outbound.js';
import { warnTo } from '../../warn.js';
import { EmailChannel } from './email-channel.js';
import { Mailer } from './mailer.js';

declare module '../../http/call.js' {
  interface AppServices {
    /** The academy's SMTP server as Settings keeps it (mailer.ts): the channel's, a test's, a password link's. */
    mailer: Mailer;
    /** The outbox's e-mail channel (email-channel.ts). */
    emailChannel: EmailChannel;
  }
}

/**
 * The e-mail service (issue 31, point 3): the mailer, and the outbox's e-mail channel (the
 * outbox service asks for it), which is always there: a letter for it while e-mail is not set
 * up fails with words saying so.
 */
async function emailService(app: FastifyInstance) {
  const { db, config, signingSecret } = app.base;
  const { settings } = app;
  const mailer = new Mailer({
    db,
    key: config.SETTINGS_KEY,
    outbound: new Outbound(reachOf('smtp', config), 'LOOPBACK_GATEWAYS'),
    warn: warnTo(app.log),
  });
  app.decorate('mailer', mailer);
  app.decorate(
    'emailChannel',
    new EmailChannel({
      db,
      mailer,
      academyName: () => settings.current.academyName,
      secret: signingSecret,
    }),
  );
  // After the outbox has stopped (preClose): password links still being sent go first.
  app.addHook('onClose', async () => {
    await mailer.close();
  });
}

export default fp(emailService, { name: 'email', dependencies: ['settings'] });
