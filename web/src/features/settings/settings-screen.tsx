import type { CallResponse } from '@academy/contract';
import {
  ACADEMY_NAME_MAX,
  type BrandingImage,
  canonicalTimeZone,
  DEFAULT_REMINDER_LEAD_HOURS,
  MAX_FILE_BYTES,
  REMINDER_LEAD_CHOICES,
} from '@academy/contract/constants';
import { clockMinutes } from '@academy/contract/quiet-hours';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { paths } from '../../shared/paths';
import {
  Button,
  Card,
  ConfirmPopup,
  FieldRow,
  FilePicker,
  Form,
  FormMessage,
  QueryView,
  Screen,
  SelectField,
  TextField,
  useFormOutcome,
} from '../../ui';
import { leadTime } from './reminder-lead';
import styles from './settings.module.css';
import { timeZones, zoneName } from './time-zones';
import { useSaveSettings, useSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

const FAILED = 'Failed to save the settings. Please try again.';
const NETWORK = 'Could not reach the server. Please check your connection and try again.';
const failed = (error: unknown) => failureText(error, { network: NETWORK, fallback: FAILED });

/** /settings: the academy's name, time zone, links and images (admins). */
export default function SettingsScreen() {
  const settings = useSettings();
  return (
    <Screen
      title="Settings"
      subtitle="What every screen of the app shows as your academy's own."
      back={{ to: paths.adminHome, label: 'Back to Dashboard' }}
      width="narrow"
    >
      <QueryView
        query={settings}
        loading="Loading settings..."
        error={(error) =>
          failureText(error, {
            network: NETWORK,
            refusalPrefix: 'Error loading settings: ',
            fallback: 'Error loading settings. Please try again.',
          })
        }
      >
        {(answer) => (
          <div className={styles.cards}>
            <AcademyForm answer={answer} />
            <QuietHoursForm answer={answer} />
            <RemindersForm answer={answer} />
            {IMAGES.map((image) => (
              <ImageForm key={image.name} image={image} current={answer.settings[image.name]} />
            ))}
          </div>
        )}
      </QueryView>
    </Screen>
  );
}

const isLink = (value: string) => value === '' || /^https?:\/\/[^\s/]+\S*$/i.test(value);
const linkProblem = (label: string, value: string) =>
  isLink(value.trim())
    ? null
    : `The ${label} must start with http:// or https:// (or be left empty for the default).`;
const defaultHint = (value: string) =>
  value ? `Leave empty to use the default: ${value}` : 'Leave empty to show “Not set up yet”.';

function AcademyForm({ answer }: { answer: Answer }) {
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
      linkProblem('online class link', onlineClass) ??
      linkProblem('website link', website),
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
      {
        onSuccess: (answer) => outcome.succeed(answer.message),
        onError: (error) => outcome.fail(failed(error)),
      },
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
        <Button type="submit" block disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </Form>
    </Card>
  );
}

/** The same checks as the server's, in its words (contract/src/schemas/settings.ts). */
function quietHoursProblem(from: string, to: string): string | null {
  if ((from === '') !== (to === ''))
    return 'Please set both the start and the end of the quiet hours, or neither.';
  if (from === '') return null;
  if (clockMinutes(from) === undefined || clockMinutes(to) === undefined)
    return 'The quiet hours must be times, such as 22:00.';
  if (from === to) return 'The quiet hours must end at a different time than they start.';
  return null;
}

/** Quiet hours: the notification popup still shows, without its sound. */
function QuietHoursForm({ answer }: { answer: Answer }) {
  const saved = answer.settings.quiet_hours;
  const save = useSaveSettings();
  const [from, setFrom] = useState(saved?.from ?? '');
  const [to, setTo] = useState(saved?.to ?? '');
  const outcome = useFormOutcome(() => quietHoursProblem(from, to));

  const send = (quiet: { from: string; to: string }, done: string) =>
    save.mutate(
      { quiet_hours_from: quiet.from, quiet_hours_to: quiet.to },
      {
        onSuccess: () => {
          setFrom(quiet.from);
          setTo(quiet.to);
          outcome.succeed(done);
        },
        onError: (error) => outcome.fail(failed(error)),
      },
    );
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    send(
      { from, to },
      from
        ? `Quiet hours saved: ${from} to ${to}.`
        : 'Quiet hours are off: the sound always plays.',
    );
  };

  return (
    <Card title="Quiet hours" aria-label="Quiet hours">
      <Form onSubmit={handleSubmit} outcome={outcome}>
        <p className={styles.caption}>
          {`During quiet hours a new notification still pops up, without its sound. Times are in the academy's time zone (${answer.settings.time_zone.replaceAll('_', ' ')}); an end before the start runs over midnight.`}
        </p>
        <FieldRow>
          <TextField
            label="Quiet from"
            type="time"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField
            label="Quiet until"
            type="time"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </FieldRow>
        <FormMessage outcome={outcome} />
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save quiet hours'}
          </Button>
          {saved && (
            <Button
              type="button"
              variant="secondary"
              disabled={save.isPending}
              onClick={() =>
                send({ from: '', to: '' }, 'Quiet hours are off: the sound always plays.')
              }
            >
              Turn off quiet hours
            </Button>
          )}
        </div>
      </Form>
    </Card>
  );
}

