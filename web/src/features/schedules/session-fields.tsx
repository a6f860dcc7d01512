import { SESSION_STATUSES, WEEK_DAYS } from '@academy/contract/constants';
import { timesAreIn } from '../../lib/dates';
import { SelectField, TextField } from '../../ui';
import { useAcademyTimeZone } from '../branding/queries';
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
  return (
    <div className={styles.fields}>
      <TextField
        label={`${labelPrefix} number`}
        type="number"
        inputMode="numeric"
        min={1}
        value={value.session_number}
        onChange={(e) => onChange({ session_number: e.target.value })}
      />
      <SelectField
        label={`${labelPrefix} day`}
        value={value.session_day}
        onChange={(e) => onChange({ session_day: e.target.value as SessionDraft['session_day'] })}
      >
        {WEEK_DAYS.map((day) => (
          <option key={day}>{day}</option>
        ))}
      </SelectField>
      <TextField
        label={`${labelPrefix} date`}
        placeholder="e.g., 2026-12-05"
        value={value.session_date}
        onChange={(e) => onChange({ session_date: e.target.value })}
        maxLength={50}
      />
      <TextField
        label={`${labelPrefix} time`}
        placeholder="e.g., 10:00 - 11:00"
        hint={`e.g., 10:00 - 11:00. ${timesAreIn(zone)}`}
        value={value.session_time}
        onChange={(e) => onChange({ session_time: e.target.value })}
        maxLength={50}
      />
      <SelectField
        label={`${labelPrefix} status`}
        value={value.status}
        onChange={(e) => onChange({ status: e.target.value as SessionDraft['status'] })}
      >
        {SESSION_STATUSES.map((status) => (
          <option key={status}>{status}</option>
        ))}
      </SelectField>
    </div>
  );
}
