import { REGRADE_LIST_MOST } from '@academy/contract';
import { markText } from '@academy/contract/marks';
import type { FastifyInstance } from 'fastify';
import { quoted } from '../../../domain/tell.js';
import { type CallContext, handle } from '../../../http/call.js';
import { badRequest, forbidden, notFound } from '../../../http/errors.js';
import { itemAuthor, mayChange } from '../bank/bank-data.js';
import { counted } from '../bank/presenters.js';
import { type RegradeChange, regradeItem } from './regrade-data.js';

/**
 * An honest regrade (issue 51, point 5): a preview of what marking the answers to an item's
 * earlier versions with its current key would change, then the regrade itself. The bank's
 * calls: any staff member previews (the bank is the academy's); only the item's writer or an
 * administrator applies, and the audit log keeps who did (features/audit).
 */

const NO_ITEM = 'This item is not in the bank: it may have been deleted.';
const SPOKEN =
  'A spoken answer is marked by its teacher from the recording: there is nothing to regrade.';

type Outcome = Exclude<Awaited<ReturnType<typeof regradeItem>>, { refused: string }>;

/** What the preview or the regrade says in words. */
function summary(outcome: Outcome, changed: number, applied: boolean) {
  if (outcome.answers === 0)
    return outcome.kept > 0
      ? `No answer to regrade: the ${counted(outcome.kept, 'answer')} to earlier versions saw another question and keep their marks.`
      : 'No answer to regrade: no student has answered an earlier version of this item.';
  const answers = counted(outcome.answers, 'answer');
  const attempts = counted(changed, 'attempt');
  const kept =
    outcome.kept > 0
      ? ` ${counted(outcome.kept, 'answer')} to another question keep their marks.`
      : '';
  if (applied)
    return `Regraded: ${answers} marked with the current key; ${changed === 0 ? 'no attempt’s mark changed' : `${attempts} changed`}.${kept}`;
  return `${answers} would be marked with the current key; ${changed === 0 ? 'no attempt’s mark would change' : `${attempts} would change`}.${kept}`;
}

function answerOf(outcome: Awaited<ReturnType<typeof regradeItem>>, applied: boolean) {
  if ('refused' in outcome) {
    if (outcome.refused === 'spoken') throw badRequest(SPOKEN);
    throw notFound(NO_ITEM);
  }
  return {
    success: true as const,
    message: summary(outcome, outcome.changes.length, applied),
    answers: outcome.answers,
    kept: outcome.kept,
    changed: outcome.changes.length,
    changes: outcome.changes.slice(0, REGRADE_LIST_MOST).map(({ shown: _shown, ...c }) => c),
  };
}

/** The student hears of a changed mark they can see, in the transaction that changes it. */
const tellOf =
  (tell: CallContext<'regradeQuizItem'>['tell']) =>
  (trx: Parameters<typeof tell>[0], change: RegradeChange) =>
    tell(trx, {
      userId: change.user_id,
      topic: 'quiz_mark',
      refId: change.quiz_id,
      path: '/my-quizzes',
      text: `A corrected answer key changed your mark in ${quoted(change.quiz_title)}: ${change.after ? markText(change.after) : 'it waits for a teacher'}.`,
    });

export default async function quizRegradeRoutes(app: FastifyInstance) {
  handle(app, 'previewQuizRegrade', async ({ db, input, now }) =>
    answerOf(await regradeItem(db, input.item_id, { apply: false, now: now() }), false),
  );

  handle(app, 'regradeQuizItem', async ({ db, input, caller, now, tell, affects }) => {
    const item = await itemAuthor(db, input.item_id);
    if (!item) throw notFound(NO_ITEM);
    if (!mayChange({ id: caller.id, isAdmin: caller.isAdmin }, item.created_by))
      throw forbidden(
        'Only the teacher who wrote this item, or an administrator, can regrade its answers.',
      );
    const outcome = await regradeItem(db, item.id, { apply: true, now: now(), tell: tellOf(tell) });
    // Every staff member's bank and quiz screens; the students whose marks moved (those told
    // read their new notification).
    if (!('refused' in outcome))
      affects({ admins: true, users: outcome.changes.map((c) => c.user_id) });
    return answerOf(outcome, true);
  });
}
