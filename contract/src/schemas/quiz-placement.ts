import { z } from 'zod';
import { CEFR_LEVELS } from '../quizzes/items.js';
import { defineSchemas, Id, MarkSchema, Timestamp } from './common.js';

/**
 * A new student's placement tests (issue 51, point 9), on the student's page: each closed
 * attempt at a placement test with its mark and the level its bands suggest, and (for an
 * administrator) the classes of that level the student could join.
 */

export const StudentPlacementsRequest = z.object({ user_id: Id });

export const StudentPlacement = z.object({
  quiz_id: Id,
  quiz_title: z.string(),
  attempt_id: Id,
  submitted_at: Timestamp,
  /** Null while a spoken answer awaits a teacher's mark. */
  mark: MarkSchema.nullable(),
  /** Null while unmarked, or when the mark is below the first band. */
  suggested_level: z.enum(CEFR_LEVELS).nullable(),
  /** The test's bands, lowest first, to show how the level was found. */
  bands: z.array(z.object({ level: z.enum(CEFR_LEVELS), from_percent: z.number().int() })),
  /**
   * Classes at the suggested level the student is not in, not archived: for an administrator,
   * who puts the student in one (addClassStudents); empty for a teacher.
   */
  classes: z.array(z.object({ id: Id, name: z.string(), level: z.string(), students: z.number() })),
});

export const StudentPlacementsResponse = z.object({
  success: z.literal(true),
  placements: z.array(StudentPlacement),
});

export const quizPlacementSchemas = defineSchemas({
  studentPlacements: { request: StudentPlacementsRequest, response: StudentPlacementsResponse },
});
