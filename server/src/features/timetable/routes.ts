import { TIMETABLE_PAGE_SIZE } from '@academy/contract';
import { patternProblem, sessionsFromPattern } from '@academy/contract/schedule-pattern';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.js';
import { findClassHead } from '../../domain/classes.js';
import { handle } from '../../http/call.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import {
  addToTimetable,
  changeClassSession,
  holdersOf,
  listClassSessions,
  refusingNoRoom,
} from './timetable-data.js';

const sessionWords = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);

async function classIn(db: Db, classId: number) {
  const found = await findClassHead(db, classId);
  if (!found) throw notFound('Class not found.');
  return found;
}

export default async function timetableRoutes(app: FastifyInstance) {
  /**
   * A weekly pattern makes the class's sessions once, and every active member gets them,
   * numbered after their own last session. Sessions the timetable already has are left as
   * they are (pressing "Add to every student" twice no longer doubles a class's sessions);
   * a pattern that adds nothing is refused, saying so. A class with no students yet gets its
   * timetable, and the students added later get its sessions to come.
   */
  handle(app, 'saveClassSchedule', async ({ db, now, input, affects }) => {
    const found = await classIn(db, input.class_id);
    if (found.is_archived) throw badRequest(`The class ${found.name} is archived.`);
    const pattern = {
      weekdays: input.weekdays,
      firstDate: input.first_date,
      count: input.count,
      time: input.time,
      firstNumber: 1,
    };
    const problem = patternProblem(pattern);
    if (problem) throw badRequest(problem);
    const { added, already, userIds } = await refusingNoRoom(db, () =>
      addToTimetable(db, found.id, sessionsFromPattern(pattern), now()),
    );
    if (added === 0)
      throw conflict(
        `${already === 1 ? 'This session is' : `All ${already} sessions are`} already in the timetable of ${found.name}.`,
      );
    affects({ users: userIds, admins: true });
    const who =
      userIds.length === 0
        ? `the timetable of ${found.name}. It has no students yet: students added to it get them`
        : userIds.length === 1
          ? `the 1 student of ${found.name}`
          : `each of the ${userIds.length} students of ${found.name}`;
    const merged =
      already === 0
        ? ''
        : ` ${sessionWords(already)} ${already === 1 ? 'was' : 'were'} already in its timetable.`;
    return { success: true, message: `Added ${sessionWords(added)} to ${who}.${merged}` };
  });

  handle(app, 'getClassSessions', async ({ db, today, input }) => {
    const found = await classIn(db, input.class_id);
    const { sessions, hasMore } = await listClassSessions(db, found.id, {
      when: input.when,
      today: today(),
      page: input.page,
    });
    return {
      success: true,
      sessions,
      has_more: hasMore,
      page: input.page,
      page_size: TIMETABLE_PAGE_SIZE,
    };
  });

  /** Moves, cancels or brings back one class session, for every member at once. */
  handle(app, 'updateClassSession', async ({ db, now, input, affects }) => {
    const found = await classIn(db, input.class_id);
    const outcome = await changeClassSession(
      db,
      found.id,
      input.class_session_id,
      {
        ...(input.session_date !== undefined ? { session_date: input.session_date } : {}),
        ...(input.session_time !== undefined ? { session_time: input.session_time } : {}),
        ...(input.cancelled !== undefined ? { cancelled: input.cancelled } : {}),
      },
      now(),
    );
    if (outcome === 'missing') throw notFound(`${found.name} has no such session.`);
    if (outcome === 'bad-date') throw badRequest('The date must be a date, such as 2026-12-07.');
    if (outcome === 'taken')
      throw conflict(`${found.name} already has a session at that date and time.`);
    affects({ users: await holdersOf(db, input.class_session_id), admins: true });
    const message =
      input.cancelled === true
        ? 'Session cancelled for every student of the class.'
        : input.cancelled === false
          ? 'Session brought back for every student of the class.'
          : 'Session moved for every student of the class.';
    return { success: true, message };
  });
}
