import { timesAreIn, toLocalInputValue } from '../lib/dates';
import { TextField } from './field';
import { FieldRow } from './form';
import { fieldsOf } from './use-fields';

/** When a thing is open, as typed in the form: two datetime-local values. */
export interface TypedWindow {
  opens: string;
  closes: string;
}

/** A saved window as the form shows it, on the academy's clock (empty for a new one). */
export function typedWindowOf(
  start: string | undefined,
  end: string | undefined,
  zone: string | undefined,
): TypedWindow {
  return { opens: toLocalInputValue(start, zone), closes: toLocalInputValue(end, zone) };
}

/**
 * What is wrong with a typed window, or null: both ends are needed and it must end after it
 * starts (the server says the same, on the academy's clock).
 */
export function windowProblem({ opens, closes }: TypedWindow): string | null {
  if (!opens || !closes) return 'Please choose when it opens and closes.';
  if (new Date(closes) <= new Date(opens)) return 'The end time must be after the start time.';
  return null;
}

/**
 * Opens and Closes, side by side, typed on the academy's clock (`zone`), which the server
 * reads a wall time on: an exam's, an item's or a speaking question's window.
 */
export function WindowFields({
  window,
  zone,
  onChange,
}: {
  window: TypedWindow;
  zone: string | undefined;
  onChange: (window: TypedWindow) => void;
}) {
  const bind = fieldsOf(window, (change) => onChange({ ...window, ...change }));
  return (
    <FieldRow>
      <TextField label="Opens" type="datetime-local" hint={timesAreIn(zone)} {...bind('opens')} />
      <TextField label="Closes" type="datetime-local" hint={timesAreIn(zone)} {...bind('closes')} />
    </FieldRow>
  );
}
