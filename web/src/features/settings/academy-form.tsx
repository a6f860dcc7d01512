import type { CallResponse } from '@academy/contract';
import { ACADEMY_NAME_MAX, canonicalTimeZone } from '@academy/contract/constants';
import { settingsLinkProblem } from '@academy/contract/settings-rules';
import { useMemo } from 'react';
import {
  type BoundField,
  FormCard,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  UrlField,
  useFields,
  useFormOutcome,
} from '../../ui';
import { saveFailure } from './save-failure';
import { timeZones, zoneName } from './time-zones';
import { useSaveSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

/** One of the links the home screen's buttons open; empty, the server's default is used. */
function LinkField({
  label,
  fallback,
  ...bound
}: BoundField & { label: string; fallback: string }) {
  return (
    <UrlField
      label={label}
      autoComplete="off"
      maxLength={2000}
      hint={
        fallback
          ? `Leave empty to use the default: ${fallback}`
          : 'Leave empty to show “Not set up yet”.'
      }
      {...bound}
    />
  );
}

/** The academy's name, time zone and the links its buttons open. */
export function AcademyForm({ answer }: { answer: Answer }) {
  const { settings, defaults } = answer;
  const save = useSaveSettings();
  const { values, bind } = useFields({
    name: settings.academy_name,
    zone: settings.time_zone,
    onlineClass: settings.online_class_url,
    website: settings.website_url,
  });
  const { name, zone, onlineClass, website } = values;
  const zones = useMemo(
    () => timeZones(settings.time_zone, defaults.time_zone),
    [settings.time_zone, defaults.time_zone],
  );
  const outcome = useFormOutcome(
    () =>
      (!name.trim()
        ? 'Please enter the academy name.'
        : name.trim().length > ACADEMY_NAME_MAX
          ? `The academy name must be at most ${ACADEMY_NAME_MAX} characters.`
          : !canonicalTimeZone(zone)
            ? 'Please choose a valid time zone, such as Europe/London.'
            : null) ??
      settingsLinkProblem('online class link', onlineClass.trim()) ??
      settingsLinkProblem('website link', website.trim()),
  );

  const handleSend = () =>
    save.mutate(
      {
        academy_name: name.trim(),
        time_zone: zone,
        online_class_url: onlineClass.trim(),
        website_url: website.trim(),
      },
      outcome.reports(saveFailure),
    );

  return (
    <FormCard title="Academy" aria-label="Academy" onSend={handleSend} outcome={outcome}>
      <TextField
        label="Academy name"
        autoComplete="organization"
        maxLength={ACADEMY_NAME_MAX}
        hint={`Shown on the login screen, both home screens and the installed app (default: ${defaults.academy_name}).`}
        {...bind('name')}
      />
      <SelectField
        label="Time zone"
        hint="Every date and time typed in the app is on this clock, and the academy's day turns on it."
        {...bind('zone')}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {zoneName(z)}
            {z === defaults.time_zone ? ' (default)' : ''}
          </option>
        ))}
      </SelectField>
      <LinkField
        label="Online class link"
        fallback={defaults.online_class_url}
        {...bind('onlineClass')}
      />
      <LinkField label="Website link" fallback={defaults.website_url} {...bind('website')} />
      <FormMessage outcome={outcome} />
      <SubmitButton block busy={save.isPending} busyLabel="Saving...">
        Save settings
      </SubmitButton>
    </FormCard>
  );
}
