import { type BoundField, FieldRow, TextField } from '../ui';

/**
 * Quiet hours' two times ('HH:MM'), the academy's on Settings and a person's own, each bound
 * to the form's values (useFields).
 */
export function QuietHoursFields({ from, to }: { from: BoundField; to: BoundField }) {
  return (
    <FieldRow>
      <TextField label="Quiet from" type="time" {...from} />
      <TextField label="Quiet until" type="time" {...to} />
    </FieldRow>
  );
}
