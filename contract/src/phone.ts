/**
 * Phone numbers in the academy's own formats (issue 49, point 17): a number typed the local
 * way ('0912 555 0101', with spaces, dashes or brackets) is read in the academy's country and
 * kept in E.164 ('+989125550101'). libphonenumber-js reads them, by the numbering plans it is
 * given: the web's phone fields take its small ('min') plans, which check a number's shape and
 * length (this module is its own entry, so only the screens with a phone field carry them);
 * the server, whose word is final, the full ones (server/src/domain/academy-phone.ts), which
 * also know which numbers are in use ('0912 55' is an Iranian number's shape, not one).
 */
import {
  type CountryCode,
  getCountries,
  getExampleNumber,
  isSupportedCountry,
  type MetadataJson,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/examples.mobile.json';
import minMetadata from 'libphonenumber-js/metadata.min.json';

/** Which number a field asks for, and the words its call has always had for a bad one. */
export interface PhoneAsk {
  /** "the guardian's phone number" */
  subject: string;
  /** The words without a country: a number then needs its country code. */
  fallback: string;
}

/** The country's name in English ('Iran'), or its code when the runtime cannot name it. */
export function countryName(country: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** The readings of numbers by one set of numbering plans. */
export function phoneRules(metadata: MetadataJson) {
  /** Whether `code` is a country (ISO 3166 alpha-2, upper case) whose numbers can be read. */
  function isPhoneCountry(code: string): code is CountryCode {
    return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code as CountryCode, metadata);
  }

  /**
   * A typed number in E.164, or undefined when it is not one. In international form ('+' or
   * '00' first) it needs E.164's shape and a length its country's numbers can have (so numbers
   * kept before, such as the UK's +44 7700 900xxx made for fiction, stay accepted); in local
   * form it must be a valid number of `country` (none: a local number cannot be read).
   */
  function readPhone(typed: string, country: string | null): string | undefined {
    const compact = typed.trim().replace(/[\s().-]/g, '');
    if (!/^(\+|00)?\d+$/.test(compact)) return undefined;
    const international = /^(\+|00)/.test(compact);
    const home = country && isPhoneCountry(country) ? country : undefined;
    if (!international && !home) return undefined;
    const number = parsePhoneNumberFromString(
      typed.trim(),
      home ? { defaultCountry: home } : {},
      metadata,
    );
    if (!number) return undefined;
    if (number.isValid()) return number.number;
    const e164 = /^\+[1-9]\d{7,14}$/.test(number.number);
    return international && e164 && number.isPossible() ? number.number : undefined;
  }

  /** An example mobile number of `country` as dialled there ('0912 345 6789'); undefined for none. */
  function examplePhone(country: string | null): string | undefined {
    if (!country || !isPhoneCountry(country)) return undefined;
    return getExampleNumber(country, examples, metadata)?.formatNational();
  }

  /**
   * The words for a number that could not be read: in the academy's country with its own
   * example ("Please enter the guardian's phone number as dialled in Iran, such as 0912 345
   * 6789, or with + and the country code."); without a country, the call's own fallback.
   */
  function phoneWords(ask: PhoneAsk, country: string | null): string {
    const example = examplePhone(country);
    if (!country || !example) return ask.fallback;
    return `Please enter ${ask.subject} as dialled in ${countryName(country)}, such as ${example}, or with + and the country code.`;
  }

  /**
   * A typed number in E.164, or the words for it ({ problem }): the one reading of a number,
   * for the server's answer and the web form's early message alike. Blank is no number (null).
   */
  function phoneOrProblem(
    typed: string | null,
    country: string | null,
    ask: PhoneAsk,
  ): { phone: string | null } | { problem: string } {
    if (typed === null || typed.trim() === '') return { phone: null };
    const phone = readPhone(typed, country);
    return phone ? { phone } : { problem: phoneWords(ask, country) };
  }

  /** A field's hint: the academy's own example, or one with the country code when it has none. */
  function phoneHint(country: string | null): string {
    const example = examplePhone(country);
    return example
      ? `Such as ${example}, or with + and the country code for a number abroad.`
      : 'With + and the country code.';
  }
  /** Every country whose numbers can be read (ISO 3166 alpha-2 codes). */
  const phoneCountries = (): string[] => getCountries(metadata);

  return {
    isPhoneCountry,
    readPhone,
    examplePhone,
    phoneWords,
    phoneOrProblem,
    phoneHint,
    phoneCountries,
  };
}

/** The small plans' readings, for the web's early messages and examples. */
export const {
  isPhoneCountry,
  readPhone,
  examplePhone,
  phoneWords,
  phoneOrProblem,
  phoneHint,
  phoneCountries,
} = phoneRules(minMetadata);
