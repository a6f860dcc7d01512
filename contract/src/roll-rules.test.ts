import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canRaiseStanding,
  DEFAULT_ROLL_RULES,
  formatRate,
  MARKS,
  type Mark,
  ROLL_LATES_RANGE,
  ROLL_POINTS_RANGE,
  ROLL_PRESENT_MOST,
  ROLL_THRESHOLD_RANGE,
  ROLL_WARNING_AFTER_LIMIT,
  type RollRules,
  rollRulesProblem,
  scheduleStatusOf,
  standingReached,
  summarizeAttendance,
  summarizeCounts,
} from './roll-rules.js';

const times = (mark: Mark, n: number): Mark[] => Array.from({ length: n }, () => mark);
const rules = (change: Partial<RollRules>): RollRules => ({ ...DEFAULT_ROLL_RULES, ...change });

describe('summarizeAttendance: points', () => {
  it('earns the default points: present 2, late 1, excused 1, absent 0', () => {
    const summary = summarizeAttendance(['present', 'late', 'excused', 'absent']);
    expect(summary.points).toBe(4);
    expect(summary.counts).toEqual({ present: 1, late: 1, absent: 1, excused: 1 });
    // Four sessions could earn 8 points.
    expect(summary.rate).toBe(0.5);
  });

  it('uses the academy’s own points', () => {
    const own = rules({ points: { present: 3, late: 2, excused: 3, absent: 0 } });
    expect(summarizeAttendance(['present', 'late', 'excused'], own).points).toBe(8);
    expect(summarizeAttendance(['present', 'late', 'excused'], own).rate).toBeCloseTo(8 / 9);
  });

  it('has no rate before any roll is taken', () => {
    const summary = summarizeAttendance([]);
    expect(summary.rate).toBeNull();
    expect(formatRate(summary.rate)).toBe('No roll yet');
    expect(formatRate(0.846)).toBe('85%');
  });
});

describe('summarizeAttendance: lates into absences', () => {
  it('counts two lates as one absence by default, and an odd late as none', () => {
    expect(summarizeAttendance(times('late', 1)).absences).toBe(0);
    expect(summarizeAttendance(times('late', 2)).absences).toBe(1);
    expect(summarizeAttendance(times('late', 5)).absences).toBe(2);
    expect(summarizeAttendance([...times('late', 3), 'absent']).absences).toBe(2);
  });

  it('never counts lates when the academy sets 0', () => {
    expect(summarizeAttendance(times('late', 9), rules({ latesPerAbsence: 0 })).absences).toBe(0);
  });

  it('never counts an excused session as an absence', () => {
    expect(summarizeAttendance(times('excused', 9)).absences).toBe(0);
  });
});

describe('standing: the warning and the limit', () => {
  const standing = (absent: number, change: Partial<RollRules> = {}) =>
    summarizeAttendance(times('absent', absent), rules(change)).standing;

  it('warns from the threshold, reaches the limit on it, and is over beyond it', () => {
    // Defaults: warning at 3, limit 4 ("more than 4 absences: no final exam").
    expect([0, 2, 3, 4, 5].map((n) => standing(n))).toEqual([
      'fine',
      'fine',
      'warning',
      'limit',
      'over',
    ]);
  });

  it('turns either threshold off when left empty', () => {
    expect(standing(50, { warningAt: null, absenceLimit: null })).toBe('fine');
    expect(standing(50, { absenceLimit: null })).toBe('warning');
    expect(standing(2, { warningAt: null })).toBe('fine');
  });

  it('counts lates toward the limit', () => {
    const summary = summarizeAttendance([...times('absent', 3), ...times('late', 4)]);
    expect(summary.absences).toBe(5);
    expect(summary.standing).toBe('over');
  });

  it('tells when the standing rises, once, and not when a correction lowers it', () => {
    expect(standingReached('fine', 'warning')).toBe('warning');
    expect(standingReached('fine', 'over')).toBe('over');
    expect(standingReached('warning', 'warning')).toBeNull();
    expect(standingReached('over', 'warning')).toBeNull();
  });

  it('never falls as marks are added (a property)', () => {
    const order = ['fine', 'warning', 'limit', 'over'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MARKS)), fc.constantFrom(...MARKS), (marks, next) => {
        const before = summarizeAttendance(marks).standing;
        const after = summarizeAttendance([...marks, next]).standing;
        return order.indexOf(after) >= order.indexOf(before);
      }),
    );
  });
});

