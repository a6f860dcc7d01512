import { standingMessage } from '@academy/contract/roll-rules';
import { describe, expect, it } from 'vitest';
import { forGuardian } from './guardian-words.js';

/** Issue 49, point 16: guardians are written to about the student, not as the student. */
describe('forGuardian', () => {
  it('turns an absence warning about the student', () => {
    const warning = standingMessage('warning', 3, 4) ?? '';
    expect(forGuardian(warning, 'Sara Ahmadi')).toBe(
      "Sara Ahmadi has 3 absences this term. The academy's limit is 4.",
    );
    expect(forGuardian(standingMessage('warning', 3, null) ?? '', 'Sara Ahmadi')).toBe(
      'Sara Ahmadi has 3 absences this term. Please help them come to their classes.',
    );
  });

  it('turns published results and what a teacher did', () => {
    expect(
      forGuardian('Your results for Autumn (B1 Morning) are published: 84, Pass.', 'Ali Veli'),
    ).toBe("Ali Veli's results for Autumn (B1 Morning) are published: 84, Pass.");
    expect(
      forGuardian(
        'Your teacher sent you a correction: "Essay". It is in Assignment Results.',
        'Ali',
      ),
    ).toBe('Ali\'s teacher sent them a correction: "Essay". It is in Assignment Results.');
  });

  it('turns the verbs that change with the person, and leaves the rest', () => {
    expect(forGuardian('You are now at the absence limit.', 'Sara')).toBe(
      'Sara is now at the absence limit.',
    );
    expect(forGuardian('You were marked absent on Monday.', 'Sara')).toBe(
      'Sara was marked absent on Monday.',
    );
    expect(forGuardian('You missed 2 classes.', 'Sara')).toBe('Sara missed 2 classes.');
  });

  it("leaves an administrator's own words as typed", () => {
    expect(forGuardian('No class on Friday.', 'Ali')).toBe('No class on Friday.');
  });
});
