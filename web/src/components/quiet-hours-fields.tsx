import { FieldRow, TextField } from '../ui';

interface QuietHoursFieldsProps {
  from: string;
  to: string;
  onFrom: (time: string) => void;
  onTo: (time: string) => void;
}

/** Quiet hours' two times ('HH:MM'), the academy's on Settings and a person's own. */
export function QuietHoursFields({ from, to, onFrom, onTo }: QuietHoursFieldsProps) {
  return (
    <FieldRow>
      <TextField
        label="Quiet from"
        type="time"
        value={from}
        onChange={(e) => onFrom(e.target.value)}
      />
      <TextField
        label="Quiet until"
        type="time"
        value={to}
        onChange={(e) => onTo(e.target.value)}
      />
    </FieldRow>
  );
}
