import { patternProblem, sessionsFromPattern } from '@academy/contract/schedule-pattern';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import type { Db } from '../../db/index.js';
import { handle } from '../../http/call.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { resolveRecipients } from '../classes/recipients.js';
import {
  deleteSession,
  findStudent,
  lastSessionNumbers,
  listSessions,
  saveSessions,
  saveSessionsOfStudents,
  updateSession,
} from './schedules-data.js';

/** Resolves the student of a schedule call, or throws the reason with a clear message. */
async function studentOf(
  db: Db,
  input: { user_id?: number | undefined; student_name?: string | undefined },
) {
  const lookup = await findStudent(db, {
    ...(input.user_id !== undefined ? { userId: input.user_id } : {}),
    ...(input.student_name ? { name: input.student_name } : {}),
  });
  if ('found' in lookup) return lookup.found;
  if (lookup.problem === 'none') throw badRequest('Please choose a student.');
  if (lookup.problem === 'ambiguous') {
    throw new HttpError(
      409,
      `More than one student is named "${input.student_name}". Choose the student from the list instead.`,
    );
  }
  throw notFound(
    input.student_name ? `No student is named "${input.student_name}".` : 'No such student.',
  );
}

const NOT_YOURS = 'You can only see your own schedule.';

/**
 * A student asking by name: their own name means themselves, even when another student
 * shares it (the spec's client sends only `student_name`). Any other name is refused before
 * it is looked up, so the answer is the same whether someone has that name, two people do,
 * or nobody: a student cannot test which names exist.
 */
function callerByOwnName(
  caller: Caller,
  input: { user_id?: number | undefined; student_name?: string | undefined },
) {
  if (caller.isAdmin || input.user_id !== undefined || !input.student_name) return undefined;
  const same = caller.name.trim().toLowerCase() === input.student_name.trim().toLowerCase();
  if (!same) throw forbidden(NOT_YOURS);
  return { id: caller.id, name: caller.name };
}

/** A student may read only their own schedule. */
function assertMayRead(caller: Caller, studentId: number) {
  if (!caller.isAdmin && caller.id !== studentId) throw forbidden(NOT_YOURS);
}

export default async function scheduleRoutes(app: FastifyInstance) {
  /**
   * New: a weekly pattern for a class. Each active student gets the pattern's sessions,
   * numbered after their own last one; all or nothing.
   */
  handle(app, 'saveClassSchedule', async ({ db, now, input, affects }) => {
    const to = await resolveRecipients(db, { class_id: input.class_id }, 'Please select a class.');
    const last = await lastSessionNumbers(db, to.userIds);
    const pattern = {
      weekdays: input.weekdays,
      firstDate: input.first_date,
      count: input.count,
      time: input.time,
    };
    const students = [];
    for (const userId of to.userIds) {
      const withNumber = { ...pattern, firstNumber: (last.get(userId) ?? 0) + 1 };
      const problem = patternProblem(withNumber);
      if (problem) throw badRequest(problem);
      students.push({ userId, sessions: sessionsFromPattern(withNumber) });
    }
    await saveSessionsOfStudents(db, students, now());
    affects(to.audience);
    const sessions = input.count === 1 ? '1 session' : `${input.count} sessions`;
    const who =
      to.userIds.length === 1 ? 'the 1 student' : `each of the ${to.userIds.length} students`;
    return { success: true, message: `Added ${sessions} to ${who} of ${to.many?.words}.` };
  });

  handle(app, 'saveSchedule', async ({ db, now, input, affects }) => {
    const student = await studentOf(db, input);
    affects({ users: [student.id], admins: true });
    await saveSessions(
      db,
      student.id,
      input.schedule.map(({ session_id: _ignored, ...session }) => session),
      now(),
    );
    return { status: 'success', message: 'Schedule saved successfully!' };
  });

  handle(app, 'getSchedule', async ({ db, input, caller }) => {
    const student = callerByOwnName(caller, input) ?? (await studentOf(db, input));
    assertMayRead(caller, student.id);
    return {
      status: 'success',
      student_id: student.id,
      student_name: student.name,
      schedule: await listSessions(db, student.id),
    };
  });

  handle(app, 'updateSchedule', async ({ db, now, input, affects }) => {
    const student = await studentOf(db, input);
    affects({ users: [student.id], admins: true });
    const outcome = await updateSession(
      db,
      student.id,
      input.session_number,
      {
        session_number: input.new_session_number ?? input.session_number,
        session_day: input.session_day,
        session_date: input.session_date,
        session_time: input.session_time,
        status: input.status,
      },
      now(),
    );
    if (outcome === 'missing')
      throw notFound(`Session ${input.session_number} is not in this schedule.`);
    if (outcome === 'number-taken')
      throw conflict(`Session ${input.new_session_number} already exists.`);
    return { status: 'success', message: 'Session updated successfully' };
  });

  handle(app, 'deleteSession', async ({ db, input, affects }) => {
    const student = await studentOf(db, input);
    affects({ users: [student.id], admins: true });
    if (!(await deleteSession(db, student.id, input.session_number)))
      throw notFound(`Session ${input.session_number} is not in this schedule.`);
    return { status: 'success', message: 'Session deleted successfully' };
  });
}
