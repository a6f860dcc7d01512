import { describe, expect, it } from 'vitest';
import { isPhoneCountry, phoneOrProblem, readPhone } from './academy-phone.js';

/** Issue 49, point 17: the server reads numbers by the full numbering plans. */
describe("the server's reading of a number", () => {
  it('reads local numbers in the academy country (Iran, the UK, the US) in E.164', () => {
    expect(readPhone('0912 555 0101', 'IR')).toBe('+989125550101');
    expect(readPhone('0912-555-0101', 'IR')).toBe('+989125550101');
    expect(readPhone('07400 123456', 'GB')).toBe('+447400123456');
    expect(readPhone('(201) 555-0123', 'US')).toBe('+12015550123');
  });

  it('refuses numbers the small plans would take by their shape alone', () => {
    expect(readPhone('0912 55', 'IR')).toBeUndefined();
    expect(readPhone('0999 999', 'IR')).toBeUndefined();
    expect(readPhone('0912 555', 'IR')).toBeUndefined();
    expect(readPhone('555-0123', 'US')).toBeUndefined();
    expect(readPhone('07400 123456', 'US')).toBeUndefined();
  });

  it('keeps the numbers accepted before, with their country code', () => {
    expect(readPhone('+44 7700 900123', 'IR')).toBe('+447700900123');
    expect(readPhone('+90 (555) 123-45 67', null)).toBe('+905551234567');
    expect(readPhone('+0123', null)).toBeUndefined();
  });

  it('answers the words with the country’s own example', () => {
    const ask = { subject: 'the phone number', fallback: 'with + and the country code' };
    expect(phoneOrProblem('0912 55', 'IR', ask)).toEqual({
      problem:
        'Please enter the phone number as dialled in Iran, such as 0912 345 6789, or with + and the country code.',
    });
    expect(phoneOrProblem('0912 555 0101', null, ask)).toEqual({
      problem: 'with + and the country code',
    });
    expect(isPhoneCountry('IR')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
  });
});
