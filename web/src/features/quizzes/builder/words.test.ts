import { describe, expect, it } from 'vitest';
import { arrivedWith, reachWords, rulesWords, tagWords } from './words';

describe('the builder’s words', () => {
  it('say a quiz’s rules and reach', () => {
    expect(rulesWords({ time_limit_minutes: null, attempts_allowed: 0 })).toBe(
      'No time limit · as many attempts as a student likes',
    );
    expect(rulesWords({ time_limit_minutes: 1, attempts_allowed: 2 })).toBe(
      '1 minute · 2 attempts',
    );
    expect(reachWords({ recipients: '', sent: 0, started: 0, submitted: 0 })).toBe('Not sent yet');
    expect(reachWords({ recipients: 'B1 Evening', sent: 12, started: 5, submitted: 3 })).toBe(
      'Sent to B1 Evening (12 students) · 5 started · 3 submitted',
    );
  });

  it('say a tag, or what stands for none', () => {
    expect(tagWords({ level: 'B1', skill: 'grammar', unit: 'Unit 3' })).toBe(
      'B1 · Grammar · Unit 3',
    );
    expect(tagWords({ level: null, skill: null, unit: null })).toBe('any level, skill and unit');
    expect(tagWords({ level: null, skill: null, unit: null }, 'No tags')).toBe('No tags');
  });

  it('read a message a screen was sent with, and nothing else', () => {
    expect(arrivedWith({ message: 'The quiz was created.' })).toBe('The quiz was created.');
    expect(arrivedWith(null)).toBeNull();
    expect(arrivedWith('x')).toBeNull();
  });
});
