import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attemptMark, COUNTS_RULES, countingMark } from './attempts.js';

describe('attemptMark', () => {
  it('scales the points earned to what the quiz is out of, in hundredths', () => {
    // 18.5 of 20 points, out of 10 → 9.25.
    const answers = [
      { hundredths: 1000, points: 10 },
      { hundredths: 850, points: 10 },
    ];
    expect(attemptMark(answers, 10)).toBe(925);
    expect(attemptMark(answers, 100)).toBe(9250);
  });

  it('rounds half up once, at .005', () => {
    // 1 of 8 points out of 1 = 0.125 → 0.13; 1 of 3 out of 1 = 0.333… → 0.33.
    expect(attemptMark([{ hundredths: 100, points: 8 }], 1)).toBe(13);
    expect(attemptMark([{ hundredths: 100, points: 3 }], 1)).toBe(33);
    expect(attemptMark([{ hundredths: 200, points: 3 }], 1)).toBe(67);
  });

  it('waits while a spoken answer awaits its mark', () => {
    expect(
      attemptMark(
        [
          { hundredths: 100, points: 1 },
          { hundredths: null, points: 5 },
        ],
        100,
      ),
    ).toBeNull();
    expect(attemptMark([], 100)).toBeNull();
  });

  it('is between 0 and out of, and full only when every answer is', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: 1, max: 10 }).chain((points) =>
            fc.record({
              points: fc.constant(points),
              hundredths: fc.integer({ min: 0, max: points * 100 }),
            }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 1000 }),
        (answers, outOf) => {
          const mark = attemptMark(answers, outOf) ?? -1;
          expect(mark).toBeGreaterThanOrEqual(0);
          expect(mark).toBeLessThanOrEqual(outOf * 100);
          if (answers.every((a) => a.hundredths === a.points * 100)) expect(mark).toBe(outOf * 100);
        },
      ),
    );
  });
});

describe('countingMark', () => {
  const attempts = [
    { number: 2, hundredths: 8000 },
    { number: 1, hundredths: 6000 },
    { number: 3, hundredths: 7001 },
  ];

  it('takes the highest, the last, the first or the average (by attempt number)', () => {
    expect(countingMark(attempts, 'highest')).toBe(8000);
    expect(countingMark(attempts, 'last')).toBe(7001);
    expect(countingMark(attempts, 'first')).toBe(6000);
    // (6000 + 8000 + 7001) / 3 = 7000.33 → 7000
    expect(countingMark(attempts, 'average')).toBe(7000);
  });

  it('rounds the average half up once', () => {
    expect(
      countingMark(
        [
          { number: 1, hundredths: 1 },
          { number: 2, hundredths: 0 },
        ],
        'average',
      ),
    ).toBe(1);
    expect(
      countingMark(
        [
          { number: 1, hundredths: 8550 },
          { number: 2, hundredths: 8551 },
        ],
        'average',
      ),
    ).toBe(8551);
  });

  it('holds back only what an attempt awaiting its mark could change', () => {
    const awaiting = [
      { number: 1, hundredths: 6000 },
      { number: 2, hundredths: null },
      { number: 3, hundredths: 9000 },
    ];
    expect(countingMark(awaiting, 'first')).toBe(6000);
    expect(countingMark(awaiting, 'last')).toBe(9000);
    expect(countingMark(awaiting, 'highest')).toBeNull();
    expect(countingMark(awaiting, 'average')).toBeNull();
    expect(
      countingMark(
        [
          { number: 1, hundredths: 6000 },
          { number: 2, hundredths: null },
        ],
        'last',
      ),
    ).toBeNull();
  });

  it('is null with no attempts', () => {
    for (const rule of COUNTS_RULES) expect(countingMark([], rule)).toBeNull();
  });

  it('is always one of the attempts’ marks, or between the lowest and the highest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 10 }),
        fc.constantFrom(...COUNTS_RULES),
        (marks, rule) => {
          const list = marks.map((hundredths, i) => ({ number: i + 1, hundredths }));
          const mark = countingMark(list, rule) ?? -1;
          expect(mark).toBeGreaterThanOrEqual(Math.min(...marks));
          expect(mark).toBeLessThanOrEqual(Math.max(...marks));
          if (rule !== 'average') expect(marks).toContain(mark);
        },
      ),
    );
  });
});
