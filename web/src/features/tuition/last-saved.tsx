import { formatInstant } from '../../lib/dates';

/** When the academy's money settings (its rules, its reminders) were last saved, and by whom. */
export function LastSaved({ saved }: { saved: { at: number; by: string } | null }) {
  if (!saved) return null;
  return (
    <p>
      Last saved {formatInstant(saved.at)} by {saved.by}.
    </p>
  );
}
