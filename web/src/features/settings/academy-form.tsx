import type { CallResponse } from '@academy/contract';
import { ACADEMY_NAME_MAX, canonicalTimeZone } from '@academy/contract/constants';
import { settingsLinkProblem } from '@academy/contract/settings-rules';
import { type FormEvent, useMemo, useState } from 'react';
import {
  Card,
  Form,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useFormOutcome,
} from '../../ui';
import { saveFailure } from './save-failure';
import { timeZones, zoneName } from './time-zones';
import { useSaveSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

const defaultHint = (value: string) =>
  value ? `Leave empty to use the default: ${value}` : 'Leave empty to show “Not set up yet”.';

/** The academy's name, time zone and the links its buttons open. */
export function AcademyForm({ answer }: { answer: Answer }) {
  const { settings, defaults } = answer;
  const save = useSaveSettings();
  const [name, setName] = useState(settings.academy_name);
  const [zone, setZone] = useState(settings.time_zone);
  const [onlineClass, setOnlineClass] = useState(settings.online_class_url);
  const [website, setWebsite] = useState(settings.website_url);
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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    save.mutate(
      {
        academy_name: name.trim(),
        time_zone: zone,
        online_class_url: onlineClass.trim(),
        website_url: website.trim(),
      },
      outcome.reports(saveFailure),
    );
  };

  return (
    <Card title="Academy" aria-label="Academy">
      <Form onSubmit={handleSubmit} outcome={outcome}>
        <TextField
          label="Academy name"
          autoComplete="organization"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={ACADEMY_NAME_MAX}
          hint={`Shown on the login screen, both home screens and the installed app (default: ${defaults.academy_name}).`}
        />
        <SelectField
          label="Time zone"
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          hint="Every date and time typed in the app is on this clock, and the academy's day turns on it."
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {zoneName(z)}
              {z === defaults.time_zone ? ' (default)' : ''}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Online class link"
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="off"
          value={onlineClass}
          onChange={(e) => setOnlineClass(e.target.value)}
          maxLength={2000}
          hint={defaultHint(defaults.online_class_url)}
        />
        <TextField
          label="Website link"
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
          maxLength={2000}
          hint={defaultHint(defaults.website_url)}
        />
        <FormMessage outcome={outcome} />
        <SubmitButton block busy={save.isPending} busyLabel="Saving...">
          Save settings
        </SubmitButton>
      </Form>
    </Card>
  );
}
