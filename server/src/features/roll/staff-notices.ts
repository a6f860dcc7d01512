import { ROLE_ID } from '@academy/contract/constants';
import { type AttendanceStanding, absenceWords } from '@academy/contract/roll-rules';
import type { Db } from '../../db/index.js';
import type { Tell } from '../../domain/tell.js';

/**
 * Staff hear of warnings (issue 49, point 3): a student a saved roll moved to the absence
 * warning or the limit (or beyond) is told (roll-data.ts), and so are the teachers of the
 * session's class and every active administrator: a notification each, and a message by the
 * channels each of them chose for absence warnings, leading to /attendance-warnings. Written
 * in the roll's transaction, beside the student's, so a crossing is told once or not at all.
 */

/** Where a staff notice leads: the students at the absence warning. */
const STAFF_PATH = '/attendance-warnings';

/** What the staff are told: who, in which class, and how far. */
export function staffStandingMessage(
  student: string,
  className: string,
  standing: AttendanceStanding,
  absences: number,
  absenceLimit: number | null,
): string {
  const counted = `${student} (${className}) has ${absenceWords(absences)} this term`;
  if (standing === 'over') return `${counted}: more than the academy's limit of ${absenceLimit}.`;
  if (standing === 'limit') return `${counted}: the academy's limit.`;
  return `${counted}: the academy's absence warning.`;
}

export interface Crossing {
  userId: number;
  standing: AttendanceStanding;
  absences: number;
}

export async function tellStaffOfCrossings(
  db: Db,
  save: {
    sessionId: number;
    crossings: readonly Crossing[];
    absenceLimit: number | null;
    tell: Tell;
  },
): Promise<number[]> {
  if (save.crossings.length === 0) return [];
  const session = await db
    .selectFrom('class_sessions as cs')
    .innerJoin('classes as c', 'c.id', 'cs.class_id')
    .select(['cs.class_id', 'c.name'])
    .where('cs.id', '=', save.sessionId)
    .executeTakeFirst();
  if (!session) return [];
  const [staff, students] = await Promise.all([
    db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.is_active', '=', 1)
      .where((eb) =>
        eb.or([
          eb('u.role_id', '=', ROLE_ID.admin),
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('class_teachers as ct')
              .select('ct.teacher_id')
              .where('ct.class_id', '=', session.class_id),
          ),
        ]),
      )
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        save.crossings.map((c) => c.userId),
      )
      .execute(),
  ]);
  if (staff.length === 0) return [];
  const nameOf = new Map(students.map((s) => [s.id, s.name]));
  const notices = save.crossings.flatMap((crossing) => {
    const text = staffStandingMessage(
      nameOf.get(crossing.userId) ?? 'A student',
      session.name,
      crossing.standing,
      crossing.absences,
      save.absenceLimit,
    );
    return staff.map((member) => ({ userId: member.id, text }));
  });
  await save.tell(
    db,
    notices.map((notice) => ({
      userId: notice.userId,
      topic: 'attendance' as const,
      refId: save.sessionId,
      text: notice.text,
      path: STAFF_PATH,
    })),
  );
  return staff.map((member) => member.id);
}
