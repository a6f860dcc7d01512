import { describe, expect, it } from 'vitest';
import { termClash, termOn, termProblem, termsOverlap } from './terms.js';

const autumn = { id: 1, name: 'Autumn 2026', first_day: '2026-09-01', last_day: '2026-12-20' };
const spring = { id: 2, name: 'Spring 2027', first_day: '2027-01-10', last_day: '2027-05-30' };

describe('termProblem: a term on its own', () => {
  it('takes a name and two real days in order, one day long included', () => {
    expect(termProblem(autumn)).toBeNull();
    expect(termProblem({ name: 'x', first_day: '2026-09-01', last_day: '2026-09-01' })).toBeNull();
  });
  it('refuses a missing or long name, a day that is no day, and days the wrong way round', () => {
    expect(termProblem({ ...autumn, name: '   ' })).toBe('Please enter the term’s name.');
    expect(termProblem({ ...autumn, name: 'x'.repeat(61) })).toBe(
      'The term’s name must be at most 60 characters.',
    );
    expect(termProblem({ ...autumn, name: ` ${'x'.repeat(60)} ` })).toBeNull();
    expect(termProblem({ ...autumn, first_day: '2026-02-30' })).toBe(
      'The first day must be a date, such as 2026-09-01.',
    );
    expect(termProblem({ ...autumn, last_day: '31/12/2026' })).toBe(
      'The last day must be a date, such as 2026-12-31.',
    );
    expect(termProblem({ ...autumn, first_day: '2026-12-21' })).toBe(
      'The last day must not come before the first day.',
    );
  });
});

describe('termsOverlap and termClash: terms never share a day or a name', () => {
  it('counts both ends as the term’s', () => {
    expect(termsOverlap(autumn, { first_day: '2026-12-20', last_day: '2027-01-05' })).toBe(true);
    expect(termsOverlap(autumn, { first_day: '2026-12-21', last_day: '2027-01-05' })).toBe(false);
    expect(termsOverlap(autumn, { first_day: '2026-01-01', last_day: '2026-09-01' })).toBe(true);
    expect(termsOverlap(autumn, { first_day: '2026-10-01', last_day: '2026-10-02' })).toBe(true);
    expect(termsOverlap({ first_day: '2026-01-01', last_day: '2027-12-31' }, autumn)).toBe(true);
  });
  it('names the term it overlaps, and a name taken in any case', () => {
    const terms = [autumn, spring];
    expect(
      termClash({ name: 'Winter', first_day: '2026-12-01', last_day: '2027-01-09' }, terms),
    ).toBe('These days overlap the term “Autumn 2026” (2026-09-01 to 2026-12-20).');
    expect(
      termClash({ name: ' autumn 2026 ', first_day: '2028-01-01', last_day: '2028-02-01' }, terms),
    ).toBe('There is already a term named “Autumn 2026”.');
    expect(
      termClash({ name: 'Winter', first_day: '2026-12-21', last_day: '2027-01-09' }, terms),
    ).toBeNull();
  });
  it('does not hold a term against itself when it is changed', () => {
    expect(termClash({ ...autumn, last_day: '2026-12-31' }, [autumn, spring])).toBeNull();
  });
});

describe('termOn: the current term', () => {
  it('is the term holding the day, first and last days included, else none', () => {
    const terms = [autumn, spring];
    expect(termOn(terms, '2026-09-01')).toBe(autumn);
    expect(termOn(terms, '2026-12-20')).toBe(autumn);
    expect(termOn(terms, '2027-03-01')).toBe(spring);
    expect(termOn(terms, '2026-12-25')).toBeNull();
    expect(termOn([], '2026-12-25')).toBeNull();
  });
});
