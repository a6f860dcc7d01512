import {
  DEFAULT_GUARDIAN_KINDS,
  GUARDIAN_PHONE,
  MESSAGE_KIND_WORDS,
} from '@academy/contract/messages';
import type { FastifyInstance } from 'fastify';
import { academyPhone } from '../../domain/academy-phone.js';
import { handle } from '../../http/call.js';
import {
  addGuardian,
  changeGuardian,
  deleteGuardian,
  listGuardians,
  requireStudent,
  saveGuardianKinds,
} from './guardians-data.js';

/** A student's guardians, on the student's page; which messages go to guardians, on Settings. */
export default async function guardianRoutes(app: FastifyInstance) {
  handle(app, 'listGuardians', async ({ db, input }) => {
    await requireStudent(db, input.user_id);
    return { success: true, guardians: await listGuardians(db, input.user_id) };
  });

  // A guardian change shows on the student's page: the staff's screens, not the student's.
  handle(app, 'saveGuardian', async ({ db, now, input, affects, settings }) => {
    affects({ staffOf: [input.user_id] });
    await requireStudent(db, input.user_id);
    const phone = academyPhone(settings.current, input.phone, GUARDIAN_PHONE);
    const fields = { name: input.name, phone, email: input.email };
    if (input.guardian_id === undefined) {
      const id = await addGuardian(db, input.user_id, fields, now());
      return { success: true, message: `${input.name} added as a guardian.`, id };
    }
    await changeGuardian(db, input.user_id, input.guardian_id, fields);
    return { success: true, message: `${input.name} saved.`, id: input.guardian_id };
  });

  handle(app, 'deleteGuardian', async ({ db, input, affects }) => {
    affects({ staffOf: [input.user_id] });
    await requireStudent(db, input.user_id);
    await deleteGuardian(db, input.user_id, input.guardian_id);
    return { success: true, message: 'Guardian removed.' };
  });

  handle(app, 'getGuardianKinds', async ({ settings }) => ({
    success: true,
    kinds: [...settings.current.outbox.guardianKinds],
    defaults: [...DEFAULT_GUARDIAN_KINDS],
  }));

  /** The settings in memory read again before the answer: the next message goes by them. */
  handle(app, 'saveGuardianKinds', async ({ db, now, settings, input, caller, affects }) => {
    affects({ admins: true });
    await saveGuardianKinds(db, input.kinds, caller.id, now());
    await settings.reload();
    return {
      success: true,
      message:
        input.kinds.length === 0
          ? 'Guardians will be sent no messages.'
          : `Guardians will be sent: ${input.kinds.map((k) => MESSAGE_KIND_WORDS[k].toLowerCase()).join(', ')}.`,
    };
  });
}