const leadChoice = (hours: number) =>
  hours === 0
    ? 'Off: no reminders'
    : `${leadTime(hours)} before${hours === DEFAULT_REMINDER_LEAD_HOURS ? ' (the default)' : ''}`;

/** Due-date reminders: how long before an assignment is due its reminder goes (features/reminders). */
function RemindersForm({ answer }: { answer: Answer }) {
  const save = useSaveSettings();
  const [lead, setLead] = useState(String(answer.settings.reminder_lead_hours));
  const outcome = useFormOutcome();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const hours = Number(lead);
    save.mutate(
      { reminder_lead_hours: lead },
      {
        onSuccess: () =>
          outcome.succeed(
            hours === 0
              ? 'Reminders are off.'
              : `Reminders saved: ${leadTime(hours)} before the due time.`,
          ),
        onError: (error) => outcome.fail(failed(error)),
      },
    );
  };
  return (
    <Card title="Due-date reminders" aria-label="Due-date reminders">
      <Form onSubmit={handleSubmit} outcome={outcome}>
        <p className={styles.caption}>
          A student who has not handed in an assignment with a due date gets a notification this
          long before it is due, once. During quiet hours reminders wait for them to end, unless the
          work is due before then.
        </p>
        <SelectField label="Remind students" value={lead} onChange={(e) => setLead(e.target.value)}>
          {REMINDER_LEAD_CHOICES.map((hours) => (
            <option key={hours} value={String(hours)}>
              {leadChoice(hours)}
            </option>
          ))}
        </SelectField>
        <FormMessage outcome={outcome} />
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save reminders'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

interface ImageInfo {
  name: BrandingImage;
  title: string;
  /** The image's name inside a sentence. */
  noun: string;
  where: string;
}

const IMAGES: readonly ImageInfo[] = [
  { name: 'logo', title: 'Logo', noun: 'logo', where: 'Shown on the login and home screens.' },
  {
    name: 'login_background',
    title: 'Login background',
    noun: 'login background',
    where: 'Behind the login screen.',
  },
  {
    name: 'home_background',
    title: 'Home background',
    noun: 'home background',
    where: 'Behind the top of both home screens.',
  },
];

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** A preview of a file chosen but not yet sent (a blob: address, let go when it changes). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function ImageForm({
  image,
  current,
}: {
  image: ImageInfo;
  current: Answer['settings'][BrandingImage];
}) {
  const save = useSaveSettings();
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosenUrl = useObjectUrl(file);
  const outcome = useFormOutcome(() =>
    !file
      ? 'Please choose an image.'
      : !IMAGE_TYPES.includes(file.type)
        ? 'Only PNG, JPEG and WebP images are accepted.'
        : file.size > MAX_FILE_BYTES
          ? 'Each image must be at most 5 MB.'
          : null,
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check() || !file) return;
    save.mutate(
      { [image.name]: file },
      {
        onSuccess: () => {
          outcome.succeed(`The new ${image.noun} is saved.`);
          setFile(null);
        },
        onError: (error) => outcome.fail(failed(error)),
      },
    );
  };

  const useDefault = () =>
    save.mutate(
      { use_default: image.name },
      {
        onSuccess: () => {
          setConfirming(false);
          setFile(null);
          outcome.succeed(`The default ${image.noun} is back.`);
        },
        onError: (error) => {
          setConfirming(false);
          outcome.fail(failed(error));
        },
      },
    );

  return (
    <Card title={image.title} aria-label={image.title}>
      <Form onSubmit={handleSubmit} outcome={outcome}>
        <figure
          className={[styles.preview, image.name === 'logo' && styles.previewLogo]
            .filter(Boolean)
            .join(' ')}
        >
          <img
            src={chosenUrl ?? current.url}
            alt={chosenUrl ? `The chosen ${image.noun}` : `The ${image.noun} in use`}
          />
        </figure>
        <p className={styles.caption}>
          {chosenUrl
            ? 'The chosen image, not saved yet.'
            : current.is_custom
              ? `Your ${image.noun}. ${image.where}`
              : `The default ${image.noun}. ${image.where}`}
        </p>
        <FilePicker
          label={`New ${image.noun}`}
          accept={IMAGE_TYPES.join(',')}
          hint="PNG, JPEG or WebP; at most 5 MB."
          files={file ? [file] : []}
          onChange={(chosen) => setFile(chosen[0] ?? null)}
        />
        <FormMessage outcome={outcome} />
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : `Save ${image.noun}`}
          </Button>
          {current.is_custom && (
            <Button
              type="button"
              variant="secondary"
              disabled={save.isPending}
              onClick={() => setConfirming(true)}
            >
              Use the default
            </Button>
          )}
        </div>
      </Form>
      <ConfirmPopup
        open={confirming}
        title={`Use the default ${image.noun}?`}
        confirmLabel="Use the default"
        busy={save.isPending}
        onConfirm={useDefault}
        onCancel={() => setConfirming(false)}
      >
        Your {image.noun} will be removed from the academy's files.
      </ConfirmPopup>
    </Card>
  );
}
