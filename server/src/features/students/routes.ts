import { OVERVIEW_LIST_SIZE, OVERVIEW_SESSIONS_SIZE } from '@academy/contract';
import { sessionsAround } from '@academy/contract/schedule-now';
import type { FastifyInstance } from 'fastify';
import { formatOptionalTimestamp, formatTimestamp } from '../../db/time.js';
import { findUserById } from '../../domain/people.js';
import { handle } from '../../http/call.js';
import { notFound } from '../../http/errors.js';
import { summariseStudentAssignments } from '../assignments/assignments-data.js';
import { summariseStudentCorrections } from '../corrections/corrections-data.js';
import { attendanceOf } from '../schedules/attendance.js';
import { listSessions } from '../schedules/schedules-data.js';
import { summariseStudentAttempts } from '../skills/skills-data.js';
import { summariseStudentSpeaking } from '../speaking/speaking-data.js';
import { summariseStudentSubmissions } from '../submissions/submissions-data.js';

export default async function studentRoutes(app: FastifyInstance) {
  /** One student's page: each section from its own domain's data module, read side by side. */
  handle(app, 'getStudentOverview', async ({ db, now, today, input, activity }) => {
    // This instance's pings from the last second count too, as on the Online Users screen.
    await activity.flush();
    const id = input.user_id;
    const user = await findUserById(db, id);
    if (!user) throw notFound('Student not found.');
    const [sessions, assignments, submissions, corrections, attempts, speaking] = await Promise.all(
      [
        listSessions(db, id),
        summariseStudentAssignments(db, id, OVERVIEW_LIST_SIZE, now()),
        summariseStudentSubmissions(db, id, OVERVIEW_LIST_SIZE),
        summariseStudentCorrections(db, id, OVERVIEW_LIST_SIZE),
        summariseStudentAttempts(db, id, OVERVIEW_LIST_SIZE),
        summariseStudentSpeaking(db, id, OVERVIEW_LIST_SIZE),
      ],
    );
    return {
      success: true as const,
      student: {
        id: user.id,
        name: user.name,
        username: user.username,
        email: user.email,
        gender: user.gender,
        role_id: user.role_id,
        is_active: user.is_active === 1 ? (1 as const) : (0 as const),
        last_seen: formatOptionalTimestamp(user.last_seen_at),
        created_at: formatTimestamp(user.created_at),
      },
      // The sessions around the academy's today, not the highest numbers (issue 49, point 2).
      schedule: {
        ...attendanceOf(sessions),
        latest: sessionsAround(sessions, today(), OVERVIEW_SESSIONS_SIZE),
      },
      assignments,
      submissions,
      corrections,
      attempts,
      speaking,
    };
  });
}
