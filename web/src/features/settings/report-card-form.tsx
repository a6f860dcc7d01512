import type { CallResponse } from '@academy/contract';
import { ACADEMY_NAME_MAX, STAMP_MAX_BYTES } from '@academy/contract/constants';
import { useState } from 'react';
import {
  ActionRow,
  Button,
  ConfirmPopup,
  FilePicker,
  FormCard,
  FormMessage,
  SubmitButton,
  TextField,
  useConfirm,
  useFields,
  useFormOutcome,
} from '../../ui';
import styles from './settings.module.css';
import { reportSave, useSaveSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

/** What a PDF can hold: not WebP, which the other images may be. */
const STAMP_TYPES = ['image/png', 'image/jpeg'];

/**
 * What report cards carry beside the result (issue 49, point 12): the director's name over
 * their signature line, and the academy's stamp over it.
 */
export function ReportCardForm({ answer }: { answer: Answer }) {
  const { settings } = answer;
  const save = useSaveSettings();
  const { values, bind } = useFields({ director: settings.director_name });
  const [stamp, setStamp] = useState<File | null>(null);
  const outcome = useFormOutcome(() =>
    values.director.trim().length > ACADEMY_NAME_MAX
      ? `The director’s name must be at most ${ACADEMY_NAME_MAX} characters.`
      : stamp && !STAMP_TYPES.includes(stamp.type)
        ? 'The stamp must be a PNG or JPEG image.'
        : stamp && stamp.size > STAMP_MAX_BYTES
          ? 'The stamp image must be at most 1 MB.'
          : null,
  );

  const handleSend = () =>
    save.mutate(
      { director_name: values.director.trim(), ...(stamp ? { stamp } : {}) },
      reportSave(outcome, 'The report card details are saved.', () => setStamp(null)),
    );

  const removing = useConfirm<true>((_, close) =>
    save.mutate(
      { remove_stamp: 'true' },
      { ...reportSave(outcome, 'The stamp is removed.'), onSettled: close },
    ),
  );

  return (
    <>
      <FormCard title="Report cards" onSend={handleSend} outcome={outcome}>
        <TextField
          label="Director’s name"
          autoComplete="off"
          maxLength={ACADEMY_NAME_MAX}
          hint="Printed over the director’s signature line on every report card."
          {...bind('director')}
        />
        <p className={styles.caption}>
          {settings.has_stamp
            ? 'Your stamp is printed on every report card, over the director’s signature line.'
            : 'No stamp is printed on report cards.'}
        </p>
        <FilePicker
          label={settings.has_stamp ? 'New stamp' : 'Stamp'}
          accept={STAMP_TYPES.join(',')}
          hint="PNG or JPEG; at most 1 MB."
          files={stamp ? [stamp] : []}
          onChange={(chosen) => setStamp(chosen[0] ?? null)}
        />
        <FormMessage outcome={outcome} />
        <ActionRow fill>
          <SubmitButton busy={save.isPending} busyLabel="Saving...">
            Save report card details
          </SubmitButton>
          {settings.has_stamp && (
            <Button
              type="button"
              variant="secondary"
              disabled={save.isPending}
              onClick={() => removing.ask(true)}
            >
              Remove the stamp
            </Button>
          )}
        </ActionRow>
      </FormCard>
      <ConfirmPopup
        {...removing.popup}
        title="Remove the stamp?"
        confirmLabel="Remove the stamp"
        busy={save.isPending}
      >
        Report cards will be printed without a stamp, and it will be removed from the academy's
        files.
      </ConfirmPopup>
    </>
  );
}
