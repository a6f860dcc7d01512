import { useMemo } from 'react';
import { type BoundField, Options, SelectField } from '../../ui';
import { timeZones, zoneName } from './time-zones';

/**
 * The academy's time zone, as Settings and the first sign-in's step ask for it: every zone the
 * browser knows by its readable name, with those to `keep` listed whatever it knows (the saved
 * one, the default, the one chosen), and the server's default marked when given.
 */
export function TimeZoneSelect({
  keep,
  defaultZone,
  hint,
  ...bound
}: BoundField & { keep: [string, string]; defaultZone?: string; hint: string }) {
  const [first, second] = keep;
  const zones = useMemo(() => timeZones(first, second), [first, second]);
  return (
    <SelectField label="Time zone" hint={hint} {...bound}>
      <Options
        values={zones}
        label={(z) => `${zoneName(z)}${z === defaultZone ? ' (default)' : ''}`}
      />
    </SelectField>
  );
}
