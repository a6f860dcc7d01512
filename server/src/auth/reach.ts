import type { ReachKind } from '@academy/contract/routes';
import type { Db } from '../db/index.js';
import type { Caller } from './caller.js';

/**
 * A teacher's world (issue 29, point 2): the classes they teach (class_teachers) and those
 * classes' students, with what belongs to them. The pipeline asks `reaches` before any
 * teacher's call runs (http/call.ts, from the route's declared `reach`); a handler whose
 * answer is a list narrows it with `taughtStudents` / `taughtClasses`. One place decides what
 * a teacher may see, so every call decides it alike.
 */

/** Whose things a list shows: every student's (undefined, an administrator) or a teacher's own. */
export type Within = number | undefined;

/** The caller's `Within`: a teacher's id, or undefined for an administrator. */
export const withinOf = (caller: Caller): Within => (caller.isTeacher ? caller.id : undefined);

/** The ids of the students a teacher teaches, as a subquery for `where(…, 'in', …)`. */
export function taughtStudents(db: Db, teacherId: number) {
  return db
    .selectFrom('class_students as taught_cs')
    .innerJoin('class_teachers as taught_ct', 'taught_ct.class_id', 'taught_cs.class_id')
    .select('taught_cs.user_id')
    .where('taught_ct.teacher_id', '=', teacherId);
}

/**
 * The teachers of any of these students (issue 48, point 8): who, beside the administrators,
 * hears of a change about them on the live stream. Asked in slices, so a send to thousands
 * stays within a statement's parameters.
 */
export async function teachersOf(db: Db, studentIds: readonly number[]): Promise<number[]> {
  const teachers = new Set<number>();
  for (let i = 0; i < studentIds.length; i += 1000) {
    const rows = await db
      .selectFrom('class_teachers as tt')
      .innerJoin('class_students as ts', 'ts.class_id', 'tt.class_id')
      .select('tt.teacher_id')
      .distinct()
      .where('ts.user_id', 'in', studentIds.slice(i, i + 1000))
      .execute();
    for (const row of rows) teachers.add(row.teacher_id);
  }
  return [...teachers];
}

/** The ids of the classes a teacher teaches, as a subquery. */
export function taughtClasses(db: Db, teacherId: number) {
  return db
    .selectFrom('class_teachers as taught_t')
    .select('taught_t.class_id')
    .where('taught_t.teacher_id', '=', teacherId);
}

/**
 * The sendings a teacher still reaches, as a subquery (issue 48, point 3): the ones they sent,
 * while they still teach where they went. A sending to a class needs that class still theirs;
 * one to chosen students needs every one of them still theirs. "I sent it" alone let a teacher
 * taken off a class read its students' names and hand-ins and rewrite what they read.
 */
export function reachedSendings(db: Db, teacherId: number) {
  return db
    .selectFrom('sendings as rs')
    .select('rs.id')
    .where('rs.created_by', '=', teacherId)
    .where((eb) => {
      const noneOutside = (table: 'assignments' | 'notifications') =>
        eb.not(
          eb.exists(
            eb
              .selectFrom(table)
              .select(`${table}.id`)
              .whereRef(`${table}.sending_id`, '=', 'rs.id')
              .where(`${table}.user_id`, 'not in', taughtStudents(db, teacherId)),
          ),
        );
      return eb.or([
        eb('rs.class_id', 'in', taughtClasses(db, teacherId)),
        eb.and([
          eb('rs.class_id', 'is', null),
          noneOutside('assignments'),
          noneOutside('notifications'),
        ]),
      ]);
    });
}

/**
 * The speaking questions a teacher may still change, as a subquery (issue 48, point 3): the
 * ones they asked, while every student a question is open to is still one of theirs (a
 * question to a class is open to the students the class had; a teacher never asks everyone).
 */
export function changeableQuestions(db: Db, teacherId: number) {
  return db
    .selectFrom('speaking_questions as cq')
    .select('cq.id')
    .where('cq.created_by', '=', teacherId)
    .where('cq.is_for_some', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('speaking_question_students as cqs')
            .select('cqs.user_id')
            .whereRef('cqs.question_id', '=', 'cq.id')
            .where('cqs.user_id', 'not in', taughtStudents(db, teacherId)),
        ),
      ),
    );
}

