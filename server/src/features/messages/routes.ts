import { OWN_PHONE } from '@academy/contract/messages';
import type { FastifyInstance } from 'fastify';
import { academyPhone } from '../../domain/academy-phone.js';
import { handle } from '../../http/call.js';
import { conflict, notFound } from '../../http/errors.js';
import {
  choicesOfPerson,
  listOutbox,
  reachOf,
  resendOutboxRow,
  saveChoices,
} from './outbox-data.js';

/**
 * What reaches a person whose app is closed (issue 31): each person's own choices, and the
 * administrator's outbox.
 */
export default async function messageRoutes(app: FastifyInstance) {
  handle(app, 'getMessageChoices', async ({ db, caller, settings }) => {
    const [choices, reach] = await Promise.all([
      choicesOfPerson(db, caller.id),
      reachOf(db, caller.id, settings.current.outbox),
    ]);
    return {
      success: true,
      choices: { kinds: choices.kinds, quiet_hours: choices.quietHours, phone: choices.phone },
      reach,
      academy_quiet_hours: settings.current.quietHours,
    };
  });

  handle(app, 'saveMessageChoices', async ({ db, caller, input, now, settings }) => {
    const phone = academyPhone(settings.current, input.phone, OWN_PHONE);
    await saveChoices(
      db,
      caller.id,
      { kinds: input.kinds, quietHours: input.quiet_hours, phone },
      now(),
    );
    return { success: true, message: 'Your choices are saved.' };
  });

  handle(app, 'listOutbox', async ({ db, input }) => {
    const { rows, hasMore, counts } = await listOutbox(db, input);
    return { success: true, rows, has_more: hasMore, counts };
  });

  handle(app, 'resendOutbox', async ({ db, input, now, outbox }) => {
    const outcome = await resendOutboxRow(db, input.id, now());
    if (outcome === 'missing') throw notFound('No such message in the outbox.');
    if (outcome === 'not-failed')
      throw conflict('Only a message that failed or was skipped can be sent again.');
    if (outcome === 'password-link')
      throw conflict(
        'A password link cannot be sent again: the link is not kept. The person can ask for a new one on “Forgot password?”.',
      );
    outbox.wake();
    return { success: true, message: 'It will be sent again in a moment.' };
  });
}