describe('what a roll does to the spec’s status', () => {
  it('reads Held for present and late, Missed for absent and excused', () => {
    expect(MARKS.map(scheduleStatusOf)).toEqual(['Held', 'Held', 'Missed', 'Missed']);
  });
});

describe('rollRulesProblem: the Settings screen’s checks', () => {
  it('takes the defaults', () => {
    expect(rollRulesProblem(DEFAULT_ROLL_RULES)).toBeNull();
  });

  it('refuses points out of range or not whole', () => {
    const points = DEFAULT_ROLL_RULES.points;
    expect(rollRulesProblem(rules({ points: { ...points, late: -1 } }))).toBe(ROLL_POINTS_RANGE);
    expect(rollRulesProblem(rules({ points: { ...points, late: 1.5 } }))).toBe(ROLL_POINTS_RANGE);
    expect(rollRulesProblem(rules({ points: { ...points, present: 11 } }))).toBe(ROLL_POINTS_RANGE);
  });

  it('refuses a mark worth more than present, or present worth nothing', () => {
    const points = DEFAULT_ROLL_RULES.points;
    expect(rollRulesProblem(rules({ points: { ...points, excused: 3 } }))).toBe(ROLL_PRESENT_MOST);
    expect(
      rollRulesProblem(rules({ points: { present: 0, late: 0, absent: 0, excused: 0 } })),
    ).toBe(ROLL_PRESENT_MOST);
  });

  it('refuses lates per absence and thresholds out of range', () => {
    expect(rollRulesProblem(rules({ latesPerAbsence: 21 }))).toBe(ROLL_LATES_RANGE);
    expect(rollRulesProblem(rules({ warningAt: 0 }))).toBe(ROLL_THRESHOLD_RANGE);
    expect(rollRulesProblem(rules({ absenceLimit: 2.5 }))).toBe(ROLL_THRESHOLD_RANGE);
  });

  it('refuses a warning after the limit', () => {
    expect(rollRulesProblem(rules({ warningAt: 5, absenceLimit: 4 }))).toBe(
      ROLL_WARNING_AFTER_LIMIT,
    );
    expect(rollRulesProblem(rules({ warningAt: 4, absenceLimit: 4 }))).toBeNull();
  });
});

describe('summarizeCounts: the same summary from a query’s counts', () => {
  it('agrees with summarizeAttendance on any marks', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MARKS), { maxLength: 60 }), (marks) => {
        const counts = { present: 0, late: 0, absent: 0, excused: 0 };
        for (const mark of marks) counts[mark] += 1;
        expect(summarizeCounts(counts)).toEqual(summarizeAttendance(marks));
      }),
    );
  });
});

describe('canRaiseStanding: which changed marks a save must count', () => {
  it('is true exactly when the change could add to a student’s absences under any rules', () => {
    const rulesSets = [
      DEFAULT_ROLL_RULES,
      { ...DEFAULT_ROLL_RULES, latesPerAbsence: 1 },
      { ...DEFAULT_ROLL_RULES, latesPerAbsence: 0 },
      { ...DEFAULT_ROLL_RULES, latesPerAbsence: 3, warningAt: 1, absenceLimit: 2 },
    ];
    const bases = [0, 1, 2, 5].flatMap((late) =>
      [0, 1, 3].map((absent) => ({ present: 2, late, absent, excused: 1 })),
    );
    for (const was of [null, ...MARKS])
      for (const now of MARKS) {
        // Whether any base and rules see the absences rise when `was` becomes `now`.
        const rises = rulesSets.some((rules) =>
          bases.some((base) => {
            const before = { ...base };
            if (was) before[was] += 1;
            const after = { ...base, [now]: base[now] + 1 };
            return summarizeCounts(after, rules).absences > summarizeCounts(before, rules).absences;
          }),
        );
        // Never false where the absences could rise (a warning missed), and never true where
        // they cannot (a whole roll counted for nothing).
        expect(canRaiseStanding(was, now), `${was} → ${now}`).toBe(rises);
      }
  });
});
