import type { CallResponse } from '@academy/contract';
import { ACADEMY_NAME_MAX, canonicalTimeZone } from '@academy/contract/constants';
import { settingsLinkProblem } from '@academy/contract/settings-rules';
import { countryOfZone } from '@academy/contract/zone-country';
import { saveFailure } from '../../api/save-failure';
import {
  type BoundField,
  FormCard,
  FormMessage,
  SubmitButton,
  TextField,
  UrlField,
  useFields,
  useFormOutcome,
} from '../../ui';
import { CountrySelect } from './country-select';
import { TimeZoneSelect } from './time-zone-select';
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
  const { values, bind, set } = useFields({
    name: settings.academy_name,
    zone: settings.time_zone,
    // Until one is saved, the one the time zone suggests (issue 49, point 17).
    country: settings.country ?? countryOfZone(settings.time_zone) ?? '',
    onlineClass: settings.online_class_url,
    website: settings.website_url,
  });
  const { name, zone, country, onlineClass, website } = values;
  // Another zone suggests its country, unless the administrator chose another one.
  const zoneBound = bind('zone');
  const chooseZone: typeof zoneBound.onChange = (e) => {
    const next = e.target.value;
    const following = country === '' || country === countryOfZone(zone);
    set({ zone: next, ...(following ? { country: countryOfZone(next) ?? country } : {}) });
  };
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
        country,
        online_class_url: onlineClass.trim(),
        website_url: website.trim(),
      },
      outcome.reports(saveFailure),
    );

  return (
    <FormCard title="Academy" onSend={handleSend} outcome={outcome}>
      <TextField
        label="Academy name"
        autoComplete="organization"
        maxLength={ACADEMY_NAME_MAX}
        hint={`Shown on the login screen, both home screens and the installed app (default: ${defaults.academy_name}).`}
        {...bind('name')}
      />
      <TimeZoneSelect
        keep={[settings.time_zone, defaults.time_zone]}
        defaultZone={defaults.time_zone}
        hint="Every date and time typed in the app is on this clock, and the academy's day turns on it."
        {...zoneBound}
        onChange={chooseZone}
      />
      <CountrySelect suggested={countryOfZone(zone)} {...bind('country')} />
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