/**
 * The quizzes a teacher sees, as a subquery (issue 51): the ones they made, and those sent to
 * any of their students. A student's practice quiz is nobody's on the staff side.
 */
export function quizzesSeenBy(db: Db, teacherId: number) {
  return db
    .selectFrom('quizzes as sq')
    .select('sq.id')
    .where((eb) =>
      eb.or([
        eb('sq.created_by', '=', teacherId),
        eb.exists(
          eb
            .selectFrom('quiz_recipients as sr')
            .select('sr.user_id')
            .whereRef('sr.quiz_id', '=', 'sq.id')
            .where('sr.user_id', 'in', taughtStudents(db, teacherId)),
        ),
      ]),
    );
}

/**
 * The quizzes a teacher may change (save, send, delete), as a subquery: the ones they made,
 * while every student it went to is still theirs (as changeableQuestions).
 */
export function quizzesChangeableBy(db: Db, teacherId: number) {
  return db
    .selectFrom('quizzes as cq')
    .select('cq.id')
    .where('cq.created_by', '=', teacherId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('quiz_recipients as cr')
            .select('cr.user_id')
            .whereRef('cr.quiz_id', '=', 'cq.id')
            .where('cr.user_id', 'not in', taughtStudents(db, teacherId)),
        ),
      ),
    );
}

const ids = (value: unknown): number[] | null => {
  const list = Array.isArray(value) ? value : [value];
  const numbers = list.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  return numbers.every((n): n is number => typeof n === 'number' && Number.isSafeInteger(n))
    ? [...new Set(numbers)]
    : null;
};

/**
 * Whether everything `value` names (an id or a list of ids of `kind`) belongs to the teacher's
 * classes. Anything else a field could hold ('all', a name) is outside.
 */
export async function reaches(
  db: Db,
  teacherId: number,
  kind: ReachKind,
  value: unknown,
): Promise<boolean> {
  const named = ids(value);
  if (!named || named.length === 0) return false;
  const students = taughtStudents(db, teacherId);
  const count = (rows: { n: number | string | bigint } | undefined) => Number(rows?.n ?? 0);
  switch (kind) {
    case 'student':
    case 'students': {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', named)
        .where('id', 'in', students)
        .executeTakeFirst();
      return count(row) === named.length;
    }
    case 'class': {
      const row = await db
        .selectFrom('class_teachers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('teacher_id', '=', teacherId)
        .where('class_id', 'in', named)
        .executeTakeFirst();
      return count(row) === named.length;
    }
    case 'classSession': {
      const row = await db
        .selectFrom('class_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', named)
        .where('class_id', 'in', taughtClasses(db, teacherId))
        .executeTakeFirst();
      return count(row) === named.length;
    }
    case 'question': {
      // A teacher edits and deletes the questions they made, to students still theirs.
      const row = await db
        .selectFrom('speaking_questions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', named)
        .where('id', 'in', changeableQuestions(db, teacherId))
        .executeTakeFirst();
      return count(row) === named.length;
    }
    case 'submission':
    case 'correction':
    case 'answer':
    case 'assignment':
    case 'result': {
      const row = await db
        .selectFrom(TABLE_OF[kind])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', named)
        .where('user_id', 'in', students)
        .executeTakeFirst();
      return count(row) === named.length;
    }
    case 'quiz':
    case 'ownQuiz': {
      const row = await db
        .selectFrom('quizzes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', named)
        .where('practice_for', 'is', null)
        .where(
          'id',
          'in',
          kind === 'quiz' ? quizzesSeenBy(db, teacherId) : quizzesChangeableBy(db, teacherId),
        )
        .executeTakeFirst();
      return count(row) === named.length;
    }
    case 'sending': {
      // A teacher's sent items are the ones they sent, where they still teach.
      const row = await db
        .selectFrom('sendings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', named)
        .where('id', 'in', reachedSendings(db, teacherId))
        .executeTakeFirst();
      return count(row) === named.length;
    }
  }
}

/** The records a student owns (their `user_id`), by the kind that names them. */
const TABLE_OF = {
  submission: 'submissions',
  correction: 'corrections',
  answer: 'speaking_answers',
  assignment: 'assignments',
  /** A published term result (issue 30): the teacher reaches it while its student is theirs. */
  result: 'term_results',
} as const;
