import { describe, expect, it } from 'vitest';
import { webcalOf } from './calendar-links';

describe('the address a phone subscribes to', () => {
  it('is the same address with the webcal: scheme', () => {
    expect(webcalOf('https://academy.example/api/calendar/abc.ics')).toBe(
      'webcal://academy.example/api/calendar/abc.ics',
    );
    expect(webcalOf('http://localhost:8080/api/calendar/abc.ics')).toBe(
      'webcal://localhost:8080/api/calendar/abc.ics',
    );
  });
});
