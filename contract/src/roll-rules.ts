/**
 * The roll's rules (issue 29): what each mark is worth, how lates turn into absences, and
 * when a student is warned or reaches the academy's absence limit. Pure (no zod), as
 * schedule-pattern.ts is: the server applies them when a roll is saved and when a page is
 * read, and the screens say the same before sending.
 *
 * Academies publish such rules in words ("2 lates count as 1 absence", "more than 4
 * absences: no final exam"); each rule here is one of those sentences.
 */

/** What a teacher marks for each student of a session. Everyone starts present. */
export const MARKS = ['present', 'late', 'absent', 'excused'] as const;
export type Mark = (typeof MARKS)[number];

/** The words a screen shows for a mark. */
export const MARK_LABELS: Record<Mark, string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  excused: 'Excused',
};

export interface RollRules {
  /** Points a mark earns (0–10 each; present earns the most, at least 1). */
  readonly points: Readonly<Record<Mark, number>>;
  /** This many lates count as one absence; 0: lates never do. */
  readonly latesPerAbsence: number;
  /** A student with this many absences in a term is warned; null: no warning. */
  readonly warningAt: number | null;
  /** The most absences a student may have in a term; null: no limit. */
  readonly absenceLimit: number | null;
}

/** The rules as the API carries them (save_settings, get_settings), in its snake case. */
export interface RollRulesFields {
  points: Record<Mark, number>;
  lates_per_absence: number;
  warning_at: number | null;
  absence_limit: number | null;
}

export const rollRulesFromFields = (f: RollRulesFields): RollRules => ({
  points: { ...f.points },
  latesPerAbsence: f.lates_per_absence,
  warningAt: f.warning_at,
  absenceLimit: f.absence_limit,
});

export const rollRulesToFields = (r: RollRules): RollRulesFields => ({
  points: { ...r.points },
  lates_per_absence: r.latesPerAbsence,
  warning_at: r.warningAt,
  absence_limit: r.absenceLimit,
});

/** Present 2, late 1, excused 1, absent 0 (the defaults); 2 lates are an absence. */
export const DEFAULT_ROLL_RULES: RollRules = {
  points: { present: 2, late: 1, excused: 1, absent: 0 },
  latesPerAbsence: 2,
  warningAt: 3,
  absenceLimit: 4,
};

export const ROLL_POINTS_RANGE = 'Points for each mark must be whole numbers from 0 to 10.';
export const ROLL_PRESENT_MOST = 'Present must earn at least 1 point, and no mark more than it.';
export const ROLL_LATES_RANGE = 'Lates per absence must be a whole number from 0 to 20.';
export const ROLL_THRESHOLD_RANGE =
  'The warning and the absence limit must be whole numbers from 1 to 100, or left empty.';
export const ROLL_WARNING_AFTER_LIMIT =
  'The warning must come at or before the absence limit, not after it.';

const wholeIn = (value: number, low: number, high: number) =>
  Number.isInteger(value) && value >= low && value <= high;

/** What is wrong with a set of rules, in the words the Settings screen shows, or null. */
export function rollRulesProblem(rules: RollRules): string | null {
  if (MARKS.some((mark) => !wholeIn(rules.points[mark], 0, 10))) return ROLL_POINTS_RANGE;
  const most = rules.points.present;
  if (most < 1 || MARKS.some((mark) => rules.points[mark] > most)) return ROLL_PRESENT_MOST;
  if (!wholeIn(rules.latesPerAbsence, 0, 20)) return ROLL_LATES_RANGE;
  for (const threshold of [rules.warningAt, rules.absenceLimit])
    if (threshold !== null && !wholeIn(threshold, 1, 100)) return ROLL_THRESHOLD_RANGE;
  if (rules.warningAt !== null && rules.absenceLimit !== null)
    if (rules.warningAt > rules.absenceLimit) return ROLL_WARNING_AFTER_LIMIT;
  return null;
}

/**
 * Where a student stands against the rules: `warning` from the warning threshold on,
 * `limit` on reaching the absence limit exactly (one more is too many), `over` beyond it.
 */
export type AttendanceStanding = 'fine' | 'warning' | 'limit' | 'over';

export interface AttendanceSummary {
  /** Sessions whose roll was taken, for this student. */
  readonly sessions: number;
  readonly counts: Readonly<Record<Mark, number>>;
  /** Absences as the rules count them: absent marks plus whole groups of lates. */
  readonly absences: number;
  readonly points: number;
  /** Points earned out of the most the sessions could earn, 0–1; null with no session. */
  readonly rate: number | null;
  readonly standing: AttendanceStanding;
}

