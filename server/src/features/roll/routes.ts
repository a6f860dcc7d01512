import { MARK_LABELS, MARKS } from '@academy/contract/roll-rules';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/call.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { attendanceOf, readRoll, saveRoll } from './roll-data.js';

export default async function rollRoutes(app: FastifyInstance) {
  handle(app, 'getAttendance', async ({ db, settings, input }) => {
    const { rollRules: rules, termStarts } = settings.current;
    const { summary, sessions } = await attendanceOf(db, input.user_id, { rules, termStarts });
    return {
      success: true,
      term_starts: termStarts,
      rate: summary.rate,
      absences: summary.absences,
      standing: summary.standing,
      warning_at: rules.warningAt,
      absence_limit: rules.absenceLimit,
      counts: summary.counts,
      sessions,
    };
  });

  handle(app, 'getRoll', async ({ db, input }) => {
    const roll = await readRoll(db, input.class_session_id);
    if (!roll) throw notFound('No such class session.');
    return { success: true, ...roll };
  });

  /**
   * One request saves the whole roll, first or corrected. The students whose standing it
   * raised are told in the same transaction, by a notification that leads to their Schedule;
   * the audit log keeps who saved what.
   */
  handle(app, 'saveRoll', async ({ db, now, today, settings, input, caller, affects }) => {
    const { rollRules: rules, termStarts } = settings.current;
    const outcome = await saveRoll(db, {
      sessionId: input.class_session_id,
      marks: input.marks,
      by: caller.id,
      now: now(),
      today: today(),
      rules,
      termStarts,
    });
    if ('refused' in outcome) {
      if (outcome.refused === 'missing') throw notFound('No such class session.');
      if (outcome.refused === 'cancelled')
        throw conflict('This session was cancelled: it has no roll.');
      if (outcome.refused === 'to-come')
        throw conflict('This session has not taken place yet: its roll can be taken on its day.');
      const [first] = outcome.userIds;
      throw badRequest(
        outcome.userIds.length === 1
          ? `Student ${first} is not in this session.`
          : `${outcome.userIds.length} of the students are not in this session.`,
      );
    }
    affects({ users: outcome.roster, admins: true });
    const counts = MARKS.filter((mark) => outcome.counts[mark] > 0)
      .map((mark) => `${outcome.counts[mark]} ${MARK_LABELS[mark].toLowerCase()}`)
      .join(', ');
    return { success: true, message: `Roll saved: ${counts || 'no students'}.` };
  });
}
