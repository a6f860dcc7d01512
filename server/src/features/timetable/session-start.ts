import { instantOfWallTime, startOfDayInZone } from '../../db/time.js';
import { readSessionTime, wallClock } from '../calendar/session-times.js';

/**
 * The instant a class session begins on the academy's clock (`timeZone`): its date at the start
 * its time text gives ('18:00 - 19:30' begins at 18:00), or the first instant of its day when
 * the text says no time for certain (the calendar feed makes such a session a whole-day event).
 * Joining a class gives only the sessions that begin after the moment of joining, and a
 * session's roll lists only the students who joined before it began (issue 49, point 5).
 */
export function sessionStartsAt(
  session: { session_date: string; session_time: string },
  timeZone: string,
): number {
  const times = readSessionTime(session.session_time);
  return times === null
    ? startOfDayInZone(session.session_date, timeZone)
    : instantOfWallTime(`${session.session_date}T${wallClock(times.start)}:00`, timeZone);
}
