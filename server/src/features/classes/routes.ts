import { CLASS_STUDENTS_PAGE_SIZE, CLASSES_PAGE_SIZE } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { refuseNonStudents } from '../../domain/recipients.js';
import { handle } from '../../http/call.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { refusingNoRoom } from '../timetable/timetable-data.js';
import { listActiveTeachers } from '../users/users-data.js';
import {
  ClassNameTakenError,
  countActiveTeachers,
  createClass,
  findClass,
  joinClass,
  listClasses,
  listClassesOf,
  listClassStudents,
  removeClassStudents,
  setClassTeachers,
  updateClass,
} from './classes-data.js';

const nameTaken = (name: string) =>
  conflict(`A class called “${name}” already exists. Please choose another name.`);

/** Changes to classes concern the administrators' screens only. */
const ADMINS = { admins: true } as const;

export default async function classRoutes(app: FastifyInstance) {
  handle(app, 'getClasses', async ({ db, input, caller }) => {
    const { classes, hasMore } = await listClasses(db, {
      archived: input.archived,
      page: input.page,
      ...(input.q ? { q: input.q } : {}),
      within: withinOf(caller),
    });
    return {
      success: true,
      classes,
      has_more: hasMore,
      page: input.page,
      page_size: CLASSES_PAGE_SIZE,
    };
  });

  handle(app, 'createClass', async ({ db, now, input, affects }) => {
    try {
      const classId = await createClass(db, input.name, now());
      affects(ADMINS);
      return { success: true, message: `Class ${input.name} created.`, class_id: classId };
    } catch (error) {
      if (error instanceof ClassNameTakenError) throw nameTaken(input.name);
      throw error;
    }
  });

  handle(app, 'updateClass', async ({ db, now, input, affects }) => {
    try {
      const found = await updateClass(
        db,
        input.class_id,
        { name: input.name, archived: input.archived },
        now(),
      );
      if (!found) throw notFound('Class not found.');
    } catch (error) {
      if (error instanceof ClassNameTakenError) throw nameTaken(error.className);
      throw error;
    }
    affects(ADMINS);
    const message =
      input.archived === true
        ? 'Class archived.'
        : input.archived === false
          ? 'Class brought back.'
          : 'Class renamed.';
    return { success: true, message };
  });

  handle(app, 'getClassStudents', async ({ db, input }) => {
    const found = await findClass(db, input.class_id);
    if (!found) throw notFound('Class not found.');
    const { students, hasMore } = await listClassStudents(db, found.id, {
      q: input.q,
      page: input.page,
    });
    return {
      success: true,
      class: found,
      students,
      has_more: hasMore,
      page: input.page,
      page_size: CLASS_STUDENTS_PAGE_SIZE,
    };
  });

  /** New members get the class's sessions that have not begun (its timetable). */
  handle(app, 'addClassStudents', async (ctx) => {
    const { db, now, today, settings, input, affects, caller } = ctx;
    const found = await findClass(db, input.class_id);
    if (!found) throw notFound('Class not found.');
    await refuseNonStudents(db, input.user_ids);
    const added = await refusingNoRoom(db, () =>
      joinClass(db, found.id, input.user_ids, today(), now(), settings.current.timeZone),
    );
    // Joining charges the class's fees in force (tuition's service, issue 52 point 2).
    const { charged, failed } = await ctx.chargeJoiners(found.id, input.user_ids, {
      id: caller.id,
      name: caller.name,
    });
    // Money is heard by its payers and the administrators, no teacher.
    affects(
      { users: input.user_ids, admins: true },
      { tuition: { users: charged, administrators: true } },
    );
    if (charged.length > 0) ctx.request.auditDetails = { charged_fees: charged.length };
    const already = input.user_ids.length - added;
    return {
      success: true,
      message:
        `${countWords(added)} added to ${found.name}.` +
        (already > 0 ? ` ${countWords(already)} already in it.` : '') +
        (charged.length > 0 ? ` ${countWords(charged.length)} charged the class’s fees.` : '') +
        (failed ? ' The class’s fees could not be charged now: charge them on its fee plan.' : ''),
    };
  });

  /** Leavers lose the class's sessions from today on; those before stay in their schedule. */
  handle(app, 'removeClassStudents', async ({ db, today, input, affects }) => {
    const found = await findClass(db, input.class_id);
    if (!found) throw notFound('Class not found.');
    const removed = await removeClassStudents(db, found.id, input.user_ids, today());
    affects({ users: input.user_ids, admins: true });
    return { success: true, message: `${countWords(removed)} removed from ${found.name}.` };
  });

  handle(app, 'getStudentClasses', async ({ db, input, caller }) => {
    return { success: true, classes: await listClassesOf(db, input.user_id, withinOf(caller)) };
  });

  /**
   * New (issue 29): the class's teachers, replaced by the list sent. A teacher taken off a
   * class loses it at once: every call decides from class_teachers as it comes.
   */
  handle(app, 'setClassTeachers', async ({ db, now, input, affects }) => {
    const found = await findClass(db, input.class_id);
    if (!found) throw notFound('Class not found.');
    if ((await countActiveTeachers(db, input.teacher_ids)) !== input.teacher_ids.length)
      throw badRequest('Please choose teachers: each must be an active teacher’s account.');
    await setClassTeachers(db, found.id, input.teacher_ids, now());
    affects(ADMINS);
    const n = input.teacher_ids.length;
    return {
      success: true,
      message:
        n === 0
          ? `${found.name} has no teachers now.`
          : `${found.name} has ${n === 1 ? '1 teacher' : `${n} teachers`} now.`,
    };
  });

  handle(app, 'getTeachers', async ({ db }) => {
    return { success: true, teachers: await listActiveTeachers(db) };
  });
}

const countWords = (n: number) => (n === 1 ? '1 student' : `${n} students`);
