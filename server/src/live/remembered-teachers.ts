/** How long a student's teachers are remembered for the changes told about them. */
export const TEACHERS_KEPT_MS = 60_000;

/** More students than this remembered at once and the memory starts afresh. */
const MOST_REMEMBERED = 20_000;

type TeachersOf = (studentIds: readonly number[]) => Promise<number[]>;

/**
 * A student's teachers, looked up once a minute rather than for every change told about
 * them. A school day's changes are mostly one student's (a card answered, a file handed in,
 * an assignment opened), each told to that student's teachers (Live's narrowing), and the
 * same students change things every few seconds: the look-up was a query for every write,
 * 2–3% of a day's server CPU (bench:day's profile, 2026-12-02; kept 5 s it was still asked
 * for nearly every write, a student's answers being about 8 s apart at issue 28's rate).
 *
 * Live calls `forget` on every change to `classes` or `users` (the topics of whatever moves a
 * student or a teacher between classes), from any instance. What the minute may leave out of
 * date is only whom a topic is told, never what anyone reads: a teacher taken off a class by
 * a write that tells neither topic may hear a minute more of its students' topics (and their
 * refetch answers only within their classes), one given a class that way may miss as long of
 * them (their screens were read when the class became theirs).
 */
export function rememberedTeachers(
  lookUp: TeachersOf,
  now: () => number,
): { teachersOf: TeachersOf; forget: () => void } {
  const known = new Map<number, { teachers: number[]; until: number }>();
  const teachersOf: TeachersOf = async (studentIds) => {
    // Several students at once (a class sent to) are rare: looked up every time.
    if (studentIds.length !== 1) return lookUp(studentIds);
    const studentId = studentIds[0] as number;
    const at = now();
    const remembered = known.get(studentId);
    if (remembered && remembered.until > at) return remembered.teachers;
    const teachers = await lookUp(studentIds);
    if (known.size >= MOST_REMEMBERED) known.clear();
    known.set(studentId, { teachers, until: at + TEACHERS_KEPT_MS });
    return teachers;
  };
  return { teachersOf, forget: () => known.clear() };
}
