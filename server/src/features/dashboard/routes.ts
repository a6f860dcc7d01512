import { ONLINE_WINDOW_MS } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { addDays, weekOf } from '../../db/time.js';
import { handle } from '../../http/call.js';
import { countUnreadAssignments } from '../assignments/assignments-data.js';
import { countWaitingSpeakingAnswers } from '../speaking/speaking-data.js';
import { countNewSubmissions } from '../submissions/submissions-data.js';
import {
  listComingSessions,
  listSessionsOn,
  listUntakenRolls,
} from '../timetable/timetable-data.js';
import { countStudentsSeenSince } from '../users/users-data.js';

/** The days after today whose sessions a teacher's phone keeps with the day: a week ahead. */
const COMING_DAYS = 6;

export default async function dashboardRoutes(app: FastifyInstance) {
  /** What needs doing: the admin dashboard's four counts, each from its domain's data module. */
  handle(app, 'getAdminCounts', async ({ db, now, activity }) => {
    // This instance's pings from the last second count too, as on the Online Users screen.
    await activity.flush();
    const [newSubmissions, unreadAssignments, studentsOnline, waitingSpeaking] = await Promise.all([
      countNewSubmissions(db),
      countUnreadAssignments(db),
      countStudentsSeenSince(db, now() - ONLINE_WINDOW_MS),
      countWaitingSpeakingAnswers(db),
    ]);
    return {
      success: true as const,
      new_submissions: newSubmissions,
      unread_assignments: unreadAssignments,
      students_online: studentsOnline,
      waiting_speaking_answers: waitingSpeaking,
    };
  });

  /**
   * New (issue 29): today's class sessions, the rolls to take first, and what waits for a
   * correction: a teacher's of their classes (their home), an administrator's of every class;
   * and this week's earlier sessions whose roll is still not taken (issue 49, point 4).
   */
  handle(app, 'getTeachingDay', async ({ db, today, caller }) => {
    const within = withinOf(caller);
    const date = today();
    // A teacher's phone keeps the day (issue 49, point 1): the coming days' sessions with it,
    // so opened offline on one of them it still lists that day's classes. An administrator's
    // dashboard is not kept, and every class's week would only weigh it down.
    const coming = caller.isTeacher
      ? listComingSessions(db, { today: date, through: addDays(date, COMING_DAYS) }, within)
      : undefined;
    const [sessions, untaken, newSubmissions, waitingSpeaking, comingSessions] = await Promise.all([
      listSessionsOn(db, date, within),
      listUntakenRolls(db, { weekStart: weekOf(date).start, today: date }, within),
      countNewSubmissions(db, within),
      countWaitingSpeakingAnswers(db, within),
      coming,
    ]);
    return {
      success: true as const,
      today: date,
      sessions,
      untaken_rolls: untaken,
      ...(comingSessions ? { coming_sessions: comingSessions } : {}),
      new_submissions: newSubmissions,
      waiting_speaking_answers: waitingSpeaking,
    };
  });
}
