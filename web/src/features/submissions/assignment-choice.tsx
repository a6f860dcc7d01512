import { useOwnAssignments } from '../../api/own-assignments';
import { formatDue } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
import { SelectField } from '../../ui';

/**
 * The upload form's optional choice of the assignment the work answers: the student's own
 * assignments that nothing has been handed in for yet (due or overdue, or without a due time),
 * soonest due first; 'None' stays a choice. One already answered stays listed while chosen
 * (a link from that assignment). Without the list (offline, or it failed) only 'None' is offered.
 */
export function AssignmentChoice({
  value,
  onChange,
}: {
  value: string;
  onChange: (assignmentId: string) => void;
}) {
  const own = useOwnAssignments();
  const zone = useAcademyTimeZone();
  const open = (own.data?.assignments ?? [])
    .filter(
      (a) => String(a.id) === value || (a.work_state !== 'submitted' && a.work_state !== 'late'),
    )
    .sort((x, y) => (x.due_at ?? '9999').localeCompare(y.due_at ?? '9999'));
  const hint = own.isPending
    ? 'Loading your assignments...'
    : open.length === 0
      ? 'You have no assignments waiting for work.'
      : 'Pick the assignment this work answers, so your teacher sees it with it.';
  return (
    <SelectField
      label="Assignment it answers (optional)"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={hint}
    >
      <option value="">None</option>
      {open.map((a) => (
        <option key={a.id} value={String(a.id)}>
          {`${a.title}${a.due_at ? ` (due ${formatDue(a.due_at, zone)})` : ''}${a.work_state === 'overdue' ? ' (overdue)' : ''}`}
        </option>
      ))}
    </SelectField>
  );
}
