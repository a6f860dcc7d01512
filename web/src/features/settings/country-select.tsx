import { countryName, phoneCountries } from '@academy/contract/phone';
import { useMemo } from 'react';
import { type BoundField, Options, SelectField } from '../../ui';

/**
 * The academy's country (issue 49, point 17): phone numbers typed without their country code
 * are read as its numbers, and the phone fields show its own example. Every country with a
 * numbering plan, by its English name; `suggested` is the one the time zone suggests.
 */
export function CountrySelect({ suggested, ...bound }: BoundField & { suggested: string | null }) {
  const countries = useMemo(
    () =>
      phoneCountries()
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );
  const names = useMemo(() => new Map(countries.map((c) => [c.code, c.name])), [countries]);
  const suggestion = suggested ? ` Suggested from the time zone: ${countryName(suggested)}.` : '';
  return (
    <SelectField
      label="Country"
      hint={`Phone numbers typed without + and the country code are read as this country's numbers.${suggestion}`}
      {...bound}
    >
      <option value="">Not set</option>
      <Options values={countries.map((c) => c.code)} label={(code) => names.get(code) ?? code} />
    </SelectField>
  );
}
