import { type PhoneAsk, phoneRules } from '@academy/contract/phone';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import { badRequest } from '../http/errors.js';

/** What of the academy's settings reading a number needs (features/settings keeps them). */
export interface PhoneSettings {
  /** The country local numbers are read in; null: numbers need their country code. */
  phoneCountry: string | null;
}

/**
 * The server's readings of numbers, by the full numbering plans (the web's fields use the
 * small ones for their early message): the server's word is final, and the full plans also
 * know which numbers are in use ('0912 55' has an Iranian number's shape and is none).
 */
export const { isPhoneCountry, phoneOrProblem, readPhone } = phoneRules(maxMetadata);

/**
 * A number as typed, read in the academy's country (issue 49, point 17: '0912 555 0101' in
 * Iran is +989125550101) and kept in E.164; blank stays null (the schemas refuse it where a
 * number is required). A number that is not one of that country's (nor one with its country
 * code) is a 400 in words with the country's own example. The schemas only check that the
 * text may be a number: the country is a setting.
 */
export function academyPhone(
  settings: PhoneSettings,
  typed: string | null,
  ask: PhoneAsk,
): string | null {
  const read = phoneOrProblem(typed, settings.phoneCountry, ask);
  if ('problem' in read) throw badRequest(read.problem);
  return read.phone;
}
