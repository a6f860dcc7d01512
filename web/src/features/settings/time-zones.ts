import { canonicalTimeZone } from '@academy/contract/constants';

/** Every zone the browser knows, with UTC and the zones to keep (the saved one, the default). */
export function timeZones(...keep: string[]): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...keep])].sort((a, b) => a.localeCompare(b));
}

/** The zone this browser's clock is set to, in the server's spelling; UTC when it says none. */
export function browserTimeZone(): string {
  return canonicalTimeZone(new Intl.DateTimeFormat().resolvedOptions().timeZone ?? '') ?? 'UTC';
}

/** A zone as a person reads it: 'America/New York'. */
export const zoneName = (zone: string) => zone.replaceAll('_', ' ');
