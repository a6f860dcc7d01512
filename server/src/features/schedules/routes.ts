import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import type { Db } from '../../db/index.js';
import { handle } from '../../http/call.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import {
  deleteSession,
  findStudent,
  listSessions,
  saveSessions,
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
 * The student a staff write names: a teacher's by id alone, the one the pipeline found in
 * their classes (the route's reach refuses a name; one made of digits is not looked up here).
 */
const namedBy = (
  caller: Caller,
  input: { user_id?: number | undefined; student_name?: string | undefined },
) => (caller.isTeacher ? { user_id: input.user_id } : input);

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

/**
 * A student may read only their own schedule; a teacher one of their students' named by
 * user_id, which the pipeline has already found to be theirs (http/call.ts checkReach).
 */
function assertMayRead(caller: Caller, studentId: number, namedId: number | undefined) {
  if (caller.isAdmin || caller.id === studentId) return;
  if (caller.isTeacher && namedId === studentId) return;
  throw forbidden(NOT_YOURS);
}

export default async function scheduleRoutes(app: FastifyInstance) {
  handle(app, 'saveSchedule', async ({ db, now, input, caller, affects }) => {
    const student = await studentOf(db, namedBy(caller, input));
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
    assertMayRead(caller, student.id, input.user_id);
    return {
      status: 'success',
      student_id: student.id,
      student_name: student.name,
      schedule: await listSessions(db, student.id),
    };
  });

  handle(app, 'updateSchedule', async ({ db, now, input, caller, affects }) => {
    const student = await studentOf(db, namedBy(caller, input));
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

  handle(app, 'deleteSession', async ({ db, input, caller, affects }) => {
    const student = await studentOf(db, namedBy(caller, input));
    affects({ users: [student.id], admins: true });
    if (!(await deleteSession(db, student.id, input.session_number)))
      throw notFound(`Session ${input.session_number} is not in this schedule.`);
    return { status: 'success', message: 'Session deleted successfully' };
  });
}
