import { SESSION_STATUSES, WEEK_DAYS } from '@academy/contract/constants';
import { timesAreIn } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
import { fieldsOf, NumberField, Options, SelectField, TextField } from '../../ui';
import styles from './schedules.module.css';

export interface SessionDraft {
  session_number: string;
  session_day: (typeof WEEK_DAYS)[number];
  session_date: string;
  session_time: string;
  status: (typeof SESSION_STATUSES)[number];
}

export const blankSession = (number: number): SessionDraft => ({
  session_number: String(number),
  session_day: 'Saturday',
  session_date: '',
  session_time: '',
  status: 'Next Session',
});

/** The five fields of a session, shared by the send and edit screens. */
export function SessionFields({
  value,
  onChange,
  labelPrefix,
}: {
  value: SessionDraft;
  onChange: (change: Partial<SessionDraft>) => void;
  labelPrefix: string;
}) {
  // A session's time is free text; students read it as the academy's clock, so it says which.
  const zone = useAcademyTimeZone();
  const bind = fieldsOf(value, onChange);
  return (
    <div className={styles.fields}>
      <NumberField
        label={`${labelPrefix} number`}
        type="number"
        min={1}
        {...bind('session_number')}
      />
      <SelectField label={`${labelPrefix} day`} {...bind('session_day')}>
        <Options values={WEEK_DAYS} />
      </SelectField>
      <TextField
        label={`${labelPrefix} date`}
        placeholder="e.g., 2026-12-05"
        maxLength={50}
        {...bind('session_date')}
      />
      <TextField
        label={`${labelPrefix} time`}
        placeholder="e.g., 10:00 - 11:00"
        hint={`e.g., 10:00 - 11:00. ${timesAreIn(zone)}`}
        maxLength={50}
        {...bind('session_time')}
      />
      <SelectField label={`${labelPrefix} status`} {...bind('status')}>
        <Options values={SESSION_STATUSES} />
      </SelectField>
    </div>
  );
}