/**
 * One student's attendance over the marks given (the caller chooses them: one term's rolls
 * of sessions that took place; a cancelled session's roll does not count, a moved one's
 * does). Excused marks are never absences.
 */
export function summarizeAttendance(
  marks: readonly Mark[],
  rules: RollRules = DEFAULT_ROLL_RULES,
): AttendanceSummary {
  const counts: Record<Mark, number> = { present: 0, late: 0, absent: 0, excused: 0 };
  for (const mark of marks) counts[mark] += 1;
  return summarizeCounts(counts, rules);
}

/** The same summary from how many of each mark a student has (a query's counts). */
export function summarizeCounts(
  counts: Readonly<Record<Mark, number>>,
  rules: RollRules = DEFAULT_ROLL_RULES,
): AttendanceSummary {
  const sessions = MARKS.reduce((n, mark) => n + counts[mark], 0);
  const points = MARKS.reduce((n, mark) => n + counts[mark] * rules.points[mark], 0);
  const absences =
    counts.absent +
    (rules.latesPerAbsence > 0 ? Math.floor(counts.late / rules.latesPerAbsence) : 0);
  const most = sessions * rules.points.present;
  return {
    sessions,
    counts,
    absences,
    points,
    rate: most > 0 ? points / most : null,
    standing: standingOf(absences, rules),
  };
}

export function standingOf(absences: number, rules: RollRules): AttendanceStanding {
  const limit = rules.absenceLimit;
  if (limit !== null && absences > limit) return 'over';
  if (limit !== null && absences === limit) return 'limit';
  if (rules.warningAt !== null && absences >= rules.warningAt) return 'warning';
  return 'fine';
}

/** Each standing as the warning list and its CSV name it. */
export const STANDING_WORDS: Record<AttendanceStanding, string> = {
  fine: 'Fine',
  warning: 'Warning',
  limit: 'At the limit',
  over: 'Over the limit',
};

const STANDING_ORDER: readonly AttendanceStanding[] = ['fine', 'warning', 'limit', 'over'];

/**
 * Whether a student's mark for a session changing from `was` (none yet: null) to `now` can
 * raise their standing. A standing follows absences alone, which only a new absent or late
 * adds to: a save need count only the students it gave one (a class's whole roll, counted
 * before and after, was most of the cost of saving it).
 */
export function canRaiseStanding(was: Mark | null, now: Mark): boolean {
  if (now === 'absent') return was !== 'absent';
  // A late counts for at most an absence: in place of an absence (or a late) it adds nothing.
  return now === 'late' && was !== 'absent' && was !== 'late';
}

/**
 * The standing a saved roll moved a student into, when it rose (fine → warning, warning →
 * over, …): the moment the student, their teachers and the administrators are told, once.
 * A correction that lowers it (an absence made excused) tells no one.
 */
export function standingReached(
  before: AttendanceStanding,
  after: AttendanceStanding,
): AttendanceStanding | null {
  return STANDING_ORDER.indexOf(after) > STANDING_ORDER.indexOf(before) ? after : null;
}

/** "1 absence", "3 absences". */
export const absenceWords = (n: number) => (n === 1 ? '1 absence' : `${n} absences`);

/**
 * What a student is told of their standing, in a notification when a roll raises it and on
 * their Schedule while it lasts; null while they are fine.
 */
export function standingMessage(
  standing: AttendanceStanding,
  absences: number,
  absenceLimit: number | null,
): string | null {
  const counted = `You have ${absenceWords(absences)} this term`;
  if (standing === 'over') return `${counted}: more than the academy's limit of ${absenceLimit}.`;
  if (standing === 'limit')
    return `${counted}: the academy's limit. Another absence would be over it.`;
  if (standing === 'warning')
    return absenceLimit === null
      ? `${counted}. Please come to your classes.`
      : `${counted}. The academy's limit is ${absenceLimit}.`;
  return null;
}

/**
 * The spec's status a session reads once its roll is taken: Held for a student who came
 * (present or late), Missed for one who did not (absent, or excused: they still missed it).
 */
export function scheduleStatusOf(mark: Mark): 'Held' | 'Missed' {
  return mark === 'present' || mark === 'late' ? 'Held' : 'Missed';
}

/** A rate as a screen shows it: "85%"; no session yet: "No roll yet". */
export function formatRate(rate: number | null): string {
  return rate === null ? 'No roll yet' : `${Math.round(rate * 100)}%`;
}
