import { ATTENDANCE_WARNINGS_PAGE_SIZE } from '@academy/contract';
import {
  formatRate,
  MARK_LABELS,
  MARKS,
  type RollRules,
  STANDING_WORDS,
} from '@academy/contract/roll-rules';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import type { Db } from '../../db/index.js';
import { findClassHead } from '../../domain/classes.js';
import { termOf } from '../../domain/terms.js';
import { handle } from '../../http/call.js';
import { toCsv } from '../../http/csv.js';
import { dayOf, fileWord } from '../../http/download-names.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import {
  attendanceOf,
  attendanceWarnings,
  classAttendance,
  describeWarned,
  readRoll,
  saveRoll,
} from './roll-data.js';

export default async function rollRoutes(app: FastifyInstance) {
  handle(app, 'getAttendance', async ({ db, settings, input, today }) => {
    const terms = await termsOf(db, settings.current, today());
    const { rules, term } = terms;
    const { summary, sessions } = await attendanceOf(db, input.user_id, terms);
    return {
      success: true,
      term,
      rate: summary.rate,
      absences: summary.absences,
      standing: summary.standing,
      warning_at: rules.warningAt,
      absence_limit: rules.absenceLimit,
      counts: summary.counts,
      sessions,
    };
  });

  handle(app, 'getRoll', async ({ db, settings, input }) => {
    const roll = await readRoll(db, input.class_session_id, settings.current.timeZone);
    if (!roll) throw notFound('No such class session.');
    return { success: true, ...roll };
  });

  /**
   * One request saves the whole roll, first or corrected. The students whose standing it
   * raised are told in the same transaction, by a notification that leads to their Schedule;
   * the audit log keeps who saved what.
   */
  handle(app, 'saveRoll', async ({ db, now, today, settings, tell, input, caller, affects }) => {
    const day = today();
    const outcome = await saveRoll(db, {
      sessionId: input.class_session_id,
      marks: input.marks,
      by: caller.id,
      now: now(),
      today: day,
      timeZone: settings.current.timeZone,
      ...(await termsOf(db, settings.current, day)),
      tell,
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
    // The class hears its schedules changed; only the students told of a standing hear of a
    // notification, or every open app of the class would refetch its notifications at once.
    affects(
      { users: outcome.roster, admins: true },
      { notifications: { users: [...outcome.told, ...outcome.staff], admins: true } },
    );
    const counts = MARKS.filter((mark) => outcome.counts[mark] > 0)
      .map((mark) => `${outcome.counts[mark]} ${MARK_LABELS[mark].toLowerCase()}`)
      .join(', ');
    return { success: true, message: `Roll saved: ${counts || 'no students'}.` };
  });

  handle(app, 'getClassAttendance', async ({ db, settings, input, today }) => {
    const found = await findClassHead(db, input.class_id);
    if (!found) throw notFound('Class not found.');
    const terms = await termsOf(db, settings.current, today());
    const grid = await classAttendance(db, found.id, terms);
    return { success: true, class_name: found.name, term: terms.term, ...grid };
  });

  /**
   * The grid as CSV: a row a student, a column a session (its date and time), then the figures
   * and the roll's notes (each after its session's date and time).
   */
  handle(app, 'exportClassAttendance', async ({ db, settings, input, now, today }) => {
    const found = await findClassHead(db, input.class_id);
    if (!found) throw notFound('Class not found.');
    const terms = await termsOf(db, settings.current, today());
    const { sessions, students } = await classAttendance(db, found.id, terms);
    const csv = toCsv(
      [
        'student',
        ...sessions.map((s) => `${s.session_date} ${s.session_time}`),
        'rate',
        'absences',
        'notes',
      ],
      students.map((s) => [
        s.name,
        ...s.marks.map((mark) => (mark === null ? '' : MARK_LABELS[mark])),
        formatRate(s.rate),
        s.absences,
        // The roll's notes (issue 49), each after its session's date and time.
        s.notes
          .flatMap((note, i) => {
            const session = sessions[i];
            return note && session
              ? [`${session.session_date} ${session.session_time}: ${note}`]
              : [];
          })
          .join('; '),
      ]),
    );
    return {
      success: true,
      csv,
      file_name: `attendance-${fileWord(found.name)}-${dayOf(now())}.csv`,
      count: students.length,
    };
  });

  handle(app, 'getAttendanceWarnings', async ({ db, settings, input, caller, today }) => {
    const terms = await termsOf(db, settings.current, today());
    const warned = await attendanceWarnings(db, terms, withinOf(caller));
    const from = (input.page - 1) * ATTENDANCE_WARNINGS_PAGE_SIZE;
    const page = warned.slice(from, from + ATTENDANCE_WARNINGS_PAGE_SIZE);
    return {
      success: true,
      term: terms.term,
      warning_at: terms.rules.warningAt,
      absence_limit: terms.rules.absenceLimit,
      students: await describeWarned(db, page, terms),
      has_more: warned.length > from + page.length,
      page: input.page,
      page_size: ATTENDANCE_WARNINGS_PAGE_SIZE,
    };
  });

  handle(app, 'exportAttendanceWarnings', async ({ db, settings, caller, now, today }) => {
    const terms = await termsOf(db, settings.current, today());
    const warned = await attendanceWarnings(db, terms, withinOf(caller));
    const students = await describeWarned(db, warned, terms);
    const csv = toCsv(
      ['student', 'classes', 'absences', 'rate', 'standing'],
      students.map((s) => [
        s.name,
        s.classes.join('; '),
        s.absences,
        formatRate(s.rate),
        STANDING_WORDS[s.standing],
      ]),
    );
    return {
      success: true,
      csv,
      file_name: `attendance-warnings-${dayOf(now())}.csv`,
      count: students.length,
    };
  });
}

/** The academy's rules (its settings) and its current term: the one holding today, if any. */
const termsOf = async (db: Db, current: { rollRules: RollRules }, today: string) => ({
  rules: current.rollRules,
  term: await termOf(db, today),
});
