import type { CallResponse } from '@academy/contract';
import { quietHoursProblem } from '@academy/contract/settings-rules';
import { useState } from 'react';
import { QuietHoursFields } from '../../components';
import { ActionRow, Button, FormCard, FormMessage, SubmitButton, useFormOutcome } from '../../ui';
import { saveFailure } from './save-failure';
import styles from './settings.module.css';
import { useSaveSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

/** Quiet hours: the notification popup still shows, without its sound. */
export function QuietHoursForm({ answer }: { answer: Answer }) {
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
        onError: (error) => outcome.fail(saveFailure(error)),
      },
    );
  const handleSend = () =>
    send(
      { from, to },
      from
        ? `Quiet hours saved: ${from} to ${to}.`
        : 'Quiet hours are off: the sound always plays.',
    );

  return (
    <FormCard title="Quiet hours" aria-label="Quiet hours" onSend={handleSend} outcome={outcome}>
      <p className={styles.caption}>
        {`During quiet hours a new notification still pops up, without its sound. Times are in the academy's time zone (${answer.settings.time_zone.replaceAll('_', ' ')}); an end before the start runs over midnight.`}
      </p>
      <QuietHoursFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <FormMessage outcome={outcome} />
      <ActionRow className={styles.fill}>
        <SubmitButton busy={save.isPending} busyLabel="Saving...">
          Save quiet hours
        </SubmitButton>
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
      </ActionRow>
    </FormCard>
  );
}
