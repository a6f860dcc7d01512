import type { WorkState } from '@academy/contract';
import { formatDue, formatLongDateTime } from '../lib/dates';
import { useAcademyTimeZone } from '../shared/branding';
import { Meta, Tag } from '../ui';

const words: Record<WorkState, { text: string; tone: 'info' | 'success' | 'warning' | 'danger' }> =
  {
    due: { text: 'Due', tone: 'info' },
    overdue: { text: 'Overdue', tone: 'danger' },
    submitted: { text: 'Submitted', tone: 'success' },
    late: { text: 'Late', tone: 'warning' },
  };

/** Where the work on an assignment stands: Due, Overdue, Submitted or Late (the server's rule). */
export function WorkStateTag({ state }: { state: WorkState | null }) {
  if (!state) return null;
  return <Tag tone={words[state].tone}>{words[state].text}</Tag>;
}

/**
 * An assignment's due time on the academy's clock and its state, and when work answering it
 * was first handed in; nothing for an assignment with neither.
 */
export function WorkLines({
  assignment,
}: {
  assignment: { due_at: string | null; submitted_at: string | null; work_state: WorkState | null };
}) {
  const zone = useAcademyTimeZone();
  return (
    <>
      {(assignment.due_at || assignment.work_state) && (
        <Meta>
          {assignment.due_at && <>Due by {formatDue(assignment.due_at, zone)} </>}
          <WorkStateTag state={assignment.work_state} />
        </Meta>
      )}
      {assignment.submitted_at && (
        <Meta>Handed in {formatLongDateTime(assignment.submitted_at)}</Meta>
      )}
    </>
  );
}
