import type { FastifyInstance } from 'fastify';
import { handle } from '../../../http/call.js';
import { studentPlacements } from './placement-data.js';

/**
 * A new student's placement tests on their page (issue 51, point 9). The pipeline checked that
 * a teacher reaches the student; only an administrator puts students in classes, so only an
 * administrator is offered the classes of the suggested level.
 */
export default async function quizPlacementRoutes(app: FastifyInstance) {
  handle(app, 'studentPlacements', async ({ db, input, caller }) => ({
    success: true,
    placements: await studentPlacements(db, input.user_id, { withClasses: caller.isAdmin }),
  }));
}
