import { describe, expect, it } from 'vitest';
import { certificateWords, dayText, type ResultPaper, reportCardWords } from './paper-words.js';

const result: ResultPaper = {
  id: 7,
  userId: 3,
  studentName: 'Ayşe Yılmaz',
  className: 'Evening B1',
  level: 'Elementary 2',
  term: { id: 1, name: 'Spring 2027', first_day: '2027-02-01', last_day: '2027-06-30' },
  components: [
    { name: 'Class activity', weight: 20, final: false, score: 8550 },
    { name: 'Midterm', weight: 30, final: false, score: 7200 },
    { name: 'Final written', weight: 50, final: true, score: 9000 },
  ],
  total: 8470,
  outcome: 'pass',
  eligible: true,
  absences: 2,
  attendance: 9250,
  // 23:30 UTC is already the next day in Istanbul.
  publishedAt: Date.UTC(2027, 6, 2, 23, 30),
  changedAt: null,
  certificateCode: 'ABCDE-FGHJK-LMNPQ-RSTUV',
};
const context = {
  academyName: 'Bright Academy',
  timeZone: 'Europe/Istanbul',
  today: '2027-07-05',
  directorName: 'Dr. Parisa Rahimi',
  publicOrigin: 'https://academy.example.com',
};

describe('reportCardWords', () => {
  it('says each fact, component, the total, outcome and attendance', () => {
    expect(reportCardWords(result, context, ['Sara Teacher'])).toEqual({
      academy: 'Bright Academy',
      title: 'Report card',
      facts: [
        ['Student', 'Ayşe Yılmaz'],
        ['Class', 'Evening B1'],
        ['Level', 'Elementary 2'],
        ['Term', 'Spring 2027'],
        ['Dates', 'February 1, 2027 – June 30, 2027'],
      ],
      components: [
        { name: 'Class activity', weight: '20 %', score: '85.5' },
        { name: 'Midterm', weight: '30 %', score: '72' },
        { name: 'Final written', weight: '50 %', score: '90' },
      ],
      total: '84.7',
      outcome: 'Pass',
      outcomeNote: null,
      attendance: [
        ['Attendance rate', '92.5 %'],
        ['Absences', '2'],
      ],
      published: 'Published on July 3, 2027',
      changed: null,
      certificate: 'Certificate code: ABCDE-FGHJK-LMNPQ-RSTUV',
      failed: false,
      date: 'Date: July 5, 2027',
      signatures: [
        { name: 'Sara Teacher', role: 'Teacher’s signature' },
        { name: 'Dr. Parisa Rahimi', role: 'Director’s signature' },
      ],
      verifyUrl: 'https://academy.example.com/verify/ABCDE-FGHJK-LMNPQ-RSTUV',
    });
  });

  it('leaves the names blank over their lines when none is set, and the QR out without an address', () => {
    const words = reportCardWords(
      { ...result },
      { ...context, directorName: null, publicOrigin: null },
      ['Ana One', 'Ben Two'],
    );
    expect(words.signatures).toEqual([
      { name: 'Ana One, Ben Two', role: 'Teachers’ signature' },
      { name: '', role: 'Director’s signature' },
    ]);
    expect(words.verifyUrl).toBeNull();
  });

  it('says where a final was not sat, that a result changed, and that no roll was taken', () => {
    const words = reportCardWords(
      {
        ...result,
        level: null,
        eligible: false,
        outcome: 'fail',
        components: [
          { name: 'Midterm', weight: 50, final: false, score: 7000 },
          { name: 'Final written', weight: 50, final: true, score: null },
        ],
        attendance: null,
        changedAt: Date.UTC(2027, 6, 9, 8),
        certificateCode: null,
      },
      context,
    );
    expect(words.facts[2]).toEqual(['Level', '—']);
    expect(words.components[1]).toEqual({
      name: 'Final written',
      weight: '50 %',
      score: 'Not eligible for the final',
    });
    // A fail is set apart in words (and drawn bold and boxed), not by colour alone.
    expect([words.outcome, words.outcomeNote, words.failed]).toEqual([
      'Fail: not passed',
      'Not eligible for the final',
      true,
    ]);
    expect(words.verifyUrl).toBeNull();
    expect(words.attendance[0]).toEqual(['Attendance rate', 'No roll was taken']);
    expect(words.changed).toBe('Changed on July 9, 2027');
    expect(words.certificate).toBeNull();
  });
});

describe('an excused component (issue 49, point 9)', () => {
  it('reads "Excused" on the card, not a dash', () => {
    const words = reportCardWords(
      {
        ...result,
        components: [
          { name: 'Homework', weight: 40, final: false, score: null, excused: true },
          { name: 'Exam', weight: 60, final: false, score: 8000 },
        ],
      },
      context,
    );
    expect(words.components[0]).toEqual({ name: 'Homework', weight: '40 %', score: 'Excused' });
  });
});

describe('certificateWords', () => {
  it('names the level passed, or the course where the class has none', () => {
    const url = 'https://academy.example.com/verify/ABCDE-FGHJK-LMNPQ-RSTUV';
    const words = certificateWords(
      { ...result, certificateCode: 'ABCDE-FGHJK-LMNPQ-RSTUV' },
      context,
      url,
    );
    expect(words).toMatchObject({
      title: 'Certificate',
      certifies: 'This certifies that',
      student: 'Ayşe Yılmaz',
      passed: 'has passed Elementary 2',
      course: 'Evening B1 · Spring 2027',
      outcome: 'Result: Pass, 84.7',
      awarded: 'Awarded on July 3, 2027',
      code: 'ABCDE-FGHJK-LMNPQ-RSTUV',
      url,
    });
    expect(
      certificateWords({ ...result, level: null, certificateCode: 'X' }, context, url).passed,
    ).toBe('has passed the course');
  });

  it('reads a day as a date, whatever the time zone', () => {
    expect(dayText('2027-12-31')).toBe('December 31, 2027');
  });
});
