/**
 * The settings' rules that both sides apply: the server's save_settings schema refuses with
 * these words, and the Settings screen says the same before sending. Pure (no zod), as
 * schedule-pattern.ts is, so the web app takes them without the schemas.
 */
import { clockMinutes } from './quiet-hours.js';

/** A link that opens from a button: http(s) with a host, or empty for the default. */
const SETTINGS_LINK = /^https?:\/\/[^\s/]+\S*$/i;

/** What is wrong with a settings link (already trimmed), or null: '' (the default) is fine. */
export function settingsLinkProblem(label: string, value: string): string | null {
  return value === '' || SETTINGS_LINK.test(value)
    ? null
    : `The ${label} must start with http:// or https:// (or be left empty for the default).`;
}

export const QUIET_HOURS_UNPAIRED =
  'Please set both the start and the end of the quiet hours, or neither.';
export const QUIET_HOURS_NOT_TIMES = 'The quiet hours must be times, such as 22:00.';
export const QUIET_HOURS_EMPTY = 'The quiet hours must end at a different time than they start.';

/**
 * What is wrong with quiet hours from `from` to `to` ('HH:MM', trimmed; both '' for none), or
 * null. An end before the start is fine: they run over midnight.
 */
export function quietHoursProblem(from: string, to: string): string | null {
  if ((from === '') !== (to === '')) return QUIET_HOURS_UNPAIRED;
  if (from === '') return null;
  if (clockMinutes(from) === undefined || clockMinutes(to) === undefined)
    return QUIET_HOURS_NOT_TIMES;
  if (from === to) return QUIET_HOURS_EMPTY;
  return null;
}
