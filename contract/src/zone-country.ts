import { getCountryForTimezone } from 'countries-and-timezones';

/**
 * The country a time zone suggests (ISO 3166 alpha-2): 'Asia/Tehran' → 'IR', 'Europe/London'
 * → 'GB'; null for a zone of no one country ('UTC'). The Settings screen suggests the
 * academy's country by it, and the server reads local numbers in it until a country is saved.
 */
export function countryOfZone(zone: string): string | null {
  try {
    return getCountryForTimezone(zone)?.id ?? null;
  } catch {
    return null;
  }
}
