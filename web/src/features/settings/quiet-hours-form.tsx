import type { CallResponse } from '@academy/contract';
import { quietHoursProblem } from '@academy/contract/settings-rules';
import { QuietHoursFields } from '../../components';
import { Button, FormActions, FormCard, useFields, useFormOutcome } from '../../ui';
import styles from './settings.module.css';
import { reportSave, useSaveSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

/** Quiet hours: the notification popup still shows, without its sound. */
export function QuietHoursForm({ answer }: { answer: Answer }) {
  const saved = answer.settings.quiet_hours;
  const save = useSaveSettings();
  const { values, bind, set } = useFields({ from: saved?.from ?? '', to: saved?.to ?? '' });
  const { from, to } = values;
  const outcome = useFormOutcome(() => quietHoursProblem(from, to));

  const send = (quiet: { from: string; to: string }, done: string) =>
    save.mutate(
      { quiet_hours_from: quiet.from, quiet_hours_to: quiet.to },
      reportSave(outcome, done, () => set(quiet)),
    );
  const handleSend = () =>
    send(
      { from, to },
      from
        ? `Quiet hours saved: ${from} to ${to}.`
        : 'Quiet hours are off: the sound always plays.',
    );

  return (
    <FormCard title="Quiet hours" onSend={handleSend} outcome={outcome}>
      <p className={styles.caption}>
        {`During quiet hours a new notification still pops up, without its sound. Times are in the academy's time zone (${answer.settings.time_zone.replaceAll('_', ' ')}); an end before the start runs over midnight.`}
      </p>
      <QuietHoursFields from={bind('from')} to={bind('to')} />
      <FormActions outcome={outcome} label="Save quiet hours" busy={save.isPending} fill>
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
      </FormActions>
    </FormCard>
  );
}
