import { describe, expect, it } from 'vitest';
import {
  examplePhone,
  isPhoneCountry,
  phoneHint,
  phoneOrProblem,
  phoneWords,
  readPhone,
} from './phone.js';
import { countryOfZone } from './zone-country.js';

describe('readPhone', () => {
  it('reads a local number in the academy country and keeps it in E.164', () => {
    expect(readPhone('0912 555 0101', 'IR')).toBe('+989125550101');
    expect(readPhone('0912-555-0101', 'IR')).toBe('+989125550101');
    expect(readPhone('(0912) 555 0101', 'IR')).toBe('+989125550101');
    expect(readPhone('07400 123456', 'GB')).toBe('+447400123456');
    expect(readPhone('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(readPhone('201.555.0123', 'US')).toBe('+12015550123');
  });

  it('reads a number with its country code whatever the academy country', () => {
    expect(readPhone('+98 912 555 0101', 'GB')).toBe('+989125550101');
    expect(readPhone('0098 912 555 0101', 'IR')).toBe('+989125550101');
    expect(readPhone('+1 201 555 0123', null)).toBe('+12015550123');
    // Numbers kept before stay accepted: the UK's numbers made for fiction.
    expect(readPhone('+44 7700 900123', 'IR')).toBe('+447700900123');
    expect(readPhone('+905551234567', null)).toBe('+905551234567');
  });

  it('refuses what is not a number of the country', () => {
    expect(readPhone('0912 555', 'IR')).toBeUndefined();
    expect(readPhone('0912 555 0101 99', 'IR')).toBeUndefined();
    expect(readPhone('07700 9001', 'GB')).toBeUndefined();
    expect(readPhone('555-0123', 'US')).toBeUndefined();
    expect(readPhone('call me', 'IR')).toBeUndefined();
    expect(readPhone('+0123', 'IR')).toBeUndefined();
    expect(readPhone('+44 7700 900123 456789', 'GB')).toBeUndefined();
    expect(readPhone('', 'IR')).toBeUndefined();
  });

  it('cannot read a local number without a country', () => {
    expect(readPhone('0912 555 0101', null)).toBeUndefined();
    expect(readPhone('0912 555 0101', 'XX')).toBeUndefined();
  });
});

describe('the academy country', () => {
  it('gives each country its own example', () => {
    expect(examplePhone('IR')).toBe('0912 345 6789');
    expect(examplePhone('GB')).toBe('07400 123456');
    expect(examplePhone('US')).toBe('(201) 555-0123');
    expect(examplePhone(null)).toBeUndefined();
    expect(phoneHint('IR')).toContain('0912 345 6789');
    const ask = { subject: "the guardian's phone number", fallback: 'fallback' };
    expect(phoneWords(ask, 'IR')).toBe(
      "Please enter the guardian's phone number as dialled in Iran, such as 0912 345 6789, or with + and the country code.",
    );
    expect(phoneWords(ask, null)).toBe('fallback');
    expect(phoneOrProblem('0912 555 0101', 'IR', ask)).toEqual({ phone: '+989125550101' });
    expect(phoneOrProblem(' ', 'IR', ask)).toEqual({ phone: null });
    expect(phoneOrProblem('0912 555', null, ask)).toEqual({ problem: 'fallback' });
  });

  it('knows countries by their ISO code and suggests one from a time zone', () => {
    expect(isPhoneCountry('IR')).toBe(true);
    expect(isPhoneCountry('ir')).toBe(false);
    expect(isPhoneCountry('XX')).toBe(false);
    expect(countryOfZone('Asia/Tehran')).toBe('IR');
    expect(countryOfZone('Europe/London')).toBe('GB');
    expect(countryOfZone('America/New_York')).toBe('US');
    expect(countryOfZone('UTC')).toBeNull();
    expect(countryOfZone('Nowhere/Else')).toBeNull();
  });
});
